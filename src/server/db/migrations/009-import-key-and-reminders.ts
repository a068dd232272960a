import type { Kysely } from 'kysely';

// Issue 17: an imported answer remembers where it came from (a source id such as a Day One
// entry's uuid, or a hash of its date, prompt and text), so importing the same file twice adds
// nothing the second time (decision 021). NULL for answers written in Müse; unique per user.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('answers').addColumn('import_key', 'text').execute();
  await db.schema
    .createIndex('answers_user_import_key')
    .on('answers')
    .columns(['user_id', 'import_key'])
    .unique()
    .execute();

  // Issue 17 C: one row per device that asked for a daily reminder (its Web Push subscription)
  // with the time, days and time zone it asked for. `last_sent_day` (the device's local day)
  // is claimed with a conditional UPDATE, so several instances send once per day per device.
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('remind_at', 'text', (c) => c.notNull())
    .addColumn('days', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('last_sent_day', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('push_subscriptions_user')
    .on('push_subscriptions')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_subscriptions').execute();
  await db.schema.dropIndex('answers_user_import_key').execute();
  await db.schema.alterTable('answers').dropColumn('import_key').execute();
}
