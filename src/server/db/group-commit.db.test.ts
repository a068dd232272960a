import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { createDatabase } from './database.ts';
import { GroupCommitSqliteDialect } from './group-commit.ts';
import { openSqlite } from './node-sqlite.ts';

type Row = { id: number; v: string };
type TestDB = { t: Row };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-group-'));
const open: Kysely<TestDB>[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.destroy();
});

function database(): { db: Kysely<TestDB>; dialect: GroupCommitSqliteDialect; file: string } {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.db`);
  const handle = openSqlite(file);
  handle.raw.exec('create table t (id integer primary key, v text not null unique)');
  const dialect = new GroupCommitSqliteDialect(handle);
  const db = new Kysely<TestDB>({ dialect });
  open.push(db);
  return { db, dialect, file };
}

/** What another connection (another process, after a crash) finds on disk. */
function committedRows(file: string): number {
  const other = openSqlite(file);
  const row = other.raw.prepare('select count(*) as n from t').get() as { n: number };
  other.database.close();
  return row.n;
}

it('answers concurrent transactions only after a shared COMMIT', async () => {
  const { db, dialect, file } = database();
  await Promise.all(
    Array.from({ length: 30 }, (_, n) =>
      db.transaction().execute((trx) =>
        trx
          .insertInto('t')
          .values({ id: n, v: `v${n}` })
          .execute(),
      ),
    ),
  );
  expect(committedRows(file)).toBe(30);
  expect(dialect.stats.transactions).toBe(30);
  expect(dialect.stats.commits).toBeLessThan(30);
  expect(dialect.stats.commits).toBeGreaterThan(0);
});

it('is committed on disk when acknowledged, each transaction seen by another connection', async () => {
  const { db, file } = database();
  const seen: number[] = [];
  await Promise.all(
    Array.from({ length: 10 }, (_, n) =>
      db
        .transaction()
        .execute((trx) =>
          trx
            .insertInto('t')
            .values({ id: n, v: `v${n}` })
            .execute(),
        )
        .then(() => {
          const other = openSqlite(file);
          const found = other.raw.prepare('select id from t where id = ?').get(n);
          other.database.close();
          if (found) seen.push(n);
        }),
    ),
  );
  expect(seen.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
});

it('rolls back only the failing transaction of a group', async () => {
  const { db, file } = database();
  const results = await Promise.allSettled(
    ['a', 'b', 'a', 'c'].map((v, n) =>
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('t')
          .values({ id: n, v: `${v}-first` })
          .execute();
        // The second 'a' breaks the unique constraint after its first insert succeeded.
        await trx
          .insertInto('t')
          .values({ id: n + 10, v })
          .execute();
      }),
    ),
  );
  expect(results.map((result) => result.status)).toEqual([
    'fulfilled',
    'fulfilled',
    'rejected',
    'fulfilled',
  ]);
  const other = openSqlite(file);
  const rows = other.raw.prepare('select id from t order by id').all() as { id: number }[];
  other.database.close();
  expect(rows.map((row) => row.id)).toEqual([0, 1, 3, 10, 11, 13]);
});

it('commits the open group before a write outside any transaction', async () => {
  const { db, file } = database();
  const grouped = db
    .transaction()
    .execute((trx) => trx.insertInto('t').values({ id: 1, v: 'in' }).execute());
  const alone = db.insertInto('t').values({ id: 2, v: 'alone' }).execute();
  await alone;
  expect(committedRows(file)).toBe(2);
  await grouped;
});

it('keeps every acknowledged grouped transaction when the process is killed right after', async () => {
  const file = path.join(dir, 'killed.db');
  const script = path.resolve(
    import.meta.dirname,
    '../../../tests/support/group-write-then-hang.ts',
  );
  const child = spawn(process.execPath, [script, file], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('committed')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`child exited early with ${code}`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  const db = createDatabase({ kind: 'sqlite', file });
  const rows = await db
    .selectFrom('categories')
    .select(['name', 'position'])
    .where('name', 'like', 'Durable %')
    .execute();
  await db.destroy();
  expect(rows).toHaveLength(40);
  expect(rows.every((row) => row.position >= 100)).toBe(true);
});
