import { type Kysely, SqliteAdapter, sql } from 'kysely';

// A person's public record as it stood at the end of yesterday (issue 34 point 3), and
// anonymous shares placed by the hour.
//
// The score, streak and longest streak a public profile shows moved the moment the person
// wrote, privately or not, so a watcher could lay a jump of 12 beside an anonymous answer of
// 37 words shared at that minute. Now the first change of a UTC day keeps the values from before it in public_*,
// with that day in public_day; a read on that same day shows the kept values, any later read
// the live ones (nothing has changed since the last write, which was before today). The person
// sees their own exact values; nobody else learns when during the day they wrote.
//
// A trigger, not feature code, so that no path that moves a score or a streak (save, delete,
// offline sync, import, the merge of an anonymous visitor, streak and reset) has to remember to.
// The day is the database's own UTC day, on both databases.

const COLUMNS = ['score', 'streak', 'longest_streak'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Anonymous shares already in the world take their place by the hour too, as new ones do
  // (world.service.ts): their exact moment no longer orders the feed. ISO text in UTC only.
  await sql`update answers set shared_on = substr(shared_on, 1, 13) || ':00:00.000Z'
            where anonymous = 1 and shared_on like '____-__-__T__:__:__%Z'`.execute(db);
  await db.schema.alterTable('users').addColumn('public_day', 'text').execute();
  for (const column of COLUMNS) {
    await db.schema
      .alterTable('users')
      .addColumn(`public_${column}`, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  const changed = (distinct: string) =>
    COLUMNS.map((c) => `OLD.${c} ${distinct} NEW.${c}`).join(' OR ');
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    // An AFTER trigger writing only public_* columns: it does not fire itself again.
    await sql
      .raw(
        `CREATE TRIGGER users_public_record AFTER UPDATE OF ${COLUMNS.join(', ')} ON users
         FOR EACH ROW WHEN OLD.public_day IS NOT date('now') AND (${changed('IS NOT')})
         BEGIN
           UPDATE users SET public_day = date('now'), public_score = OLD.score,
             public_streak = OLD.streak, public_longest_streak = OLD.longest_streak
           WHERE id = NEW.id;
         END`,
      )
      .execute(db);
    return;
  }
  const today = `to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  await sql
    .raw(
      `CREATE FUNCTION muse_keep_public_record() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         NEW.public_day := ${today};
         NEW.public_score := OLD.score;
         NEW.public_streak := OLD.streak;
         NEW.public_longest_streak := OLD.longest_streak;
         RETURN NEW;
       END $$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER users_public_record BEFORE UPDATE OF ${COLUMNS.join(', ')} ON users
       FOR EACH ROW
       WHEN (OLD.public_day IS DISTINCT FROM ${today} AND (${changed('IS DISTINCT FROM')}))
       EXECUTE FUNCTION muse_keep_public_record()`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await sql
    .raw(`DROP TRIGGER IF EXISTS users_public_record${sqlite ? '' : ' ON users'}`)
    .execute(db);
  if (!sqlite) await sql.raw('DROP FUNCTION IF EXISTS muse_keep_public_record()').execute(db);
  for (const column of ['public_day', ...COLUMNS.map((c) => `public_${c}`)]) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
