import fs from 'node:fs';
import path from 'node:path';
import { Kysely } from 'kysely';
import type { DatabaseConfig } from '../config.ts';
import { createPostgresDatabase } from './postgres.ts';
import type { DB } from './schema.ts';
import { SqliteDialect, type SqliteDriver } from './sqlite-dialect.ts';

export type Database = Kysely<DB>;

const sqliteDrivers = new WeakMap<Database, SqliteDriver>();

/**
 * Calls `listener` once if the database can no longer be trusted with writes (SQLite: an I/O
 * error, sqlite-dialect.ts); from then on it refuses all work. main.ts restarts the process.
 * PostgreSQL never calls it: its faults pass (postgres.ts).
 */
export function onDatabaseFailure(db: Database, listener: (error: Error) => void): void {
  sqliteDrivers.get(db)?.onFatal(listener);
}

/** The error that made the database refuse all work, or null (always null on PostgreSQL). */
export function databaseFailure(db: Database): Error | null {
  return sqliteDrivers.get(db)?.failure ?? null;
}

/** SQLite's driver, for tests of its grouping; null on PostgreSQL. */
export function sqliteDriver(db: Database): SqliteDriver | null {
  return sqliteDrivers.get(db) ?? null;
}

// PostgreSQL lives in postgres.ts (its pool, fault handling and deadlines: decision 047).
export {
  finishedWrites,
  isPostgres,
  type PoolStats,
  poolStats,
  postgresUrl,
} from './postgres.ts';

export function createDatabase(config: DatabaseConfig): Database {
  if (config.kind === 'postgres') return createPostgresDatabase(config.url);
  if (config.file !== ':memory:') fs.mkdirSync(path.dirname(config.file), { recursive: true });
  const dialect = new SqliteDialect(config.file);
  const db = new Kysely<DB>({ dialect });
  sqliteDrivers.set(db, dialect.driver);
  return db;
}
