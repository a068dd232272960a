import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
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

export function openSqlite(file: string): { database: SqliteDatabase; raw: DatabaseSync } {
  const raw = new DatabaseSync(file);
  // WAL for concurrent readers; synchronous=FULL so an acknowledged commit survives a kill or
  // power loss; foreign keys are off by default in SQLite; secure_delete zeroes deleted rows
  // so an erased account's text is not left readable in free pages (issue 13, erasure.ts).
  // busy_timeout first: switching a new file to WAL needs a lock another process may hold.
  raw.exec('PRAGMA busy_timeout = 5000');
  raw.exec('PRAGMA secure_delete = ON');
  raw.exec('PRAGMA journal_mode = WAL');
  raw.exec('PRAGMA synchronous = FULL');
  raw.exec('PRAGMA foreign_keys = ON');
  const database: SqliteDatabase = {
    close: () => raw.close(),
    prepare(sql: string): SqliteStatement {
      const statement = raw.prepare(sql);
      return {
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...bindAll(parameters)),
        run(parameters) {
          const result = statement.run(...bindAll(parameters));
          return { changes: result.changes, lastInsertRowid: result.lastInsertRowid };
        },
        iterate: (parameters) => statement.iterate(...bindAll(parameters)),
      };
    },
  };
  return { database, raw };
}
