import type { Kysely } from 'kysely';

// Issue 37 point 3 (docs/ENCRYPTION.md *Photos*): per photo, whether its stored file is sealed on
// its author's device (1: a `p1` photo the server cannot open) or a WebP the server made (0).
// Additive: an instance of the version before, still running during a rolling restart, stores
// photos in words that take the default.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('entry_photos')
    .addColumn('encrypted', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}
