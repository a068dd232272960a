import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

// Kysely's SqliteDialect expects a better-sqlite3-like object; node:sqlite is close but takes
// parameters spread, cannot bind Dates or booleans, and has no `reader` flag.
function bindable(value: unknown): SQLInputValue {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === undefined) return null;
  return value as SQLInputValue;
}

function bindAll(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map(bindable);
}

/** Prepared statements kept per SQL text: Kysely prepares on every query (decision 018). */
export const STATEMENT_CACHE_SIZE = 256;

export type SqliteHandle = {
  database: SqliteDatabase;
  raw: DatabaseSync;
  /** How many prepared statements are cached now (for tests). */
  cachedStatements: () => number;
};

type Entry = { statement: StatementSync; reader: boolean };

export function openSqlite(file: string): SqliteHandle {
  const raw = new DatabaseSync(file);
  // WAL for concurrent readers; synchronous=FULL so an acknowledged commit survives a kill or
  // power loss (the group commit driver takes that fsync off the event loop and sets NORMAL:
  // group-commit.ts, wal-sync.ts); foreign keys are off by default in SQLite; secure_delete zeroes deleted rows
  // so an erased account's text is not left readable in free pages (issue 13, erasure.ts).
  // busy_timeout first: switching a new file to WAL needs a lock another process may hold.
  raw.exec('PRAGMA busy_timeout = 5000');
  raw.exec('PRAGMA secure_delete = ON');
  raw.exec('PRAGMA journal_mode = WAL');
  raw.exec('PRAGMA synchronous = FULL');
  raw.exec('PRAGMA foreign_keys = ON');

  // A Map iterates in insertion order: re-inserting on use makes the first key the least
  // recently used one, which is evicted when the cache is full.
  const cache = new Map<string, Entry>();

  function entryFor(sql: string): Entry {
    const cached = cache.get(sql);
    if (cached) {
      cache.delete(sql);
      cache.set(sql, cached);
      return cached;
    }
    const statement = raw.prepare(sql);
    const reader = statement.columns().length > 0;
    const entry = { statement, reader };
    cache.set(sql, entry);
    if (cache.size > STATEMENT_CACHE_SIZE) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    return entry;
  }

  const database: SqliteDatabase = {
    close: () => {
      cache.clear();
      raw.close();
    },
    prepare(sql: string): SqliteStatement {
      const { statement, reader } = entryFor(sql);
      return {
        reader,
        all(parameters) {
          return statement.all(...bindAll(parameters));
        },
        run(parameters) {
          const result = statement.run(...bindAll(parameters));
          return { changes: result.changes, lastInsertRowid: result.lastInsertRowid };
        },
        iterate(parameters) {
          return statement.iterate(...bindAll(parameters));
        },
      };
    },
  };
  return {
    database,
    raw,
    cachedStatements: () => cache.size,
  };
}
