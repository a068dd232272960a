import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import { openSqlite } from './node-sqlite.ts';
import type { DB } from './schema.ts';

export type Database = Kysely<DB>;

// COUNT(*) and other int8 values arrive from pg as strings; our counts fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export type PoolStats = { total: number; idle: number; waiting: number; max: number };

const pools = new WeakMap<Database, pg.Pool>();

/** The PostgreSQL connection pool's numbers for /metrics; null on SQLite. */
export function poolStats(db: Database): PoolStats | null {
  const pool = pools.get(db);
  if (!pool) return null;
  return {
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    max: pool.options.max ?? 10,
  };
}

/** Whether `db` is on PostgreSQL (the configuration can say otherwise in tests). */
export function isPostgres(db: Database): boolean {
  return pools.has(db);
}

export function createDatabase(config: DatabaseConfig): Database {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: 10 });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    pools.set(db, pool);
    return db;
  }
  if (config.file !== ':memory:') fs.mkdirSync(path.dirname(config.file), { recursive: true });
  const { database } = openSqlite(config.file);
  return new Kysely<DB>({ dialect: new SqliteDialect({ database }) });
}
