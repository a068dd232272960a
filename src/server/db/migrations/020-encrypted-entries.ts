import type { Kysely } from 'kysely';

// Issue 37: private entries encrypted on the writer's devices (docs/ENCRYPTION.md). The account's
// key bundle (JSON; null while off), and per answer whether its text is encrypted (0/1).
// Additive: an instance of the version before, still running during a rolling restart, writes
// plain answers that take the default.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('key_bundle', 'text').execute();
  await db.schema
    .alterTable('answers')
    .addColumn('encrypted', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}
