import type { Kysely } from 'kysely';

// Issue 35 point 3: an entry's tags, a JSON list of strings like `categories` (decision 003),
// '[]' for every answer written before. Additive: an instance of the version before, still
// running during a rolling restart, writes answers that take the default.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('answers')
    .addColumn('tags', 'text', (column) => column.notNull().defaultTo('[]'))
    .execute();
}
