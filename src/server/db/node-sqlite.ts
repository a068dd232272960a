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

type Row = Record<string, unknown>;

/**
 * Builds a statement's rows from the arrays node:sqlite returns with `setReturnArrays`. Its own
 * rows are null-prototype objects in V8's dictionary mode: every property read, spread and
 * JSON.stringify of them is a hash lookup. One object literal per statement gives every row the
 * same fast shape (decision 042). A repeated name keeps its last value, as node:sqlite's own
 * rows do. Null for a name a literal cannot carry as a plain property (`__proto__`): such a
 * statement keeps node:sqlite's objects.
 */
function rowBuilder(names: readonly string[]): ((values: unknown[]) => Row) | null {
  if (names.includes('__proto__')) return null;
  const fields = names.map((name, index) => `${JSON.stringify(name)}: values[${index}]`);
  return new Function('values', `return { ${fields.join(', ')} };`) as (values: unknown[]) => Row;
}

/** Prepared statements kept per SQL text: Kysely prepares on every query (decision 018). */
export const STATEMENT_CACHE_SIZE = 256;

export type SqliteHandle = {
  database: SqliteDatabase;
  raw: DatabaseSync;
  /** How many prepared statements are cached now (for tests). */
  cachedStatements: () => number;
};

type Entry = {
  statement: StatementSync;
  reader: boolean;
  /** Set when the statement returns arrays (see rowBuilder). */
  toRow: ((values: unknown[]) => Row) | null;
};

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
    const names = statement.columns().map((column) => column.name);
    const reader = names.length > 0;
    const toRow = reader ? rowBuilder(names) : null;
    if (toRow) statement.setReturnArrays(true);
    const entry = { statement, reader, toRow };
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
      const { statement, reader, toRow } = entryFor(sql);
      return {
        reader,
        all(parameters) {
          const rows = statement.all(...bindAll(parameters)) as unknown[];
          if (toRow) {
            for (let index = 0; index < rows.length; index += 1) {
              rows[index] = toRow(rows[index] as unknown[]);
            }
          }
          return rows;
        },
        run(parameters) {
          const result = statement.run(...bindAll(parameters));
          return { changes: result.changes, lastInsertRowid: result.lastInsertRowid };
        },
        *iterate(parameters) {
          for (const values of statement.iterate(...bindAll(parameters))) {
            yield toRow ? toRow(values as unknown as unknown[]) : values;
          }
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
