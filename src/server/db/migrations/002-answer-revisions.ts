import type { Kysely } from 'kysely';

// Issue 12 (decision 013): every answer carries a revision number, bumped by each change of
// its content, so that a save based on an older revision can be refused instead of silently
// replacing newer text. Existing answers start at revision 1.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('answers')
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('answers').dropColumn('revision').execute();
}
