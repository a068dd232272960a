// createDatabase(): Kysely over node:sqlite (sqlite-dialect.ts) or pg (postgres.ts), and the only
// place that picks the dialect; the rest of the server sees one Database.
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, sql } from 'kysely';
import type { DatabaseConfig } from '../config.ts';
import { createPostgresDatabase, isPostgres } from './postgres.ts';
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

/**
 * Whether the database takes writes now, for /readyz (issue 34 point 12): reads alone would say
 * ready while every save fails. SQLite: until its driver has failed for good (an I/O error), when
 * it refuses all work. PostgreSQL: while the server reached is not read-only — a standby after a
 * failover, or `default_transaction_read_only` — asked without writing anything. Throws when
 * the database does not answer.
 */
export async function databaseWritable(db: Database): Promise<boolean> {
  if (!isPostgres(db)) {
    await sqliteDrivers.get(db)?.checkFileInPlace();
    await sql`select 1`.execute(db);
    return databaseFailure(db) === null;
  }
  const { rows } = await sql<{
    readOnly: string;
  }>`select current_setting('transaction_read_only') as "readOnly"`.execute(db);
  return rows[0]?.readOnly === 'off';
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
