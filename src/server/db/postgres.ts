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
import { recogniseDatabaseFault, type UnavailableReason } from './database-errors.ts';
import type { DB } from './schema.ts';
import { preparedStatementName } from './statement-names.ts';

// PostgreSQL through pg's pool, built to live through the faults production brings (decision
// 047): a backend terminated, a server restarted, a TCP reset. A lost connection is logged in one
// line and dropped from the pool; the request it served gets 503 with Retry-After
// (database-errors.ts); every query has a deadline.

type Database = Kysely<DB>;

/** Waiting for a connection from the pool (or for a new one to open) gives up after this. */
export const ACQUIRE_TIMEOUT_MS = 5_000;
/** PostgreSQL cancels a statement that runs longer (a lock held elsewhere, a slow plan). */
export const STATEMENT_TIMEOUT_MS = 10_000;
/** pg gives up on an answer after this even if the server never says (a silent network). */
export const QUERY_TIMEOUT_MS = STATEMENT_TIMEOUT_MS + 2_000;

/** The connection settings every pg client of Müse uses: the pool's and the LISTEN clients'. */
export function connectionOptions(url: string): pg.ClientConfig {
  return {
    connectionString: url,
    connectionTimeoutMillis: ACQUIRE_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    // A transaction left open by a stuck request must not hold its locks for ever.
    idle_in_transaction_session_timeout: 30_000,
    // A peer that vanished without a reset (a cut cable, a NAT forgetting us) is found out.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
}

type FaultLog = { warn: (object: object, message: string) => void };

/** One line in pino's shape on stderr, for pools made before (or without) an app's logger. */
const stderrLog: FaultLog = {
  warn(object, message) {
    process.stderr.write(
      `${JSON.stringify({ level: 40, time: Date.now(), ...object, msg: message })}\n`,
    );
  },
};

/** What may be logged of a pg error: its code and message, never the query, detail or client. */
export function faultFields(error: unknown): { code?: string; message: string } {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return {
    ...(typeof code === 'string' ? { code } : {}),
    message: typeof message === 'string' ? message.slice(0, 200) : String(error).slice(0, 200),
  };
}

// COUNT(*) and other int8 values arrive from pg as strings; our counts fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/** PostgreSQL's and pg's ways of saying the database is away or too slow; null for anything else. */
export function classifyPostgresFault(error: unknown): UnavailableReason | null {
  if (!error || typeof error !== 'object') return null;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (CONNECTION_ERRNOS.has(code)) return 'unreachable';
    // 57014 query_canceled: our statement_timeout (or an operator's pg_cancel_backend).
    if (code === '57014') return 'timeout';
    // 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, 08xxx connection
    // exceptions, 53300 too_many_connections.
    if (/^57P0[1-3]$/.test(code) || code.startsWith('08') || code === '53300') {
      return 'unreachable';
    }
    // 53100 disk_full: the server's disk.
    if (code === '53100') return 'disk-full';
    // 25006 read_only_sql_transaction: a standby after a failover, or a database set read-only;
    // /readyz says 503 meanwhile (database.ts databaseWritable).
    if (code === '25006') return 'unreachable';
  }
  if (typeof message !== 'string') return null;
  if (message.includes('timeout exceeded when trying to connect')) return 'timeout';
  if (message === 'Query read timeout') return 'timeout';
  if (
    message.startsWith('Connection terminated') ||
    message.includes('is not queryable') ||
    message === 'Client was closed and is not queryable' ||
    message.includes('Client has encountered a connection error')
  ) {
    return 'unreachable';
  }
  return null;
}

recogniseDatabaseFault(classifyPostgresFault);

export type PoolStats = { total: number; idle: number; waiting: number; max: number };

const pools = new WeakMap<Database, pg.Pool>();
const writeCounts = new WeakMap<Database, () => number>();

/**
 * How many writes this process has finished on `db` (PostgreSQL: any statement but a SELECT,
 * counted once it returns, COMMIT included). What this instance wrote is committed by the time
 * the count moves, so a cache fed by notifications can tell that it must look for itself before
 * serving this instance's readers (feed-counter.ts). Null on SQLite.
 */
export function finishedWrites(db: Database): number | null {
  return writeCounts.get(db)?.() ?? null;
}

/** Kysely's PostgreSQL driver, counting the statements other than SELECT as they finish. */
class CountingPostgresDriver extends PostgresDriver {
  writes = 0;
  readonly #counted = new WeakSet<DatabaseConnection>();
  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    if (!this.#counted.has(connection)) {
      this.#counted.add(connection);
      const execute = connection.executeQuery.bind(connection);
      connection.executeQuery = async <R>(query: CompiledQuery) => {
        const result = await execute<R>(query);
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
  const send: QueryCall = (text, values, callback) => {
    const name = typeof text === 'string' ? preparedStatementName(text) : undefined;
    if (name && Array.isArray(values)) return query({ name, text, values }, callback);
    return query(text, values, callback);
  };
  const named: QueryCall = (text, values, callback) => {
    const result = send(text, values, callback);
    if (!(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      // pg gave up waiting (query_timeout) but the statement may still hold the connection:
      // close it, so the pool drops it instead of queueing the next request behind it.
      if ((error as { message?: unknown })?.message === 'Query read timeout') {
        client.end().catch(() => {});
      }
      throw error;
    });
  };
  (client as unknown as { query: QueryCall }).query = named;
}

/**
 * Logs a lost connection once per outage, not once per client: an outage takes every pooled
 * connection at once. Quiet again once a connection has been made since.
 */
function outageLog(log: FaultLog) {
  let quiet = false;
  return {
    lost(error: unknown) {
      if (quiet) return;
      quiet = true;
      log.warn({ err: faultFields(error) }, 'PostgreSQL connection lost; the pool reconnects');
    },
    connected() {
      quiet = false;
    },
  };
}

/** A Kysely over a pg pool that survives connection resets (see the top of this file). */
export function createPostgresDatabase(url: string, log: FaultLog = stderrLog): Database {
  const pool = new pg.Pool({ ...connectionOptions(url), max: 10 });
  const outage = outageLog(log);
  // An idle client's error (its backend terminated, the server restarted) is emitted by the
  // pool; without a listener Node ends the process. pg drops that client by itself.
  pool.on('error', (error) => outage.lost(error));
  pool.on('connect', (client) => {
    outage.connected();
    // A checked-out client between two statements has no pool listener: its error would end
    // the process too. The statement that follows fails (503) and the client is not reused.
    client.on('error', (error) => outage.lost(error));
    useNamedStatements(client);
  });
  const dialect = new CountingPostgresDialect({ pool });
  const db = new Kysely<DB>({ dialect });
  pools.set(db, pool);
  writeCounts.set(db, () => dialect.driver.writes);
  return db;
}
