import { afterEach, expect, it } from 'vitest';
import { openSqlite, type SqliteHandle, STATEMENT_CACHE_SIZE } from './node-sqlite.ts';

const open: SqliteHandle[] = [];
afterEach(() => {
  for (const handle of open.splice(0)) handle.database.close();
});

function handle(file = ':memory:'): SqliteHandle {
  const opened = openSqlite(file);
  open.push(opened);
  return opened;
}

it('prepares each SQL text once and keeps at most STATEMENT_CACHE_SIZE statements', () => {
  const { database, cachedStatements } = handle();
  const first = database.prepare('select 1 as one');
  first.all([]);
  database.prepare('select 1 as one').all([]);
  expect(cachedStatements()).toBe(1);
  for (let n = 0; n < STATEMENT_CACHE_SIZE + 50; n += 1)
    database.prepare(`select ${n} as n`).all([]);
  expect(cachedStatements()).toBe(STATEMENT_CACHE_SIZE);
  // Evicted statements are prepared again, and still answer.
  expect(database.prepare('select 1 as one').all([])).toEqual([{ one: 1 }]);
});
