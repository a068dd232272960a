import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

// Who uses a SQLite data directory, told by a lock the operating system keeps: every running
// Müse holds a shared lock on DATA_DIR/muse.lock (an SQLite file used for nothing else: a read
// transaction kept open), and `npm run restore` needs the exclusive lock. Several instances
// share the directory at once; a restore waits for none of them and cannot be forced past them.
// The lock goes with the process, however it ends: no pid file to go stale.

export const LOCK_FILE = 'muse.lock';

export class DataInUseError extends Error {}

/** The locks this process holds: kept referenced, or a collected connection would let go. */
const held = new Set<DatabaseSync>();

function open(dataDir: string, waitMs: number): DatabaseSync {
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = new DatabaseSync(path.join(dataDir, LOCK_FILE));
  lock.exec(`PRAGMA busy_timeout = ${waitMs}`);
  return lock;
}

/** Held by a running server for its whole life (SQLite only). */
export function holdDataDirectory(dataDir: string, waitMs = 30_000): () => void {
  const lock = open(dataDir, waitMs);
  try {
    lock.exec('BEGIN');
    lock.prepare('SELECT count(*) FROM sqlite_master').get();
  } catch (error) {
    lock.close();
    throw new DataInUseError(
      `${dataDir} is being restored (${LOCK_FILE} is held exclusively): start Müse once the restore has finished`,
      { cause: error },
    );
  }
  held.add(lock);
  return () => {
    held.delete(lock);
    if (lock.isOpen) lock.close();
  };
}

/** Runs `work` while no server uses `dataDir`, and keeps servers from starting meanwhile. */
export function withDataDirectoryAlone<T>(dataDir: string, work: () => T): T {
  const lock = open(dataDir, 0);
  try {
    try {
      lock.exec('BEGIN EXCLUSIVE');
    } catch (error) {
      throw new DataInUseError(
        `a Müse is using ${dataDir} (it holds ${LOCK_FILE}): stop every instance that serves it first`,
        { cause: error },
      );
    }
    try {
      return work();
    } finally {
      lock.exec('ROLLBACK');
    }
  } finally {
    lock.close();
  }
}
