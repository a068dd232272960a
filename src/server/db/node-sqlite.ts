import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';

// One node:sqlite connection with the settings every Müse connection needs, and its prepared
// statements kept per SQL text: Kysely prepares on every query (decision 018).

function bindable(value: unknown): SQLInputValue {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === undefined) return null;
  return value as SQLInputValue;
}

/** Prepared statements kept per SQL text. */
export const STATEMENT_CACHE_SIZE = 256;

export type Prepared = {
  /** Whether the statement returns rows (a SELECT, a PRAGMA that answers, RETURNING). */
  reader: boolean;
  all: (parameters: readonly unknown[]) => unknown[];
  run: (parameters: readonly unknown[]) => {
    changes: number | bigint;
    lastInsertRowid: number | bigint;
  };
};

export type SqliteHandle = {
  raw: DatabaseSync;
  prepare: (sql: string) => Prepared;
  close: () => void;
  /** How many prepared statements are cached now (for tests). */
  cachedStatements: () => number;
};

export function openSqlite(file: string, options: { queryOnly?: boolean } = {}): SqliteHandle {
  const raw = new DatabaseSync(file);
  // busy_timeout first: switching a new file to WAL needs a lock another process may hold.
  // WAL lets readers work beside the writer; synchronous=FULL makes COMMIT return only once the
  // log is fsynced, so an acknowledged write survives a kill or a power cut. secure_delete
  // zeroes deleted rows so an erased account's text is not left in free pages (erasure.ts).
  raw.exec('PRAGMA busy_timeout = 5000');
  raw.exec('PRAGMA journal_mode = WAL');
  raw.exec('PRAGMA synchronous = FULL');
  raw.exec('PRAGMA secure_delete = ON');
  raw.exec('PRAGMA foreign_keys = ON');
  if (options.queryOnly) raw.exec('PRAGMA query_only = ON');

  // A Map iterates in insertion order: re-inserting on use makes the first key the least
  // recently used one, evicted when the cache is full.
  const cache = new Map<string, { statement: StatementSync; reader: boolean }>();
  function entryFor(sql: string) {
    const cached = cache.get(sql);
    if (cached) {
      cache.delete(sql);
      cache.set(sql, cached);
      return cached;
    }
    const statement = raw.prepare(sql);
    const entry = { statement, reader: statement.columns().length > 0 };
    cache.set(sql, entry);
    if (cache.size > STATEMENT_CACHE_SIZE) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    return entry;
  }

  return {
    raw,
    prepare(sql) {
      const { statement, reader } = entryFor(sql);
      return {
        reader,
        all: (parameters) => statement.all(...parameters.map(bindable)),
        run: (parameters) => statement.run(...parameters.map(bindable)),
      };
    },
    close() {
      cache.clear();
      if (raw.isOpen) raw.close();
    },
    cachedStatements: () => cache.size,
  };
}
