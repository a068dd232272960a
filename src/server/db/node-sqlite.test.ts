import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openSqlite, type SqliteHandle, STATEMENT_CACHE_SIZE } from './node-sqlite.ts';

const open: SqliteHandle[] = [];
afterEach(() => {
  for (const handle of open.splice(0)) handle.close();
});

function handle(file = ':memory:'): SqliteHandle {
  const opened = openSqlite(file);
  open.push(opened);
  return opened;
}

it('prepares each SQL text once and keeps at most STATEMENT_CACHE_SIZE statements', () => {
  const { prepare, cachedStatements } = handle();
  const first = prepare('select 1 as one');
  first.all([]);
  prepare('select 1 as one').all([]);
  expect(cachedStatements()).toBe(1);
  for (let n = 0; n < STATEMENT_CACHE_SIZE + 50; n += 1) prepare(`select ${n} as n`).all([]);
  expect(cachedStatements()).toBe(STATEMENT_CACHE_SIZE);
  // Evicted statements are prepared again, and still answer.
  expect(prepare('select 1 as one').all([])).toEqual([{ one: 1 }]);
});

it('binds Dates, booleans and undefined as SQLite can store them', () => {
  const { prepare } = handle();
  const [row] = prepare('select ? as at, ? as yes, ? as no, ? as missing').all([
    new Date('2026-11-27T10:00:00.000Z'),
    true,
    false,
    undefined,
  ]);
  expect({ ...(row as object) }).toEqual({
    at: '2026-11-27T10:00:00.000Z',
    yes: 1,
    no: 0,
    missing: null,
  });
});

it('opens every connection with WAL, synchronous=FULL, foreign keys and secure_delete', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-node-sqlite-'));
  try {
    const { raw, close } = openSqlite(path.join(dir, 'muse.db'));
    const pragma = (name: string) => Object.values(raw.prepare(`PRAGMA ${name}`).get() ?? {})[0];
    expect(pragma('journal_mode')).toBe('wal');
    expect(pragma('synchronous')).toBe(2);
    expect(pragma('foreign_keys')).toBe(1);
    expect(pragma('secure_delete')).toBe(1);
    close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
