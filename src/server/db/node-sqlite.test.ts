import { execFileSync } from 'node:child_process';
import { DatabaseSync } from 'node:sqlite';
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

// Every kind of value, a repeated name (the last one wins in node:sqlite's own rows) and more
// columns than a small object keeps in place.
const WIDE = `select 1 as id, 'two' as name, null as gone, 2.5 as real, x'00ff' as bytes,
  ${Array.from({ length: 20 }, (_, n) => `${n} as c${n}`).join(', ')}, 'last' as name`;

it("gives node:sqlite's rows, built from arrays as plain objects of one shape (decision 042)", () => {
  const { database } = handle();
  const rows = database.prepare(`${WIDE} union all ${WIDE}`).all([]) as Record<string, unknown>[];
  const own = new DatabaseSync(':memory:').prepare(`${WIDE} union all ${WIDE}`).all();
  expect(rows).toEqual(own);
  expect(rows.map((row) => Object.keys(row))).toEqual(own.map((row) => Object.keys(row)));
  expect(rows[0]?.name).toBe('last');
  expect(rows[0]?.bytes).toEqual(new Uint8Array([0, 255]));
  // node:sqlite's own rows have no prototype; the statement's literal gives Object's.
  expect(Object.getPrototypeOf(own[0])).toBeNull();
  for (const row of rows) expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
  expect([...database.prepare(WIDE).iterate([])]).toEqual([own[0]]);
});

it('keeps node:sqlite objects for a column a literal cannot name (__proto__)', () => {
  const { database } = handle();
  const [row] = database.prepare('select 1 as "__proto__", 2 as b').all([]) as object[];
  expect(Object.getPrototypeOf(row)).toBeNull();
  expect(Object.getOwnPropertyNames(row)).toEqual(['__proto__', 'b']);
});

it("builds rows in V8's fast mode, where node:sqlite's are dictionaries", () => {
  // %HasFastProperties needs --allow-natives-syntax: asked of a child process.
  const script = `
    import { DatabaseSync } from 'node:sqlite';
    import { openSqlite } from ${JSON.stringify(new URL('./node-sqlite.ts', import.meta.url).pathname)};
    const sql = ${JSON.stringify(WIDE)};
    const [built] = openSqlite(':memory:').database.prepare(sql).all([]);
    const [own] = new DatabaseSync(':memory:').prepare(sql).all();
    console.log(JSON.stringify([%HasFastProperties(built), %HasFastProperties(own)]));`;
  const out = execFileSync(
    process.execPath,
    ['--allow-natives-syntax', '--input-type=module', '-e', script],
    { encoding: 'utf8' },
  );
  expect(JSON.parse(out)).toEqual([true, false]);
});
