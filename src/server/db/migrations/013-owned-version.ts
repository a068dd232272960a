import { type Kysely, SqliteAdapter, sql } from 'kysely';

// A person's own-ids version (users.owned_version): bumped by the database, in the same
// transaction, whenever one of their answers or prompts appears, disappears, moves to another
// person (an anonymous visitor merged into an account) or changes the date it is ordered by.
// The session lookup reads it with the rest of the caller's row, so /api/user can keep the two
// id lists (3,650 ids after ten years) under (person, version) in any instance and still never
// serve an old list: another instance's write has bumped the row the next request reads.
// Before this, only SQLite kept them, under a version of the whole database that every other
// person's save threw away, and PostgreSQL aggregated them on every call (decision 032).
//
// Triggers, not feature code, so that no path that adds or removes an answer (save, offline
// sync, import, merge, erasure, admin) has to remember to. Row triggers on both databases: the
// owner's row is already locked and written by the same saves (score, streak).

const OWNED: { table: 'answers' | 'prompts'; ordered: 'answered' | 'created' }[] = [
  { table: 'answers', ordered: 'answered' },
  { table: 'prompts', ordered: 'created' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('owned_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const bump = (who: string) =>
    `UPDATE users SET owned_version = owned_version + 1 WHERE id IN (${who})`;
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const { table, ordered } of OWNED) {
      await sql
        .raw(
          `CREATE TRIGGER ${table}_owned_insert AFTER INSERT ON ${table} FOR EACH ROW
           BEGIN ${bump('NEW.user_id')}; END`,
        )
        .execute(db);
      await sql
        .raw(
          `CREATE TRIGGER ${table}_owned_delete AFTER DELETE ON ${table} FOR EACH ROW
           BEGIN ${bump('OLD.user_id')}; END`,
        )
        .execute(db);
      await sql
        .raw(
          `CREATE TRIGGER ${table}_owned_update AFTER UPDATE OF user_id, ${ordered} ON ${table}
           FOR EACH ROW WHEN OLD.user_id IS NOT NEW.user_id OR OLD.${ordered} IS NOT NEW.${ordered}
           BEGIN ${bump('OLD.user_id, NEW.user_id')}; END`,
        )
        .execute(db);
    }
    return;
  }
  await sql
    .raw(
      `CREATE FUNCTION muse_bump_owned_version() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF TG_OP = 'INSERT' THEN
           ${bump('NEW.user_id')};
         ELSIF TG_OP = 'DELETE' THEN
           ${bump('OLD.user_id')};
         ELSE
           ${bump('OLD.user_id, NEW.user_id')};
         END IF;
         RETURN NULL;
       END $$`,
    )
    .execute(db);
  for (const { table, ordered } of OWNED) {
    await sql
      .raw(
        `CREATE TRIGGER ${table}_owned_insert_delete AFTER INSERT OR DELETE ON ${table}
         FOR EACH ROW EXECUTE FUNCTION muse_bump_owned_version()`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${table}_owned_update AFTER UPDATE OF user_id, ${ordered} ON ${table}
         FOR EACH ROW
         WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.${ordered} IS DISTINCT FROM NEW.${ordered})
         EXECUTE FUNCTION muse_bump_owned_version()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const { table } of OWNED) {
    const names = sqlite
      ? [`${table}_owned_insert`, `${table}_owned_delete`, `${table}_owned_update`]
      : [`${table}_owned_insert_delete`, `${table}_owned_update`];
    for (const name of names) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${name}${sqlite ? '' : ` ON ${table}`}`).execute(db);
    }
  }
  if (!sqlite) await sql.raw('DROP FUNCTION IF EXISTS muse_bump_owned_version()').execute(db);
  await db.schema.alterTable('users').dropColumn('owned_version').execute();
}
