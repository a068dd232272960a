import { type Kysely, SqliteAdapter, sql } from 'kysely';

// Issue 34 point 1: a reminder subscription belongs to a person and a device, unique on both.
// Before, the endpoint alone was unique and subscribing with someone else's endpoint moved
// their row to the caller. Every row is kept (the endpoint was unique, so no two collide).
// PostgreSQL drops the constraint; SQLite cannot drop a column's UNIQUE, so it copies the
// table. The (user_id, endpoint) index serves lookups by person, as the old user_id index did.

type Db = Kysely<unknown>;
const isSqlite = (db: Db) => db.getExecutor().adapter instanceof SqliteAdapter;

/** SQLite: the table again, with or without the endpoint's own UNIQUE, rows copied over. */
async function rebuildOnSqlite(db: Db, endpointUnique: boolean): Promise<void> {
  await db.schema
    .createTable('push_subscriptions_next')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => (endpointUnique ? c.notNull().unique() : c.notNull()))
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('remind_at', 'text', (c) => c.notNull())
    .addColumn('days', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('last_sent_day', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO push_subscriptions_next SELECT id, user_id, endpoint, p256dh, auth,
    remind_at, days, time_zone, last_sent_day, created_at FROM push_subscriptions`.execute(db);
  await db.schema.dropTable('push_subscriptions').execute();
  await db.schema.alterTable('push_subscriptions_next').renameTo('push_subscriptions').execute();
}

export async function up(db: Db): Promise<void> {
  if (isSqlite(db)) await rebuildOnSqlite(db, false);
  else {
    await sql`ALTER TABLE push_subscriptions DROP CONSTRAINT push_subscriptions_endpoint_key`.execute(
      db,
    );
    await db.schema.dropIndex('push_subscriptions_user').execute();
  }
  await db.schema
    .createIndex('push_subscriptions_user_endpoint')
    .on('push_subscriptions')
    .columns(['user_id', 'endpoint'])
    .unique()
    .execute();
}

export async function down(db: Db): Promise<void> {
  // One row per endpoint again: the most recently subscribed person keeps it.
  await sql`DELETE FROM push_subscriptions WHERE EXISTS (
    SELECT 1 FROM push_subscriptions AS newer
    WHERE newer.endpoint = push_subscriptions.endpoint
      AND (newer.created_at > push_subscriptions.created_at
        OR (newer.created_at = push_subscriptions.created_at AND newer.id > push_subscriptions.id)))`.execute(
    db,
  );
  await db.schema.dropIndex('push_subscriptions_user_endpoint').execute();
  if (isSqlite(db)) await rebuildOnSqlite(db, true);
  else {
    await sql`ALTER TABLE push_subscriptions ADD CONSTRAINT push_subscriptions_endpoint_key UNIQUE (endpoint)`.execute(
      db,
    );
  }
  await db.schema
    .createIndex('push_subscriptions_user')
    .on('push_subscriptions')
    .column('user_id')
    .execute();
}
