import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import { openSqlite } from './node-sqlite.ts';
import type { DB } from './schema.ts';

export type Database = Kysely<DB>;

/** Tables whose rows the cached world feed is made of (the author's name comes from users). */
const FEED_TABLES = ['answers', 'users'];
const feedVersions = new WeakMap<Database, () => string>();

/**
 * A value that changes whenever the world feed's rows may have changed, for caching pages;
 * null when no such cheap signal exists (PostgreSQL: other instances write too), so no cache.
 */
export function feedVersion(db: Database): string | null {
  return feedVersions.get(db)?.() ?? null;
}

// COUNT(*) and other int8 values arrive from pg as strings; our counts fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export function createDatabase(config: DatabaseConfig): Database {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: 10 });
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  }
  if (config.file !== ':memory:') fs.mkdirSync(path.dirname(config.file), { recursive: true });
  const { database, version } = openSqlite(config.file, FEED_TABLES);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database }) });
  feedVersions.set(db, version);
  return db;
}
