import type { Database } from './database.ts';

/**
 * Runs `work` in one transaction: all of it commits or none of it does. Shared by every
 * feature's repository, so it lives here rather than in one of them.
 */
export function inTransaction<T>(db: Database, work: (trx: Database) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}
