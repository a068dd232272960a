import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import {
  openSqlite,
  type SqliteHandle,
  STATEMENT_CACHE_SIZE,
  writtenTable,
} from './node-sqlite.ts';

const open: SqliteHandle[] = [];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-node-sqlite-'));
afterEach(() => {
  for (const handle of open.splice(0)) handle.database.close();
});

function handle(file = ':memory:'): SqliteHandle {
  const opened = openSqlite(file, ['watched']);
  open.push(opened);
  opened.raw.exec('create table if not exists watched (id integer primary key, v text)');
  opened.raw.exec('create table if not exists other (id integer primary key, v text)');
  return opened;
}

it('names the table a write changes, and nothing for reads', () => {
  expect(writtenTable('insert into "answers" ("id") values (?)')).toBe('answers');
  expect(writtenTable('update "users" set "name" = ?')).toBe('users');
  expect(writtenTable('delete from "likes" where "id" = ?')).toBe('likes');
  expect(writtenTable('select * from "answers"')).toBeNull();
});

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

it('changes its version on writes to watched tables only', () => {
  const { database, version } = handle();
  const start = version();
  database.prepare('select * from watched').all([]);
  database.prepare('insert into other (v) values (?)').run(['x']);
  expect(version()).toBe(start);
  database.prepare('insert into watched (v) values (?)').run(['x']);
  const afterInsert = version();
  expect(afterInsert).not.toBe(start);
  database.prepare('update watched set v = ? returning id').all(['y']);
  expect(version()).not.toBe(afterInsert);
});

it('changes its version when another connection commits to the same file', () => {
  const file = path.join(dir, `${Date.now()}.db`);
  const mine = handle(file);
  const theirs = handle(file);
  const start = mine.version();
  theirs.database.prepare('insert into watched (v) values (?)').run(['from elsewhere']);
  expect(mine.version()).not.toBe(start);
});
