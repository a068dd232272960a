import fs from 'node:fs';
import path from 'node:path';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  type PostgresDialectConfig,
  PostgresDriver,
} from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import { GroupCommitSqliteDialect, type SqliteChanges } from './group-commit.ts';
import { openSqlite } from './node-sqlite.ts';
import type { DB } from './schema.ts';
import { preparedStatementName } from './statement-names.ts';

export type Database = Kysely<DB>;
export type { SqliteChanges } from './group-commit.ts';
// SQLite writers whose log fsync has finished, answered mid-turn as a request arrives (decision 040).
export { settleFinishedSyncs as settleDurableWrites } from './wal-sync.ts';

const rollbackCounts = new WeakMap<Database, () => number>();
const logSyncs = new WeakMap<Database, () => number>();
const sqliteChangeMarks = new WeakMap<Database, () => SqliteChanges | null>();
const directReads = new WeakMap<
  Database,
  (sql: string, parameters: readonly unknown[]) => unknown[] | null
>();

/**
 * A plain SELECT's rows read at once on SQLite when the connection is free (group-commit.ts
 * readNow), skipping Kysely's executor and the lock's promises: about 8 µs a statement on the
 * calls made on every request (decision 037). Null inside a transaction, while the connection
 * is held, for anything but a plain SELECT, and on PostgreSQL: the caller runs it as usual.
 */
export function readNow(db: Database, query: CompiledQuery): unknown[] | null {
  if (db.isTransaction) return null;
  return directReads.get(db)?.(query.sql, query.parameters) ?? null;
}

/**
 * On SQLite, two counters that stay the same while nothing anyone could read has changed: the
 * file's `data_version` (another connection or process committed) and this process's own
 * writes and lost groups (group-commit.ts). A value read while both stay the same is still
 * current. Null on PostgreSQL and once the database is closed.
 */
export function sqliteChanges(db: Database): SqliteChanges | null {
  return sqliteChangeMarks.get(db)?.() ?? null;
}

/**
 * How many times the SQLite group commit fsynced its log before answering (wal-sync.ts): with
 * synchronous=NORMAL that fsync is what makes an acknowledged write survive a power cut
 * (decision 030). Null on PostgreSQL.
 */
export function sqliteLogSyncs(db: Database): number | null {
  return logSyncs.get(db)?.() ?? null;
}

/**
 * How many times SQLite threw away a group of transactions that readers may already have seen
 * (group-commit.ts: reads on the one connection see a group before its COMMIT). A counter bumped
 * inside such a group goes back to an old value with different rows behind it, so caches keyed
 * on a counter add this. Always 0 on PostgreSQL, where nobody sees uncommitted work.
 */
export function rollbackEpoch(db: Database): number {
  return rollbackCounts.get(db)?.() ?? 0;
}

// COUNT(*) and other int8 values arrive from pg as strings; our counts fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export type PoolStats = { total: number; idle: number; waiting: number; max: number };

const pools = new WeakMap<Database, pg.Pool>();
const writeCounts = new WeakMap<Database, () => number>();
const statementCounts = new WeakMap<Database, () => number>();

/**
 * How many writes this process has finished on `db` (PostgreSQL: any statement but a SELECT,
 * counted once it returns, COMMIT included). What this instance wrote is committed by the time
 * the count moves, so a cache fed by notifications can tell that it must look for itself before
 * serving this instance's readers (feed-counter.ts). Null on SQLite.
 */
export function finishedWrites(db: Database): number | null {
  return writeCounts.get(db)?.() ?? null;
}

/**
 * How many statements this process has sent through Kysely on `db` and had answered, each one
 * round trip to PostgreSQL (what decision 045's one-query feed read is held to). Null on SQLite.
 */
export function finishedStatements(db: Database): number | null {
  return statementCounts.get(db)?.() ?? null;
}

/** Kysely's PostgreSQL driver, counting the statements, and those other than SELECT, as they finish. */
class CountingPostgresDriver extends PostgresDriver {
  writes = 0;
  statements = 0;
  readonly #counted = new WeakSet<DatabaseConnection>();
  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    if (!this.#counted.has(connection)) {
      this.#counted.add(connection);
      const execute = connection.executeQuery.bind(connection);
      connection.executeQuery = async <R>(query: CompiledQuery) => {
        const result = await execute<R>(query);
        this.statements += 1;
        if (query.query.kind !== 'SelectQueryNode') this.writes += 1;
        return result;
      };
    }
    return connection;
  }
}

class CountingPostgresDialect extends PostgresDialect {
  readonly driver: CountingPostgresDriver;
  constructor(config: PostgresDialectConfig) {
    super(config);
    this.driver = new CountingPostgresDriver(config);
  }
  override createDriver(): Driver {
    return this.driver;
  }
}

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

/** The PostgreSQL connection string `db` was made with; null on SQLite. */
export function postgresUrl(db: Database): string | null {
  return pools.get(db)?.options.connectionString ?? null;
}

/** Whether `db` is on PostgreSQL (the configuration can say otherwise in tests). */
export function isPostgres(db: Database): boolean {
  return pools.has(db);
}

type QueryCall = (text: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * The hot queries (prepared.ts) go to PostgreSQL as named statements: each connection parses and
 * plans them once instead of on every call (decision 030). Anything else is sent as it was.
 */
function useNamedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as QueryCall;
  const named: QueryCall = (text, values, callback) => {
    const name = typeof text === 'string' ? preparedStatementName(text) : undefined;
    if (name && Array.isArray(values)) return query({ name, text, values }, callback);
    return query(text, values, callback);
  };
  (client as unknown as { query: QueryCall }).query = named;
}

export function createDatabase(config: DatabaseConfig): Database {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: 10 });
    pool.on('connect', useNamedStatements);
    const dialect = new CountingPostgresDialect({ pool });
    const db = new Kysely<DB>({ dialect });
    pools.set(db, pool);
    writeCounts.set(db, () => dialect.driver.writes);
    statementCounts.set(db, () => dialect.driver.statements);
    return db;
  }
  if (config.file !== ':memory:') fs.mkdirSync(path.dirname(config.file), { recursive: true });
  const handle = openSqlite(config.file);
  // Transactions share COMMITs (one fsync per group), still acknowledged only once on disk.
  const dialect = new GroupCommitSqliteDialect(handle);
  const db = new Kysely<DB>({ dialect });
  rollbackCounts.set(db, () => dialect.stats.rollbacks);
  directReads.set(db, (sql, parameters) => dialect.readNow(sql, parameters));
  logSyncs.set(db, () => dialect.stats.syncs);
  sqliteChangeMarks.set(db, () => dialect.changes());
  return db;
}
