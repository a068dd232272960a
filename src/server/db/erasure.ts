import { SqliteAdapter, sql } from 'kysely';
import type { Database } from './database.ts';

/**
 * After an erasure (account deletion), pushes the deleted rows out of SQLite's write-ahead log:
 * with `secure_delete` on (node-sqlite.ts) the database pages are zeroed, and a TRUNCATE
 * checkpoint copies them into the main file and empties the -wal file, where the old page
 * images would otherwise stay readable until the next checkpoint. PostgreSQL keeps dead tuples
 * until VACUUM reuses their space; that is documented in docs/SECURITY.md, not handled here.
 */
export async function flushErasure(db: Database): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
}
