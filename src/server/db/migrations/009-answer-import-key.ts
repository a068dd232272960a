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
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('answers_user_import_key').execute();
  await db.schema.alterTable('answers').dropColumn('import_key').execute();
}
