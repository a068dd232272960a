import type { Kysely } from 'kysely';

// Issue 35 point 3 (decision 062): photos attached to an entry. Private to their author: the
// row names its owner and its answer, and goes with either (the files are removed by the
// services that delete them). `storage_key` names the file in the private store (disk or the
// bucket's photos/ prefix), never a URL anyone could open. Portable DDL (decision 003);
// additive, so an instance of the version before, still running during a rolling restart,
// never meets it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('entry_photos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('answer_id', 'text', (c) => c.notNull().references('answers.id').onDelete('cascade'))
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('entry_photos_answer')
    .on('entry_photos')
    .columns(['answer_id', 'position'])
    .execute();
  await db.schema.createIndex('entry_photos_user').on('entry_photos').column('user_id').execute();
  // The world's copy of a shared entry's photos, when its author shared them too: a JSON list of
  // public copies ({ url, width, height }), like shared_text is the copy of its words (decision
  // 015). Null while none are shared. An update of a shared answer already bumps the feed's
  // counter (migration 012), so cached pages never show a stale list.
  await db.schema.alterTable('answers').addColumn('shared_photos', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('answers').dropColumn('shared_photos').execute();
  await db.schema.dropTable('entry_photos').ifExists().execute();
}
