import { type Kysely, SqliteAdapter, sql } from 'kysely';

// The world feed's change counter (decision 030). Cached feed pages are kept under its value,
// read on every feed request, so a change committed by ANY instance or process is seen by the
// next read. The database bumps it itself, in the same transaction as the change, by triggers:
// no feature has to remember to, and a private save (of an answer that is not shared) does not
// throw the cached pages away.
//
// What the feed's rows are made of (world.repo.ts selectAnswerRows): an answer's own row while
// it is (or was) shared, its author's name and picture, and whether its prompt is the author's
// own (the prompts table). A new column or table the feed reads needs a trigger here too.
//
// On PostgreSQL the triggers are deferred to COMMIT (constraint triggers, INITIALLY DEFERRED) and
// bump at most once per transaction: the counter row is locked only for the commit itself, and
// always last, so two writers never wait on it in opposite orders (no deadlock), whatever else
// their transactions touch. The new value is also sent with NOTIFY on channel muse_feed, which
// PostgreSQL delivers at COMMIT to every listening instance (feed-counter.ts).

const TRIGGERS: { name: string; on: string; event: string; when: string | null }[] = [
  { name: 'feed_answer_insert', on: 'answers', event: 'INSERT', when: 'NEW.shared = 1' },
  {
    name: 'feed_answer_update',
    on: 'answers',
    event: 'UPDATE',
    when: 'OLD.shared = 1 OR NEW.shared = 1',
  },
  { name: 'feed_answer_delete', on: 'answers', event: 'DELETE', when: 'OLD.shared = 1' },
  {
    name: 'feed_author_update',
    on: 'users',
    event: 'UPDATE OF name, profile_picture',
    when: null,
  },
  { name: 'feed_author_delete', on: 'users', event: 'DELETE', when: null },
  { name: 'feed_prompt_insert', on: 'prompts', event: 'INSERT', when: null },
  { name: 'feed_prompt_update', on: 'prompts', event: 'UPDATE', when: null },
  { name: 'feed_prompt_delete', on: 'prompts', event: 'DELETE', when: null },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('feed_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into feed_version (id, n) values (1, 1)`.execute(db);
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  if (sqlite) {
    // One writer at a time on SQLite: a plain row trigger, bumping inside the change itself.
    for (const trigger of TRIGGERS) {
      const when = trigger.when ? `WHEN ${trigger.when}` : '';
      await sql
        .raw(
          `CREATE TRIGGER ${trigger.name} AFTER ${trigger.event} ON ${trigger.on} FOR EACH ROW ${when}
           BEGIN UPDATE feed_version SET n = n + 1 WHERE id = 1; END`,
        )
        .execute(db);
    }
    return;
  }
  // A transaction-local flag makes a cascade of many rows (an account's deletion) bump once.
  await sql
    .raw(
      `CREATE FUNCTION muse_bump_feed_version() RETURNS trigger LANGUAGE plpgsql AS $$
       DECLARE
         bumped bigint;
       BEGIN
         IF current_setting('muse.feed_bumped', true) IS DISTINCT FROM 'yes' THEN
           PERFORM set_config('muse.feed_bumped', 'yes', true);
           UPDATE feed_version SET n = n + 1 WHERE id = 1 RETURNING n INTO bumped;
           PERFORM pg_notify('muse_feed', bumped::text);
         END IF;
         RETURN NULL;
       END $$`,
    )
    .execute(db);
  for (const trigger of TRIGGERS) {
    const when = trigger.when ? `WHEN (${trigger.when})` : '';
    await sql
      .raw(
        `CREATE CONSTRAINT TRIGGER ${trigger.name} AFTER ${trigger.event} ON ${trigger.on}
         DEFERRABLE INITIALLY DEFERRED FOR EACH ROW ${when}
         EXECUTE FUNCTION muse_bump_feed_version()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const trigger of TRIGGERS) {
    const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
    await sql
      .raw(`DROP TRIGGER IF EXISTS ${trigger.name}${sqlite ? '' : ` ON ${trigger.on}`}`)
      .execute(db);
  }
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await sql.raw('DROP FUNCTION IF EXISTS muse_bump_feed_version()').execute(db);
  }
  await db.schema.dropTable('feed_version').execute();
}
