import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import { connectionOptions } from './postgres.ts';

/** Any fixed 64-bit number: the advisory lock every Müse instance takes around migrate + seed. */
const MIGRATION_LOCK_KEY = 7_206_151_803;
const LOCK_FILE_WAIT_MS = 120_000;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * SQLite: a lock file beside the database, created exclusively. A file left by a process that
 * died is taken over; a live holder is waited for.
 */
async function withLockFile<T>(file: string, work: () => Promise<T>): Promise<T> {
  const lockFile = `${file}.migrate-lock`;
  // On a fresh clone nothing has made the data directory yet: the lock comes before the
  // database that would (database.ts), so it makes it itself.
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const deadline = Date.now() + LOCK_FILE_WAIT_MS;
  for (;;) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(fs.readFileSync(lockFile, 'utf8') || '0', 10);
      if (!holder || !alive(holder)) {
        fs.rmSync(lockFile, { force: true });
        continue;
      }
      if (Date.now() > deadline) {
        throw new Error(`another process (pid ${holder}) holds ${lockFile}`);
      }
      await sleep(100);
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lockFile, { force: true });
  }
}

/**
 * Runs `work` (migrate + seed) while holding a lock every instance of Müse takes, so when
 * several start at once on one database one migrates and the others wait, then find nothing
 * left to do. PostgreSQL: a session-level `pg_advisory_lock` on a connection of its own.
 */
export async function withMigrationLock<T>(
  config: DatabaseConfig,
  work: () => Promise<T>,
): Promise<T> {
  if (config.kind === 'sqlite') {
    return config.file === ':memory:' ? work() : withLockFile(config.file, work);
  }
  const client = new pg.Client({
    ...connectionOptions(config.url),
    statement_timeout: 0,
    query_timeout: undefined,
  });
  // The lock may wait for another instance's migrations: no statement deadline here.
  // Lost while held (the server restarting during a deploy): the query in flight fails and the
  // start with it, instead of an unhandled 'error' event.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}
