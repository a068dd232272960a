import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { createDatabase } from './database.ts';
import { type GroupCommitOptions, GroupCommitSqliteDialect } from './group-commit.ts';
import { openSqlite } from './node-sqlite.ts';
import type { WalSync } from './wal-sync.ts';

type Row = { id: number; v: string };
type TestDB = { t: Row };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-group-'));
const open: Kysely<TestDB>[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.destroy();
});

function database(options: GroupCommitOptions = {}): {
  db: Kysely<TestDB>;
  dialect: GroupCommitSqliteDialect;
  file: string;
} {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.db`);
  const handle = openSqlite(file);
  handle.raw.exec('create table t (id integer primary key, v text not null unique)');
  const dialect = new GroupCommitSqliteDialect(handle, options);
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

/**
 * A log fsync the test finishes by hand, noting what another connection saw when it began;
 * after the test's part (`release`), syncs finish by themselves.
 */
function manualSync(file: string) {
  const started: { rowsOnDisk: number; finish: () => void }[] = [];
  let released = false;
  const sync: WalSync = {
    sync: () =>
      released
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            started.push({ rowsOnDisk: committedRows(file), finish: resolve });
          }),
    close: async () => {},
  };
  const release = () => {
    released = true;
    for (const { finish } of started) finish();
  };
  return { sync, started, release };
}

const settledYet = async (promise: Promise<unknown>): Promise<boolean> => {
  let settled = false;
  void promise.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  // Long enough for a group's flush (setImmediate) and the COMMIT to have run.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return settled;
};

it('answers a transaction only after an fsync of the log that began after its COMMIT', async () => {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.db`);
  const { sync, started, release } = manualSync(file);
  const handle = openSqlite(file);
  handle.raw.exec('create table t (id integer primary key, v text not null unique)');
  const db = new Kysely<TestDB>({
    dialect: new GroupCommitSqliteDialect(handle, { walSync: sync, checkpointer: false }),
  });
  open.push(db);
  const saved = db
    .transaction()
    .execute((trx) => trx.insertInto('t').values({ id: 1, v: 'one' }).execute());
  expect(await settledYet(saved)).toBe(false);
  // The fsync began after the COMMIT: another connection already saw the row then.
  expect(started.map((s) => s.rowsOnDisk)).toEqual([1]);
  release();
  await saved;
});

it('answers a write outside any transaction only after the fsync too', async () => {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.db`);
  const { sync, started, release } = manualSync(file);
  const handle = openSqlite(file);
  handle.raw.exec('create table t (id integer primary key, v text not null unique)');
  const db = new Kysely<TestDB>({
    dialect: new GroupCommitSqliteDialect(handle, { walSync: sync, checkpointer: false }),
  });
  open.push(db);
  const alone = db.insertInto('t').values({ id: 2, v: 'alone' }).execute();
  expect(await settledYet(alone)).toBe(false);
  expect(started.map((s) => s.rowsOnDisk)).toEqual([1]);
  release();
  await alone;
});

it('leaves checkpoints to the worker, which copies the log into the database file', async () => {
  const { db, file } = database({ checkpointer: { intervalMs: 20 } });
  const before = fs.statSync(file).size;
  await Promise.all(
    Array.from({ length: 200 }, (_, n) =>
      db.transaction().execute((trx) =>
        trx
          .insertInto('t')
          .values({ id: n, v: `${n}-${'x'.repeat(1000)}` })
          .execute(),
      ),
    ),
  );
  const autocheckpoint = await sql<{
    wal_autocheckpoint: number;
  }>`PRAGMA wal_autocheckpoint`.execute(db);
  expect(autocheckpoint.rows[0]?.wal_autocheckpoint).toBe(0);
  await expect.poll(() => fs.statSync(file).size, { timeout: 10_000 }).toBeGreaterThan(before);
});

/** The log's salt: SQLite changes it each time the log starts afresh from its beginning. */
function walSalt(file: string): number {
  const header = Buffer.alloc(32);
  const fd = fs.openSync(`${file}-wal`, 'r');
  fs.readSync(fd, header, 0, 32, 0);
  fs.closeSync(fd);
  return header.readUInt32BE(16);
}

it('starts the log afresh under a steady stream of writes', async () => {
  const { db, dialect, file } = database({ checkpointer: { intervalMs: 5, largeFrames: 50 } });
  await db.insertInto('t').values({ id: 0, v: 'first' }).execute();
  const salts = new Set([walSalt(file)]);
  let n = 0;
  const deadline = Date.now() + 15_000;
  const writer = async () => {
    // Until the log has started afresh a few times (each needs a pause for a final pass).
    while (salts.size < 4 && Date.now() < deadline) {
      n += 1;
      const id = n;
      await db.transaction().execute((trx) =>
        trx
          .insertInto('t')
          .values({ id, v: `${id}-${'y'.repeat(2000)}` })
          .execute(),
      );
      salts.add(walSalt(file));
    }
  };
  // Enough writers that a group is always open: the worker alone never catches up.
  await Promise.all(Array.from({ length: 40 }, writer));
  expect(salts.size).toBe(4);
  expect(dialect.stats.pauses).toBeGreaterThan(0);
  expect(committedRows(file)).toBe(n + 1);
});

/** Another connection (another process) commits a row to the same file. */
function commitElsewhere(file: string, id: number): void {
  const other = openSqlite(file);
  try {
    other.raw.prepare('insert into t (id, v) values (?, ?)').run(id, `elsewhere ${id}`);
  } finally {
    other.database.close();
  }
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const COUNT = 'select count(*) as n from t';

it('reads one turn under one read transaction, which ends with the turn (decision 044)', async () => {
  const { db, dialect, file } = database();
  const counted = async () =>
    Number((await sql<{ n: number }>`${sql.raw(COUNT)}`.execute(db)).rows[0]?.n);
  expect(dialect.readNow(COUNT, [])).toEqual([{ n: 0 }]);
  commitElsewhere(file, 1);
  // The rest of the turn reads what its first read did, by either way in.
  expect(dialect.readNow(COUNT, [])).toEqual([{ n: 0 }]);
  expect(await counted()).toBe(0);
  await nextTurn();
  expect(dialect.readNow(COUNT, [])).toEqual([{ n: 1 }]);
  commitElsewhere(file, 2);
  await nextTurn();
  expect(await counted()).toBe(2);
});

it('ends the turn’s read transaction before this process writes in a transaction', async () => {
  const { db, dialect, file } = database();
  expect(dialect.readNow(COUNT, [])).toEqual([{ n: 0 }]);
  // Another process writes after this turn's first read: a write made inside that read
  // transaction could not commit over it (SQLITE_BUSY_SNAPSHOT).
  commitElsewhere(file, 1);
  await db
    .transaction()
    .execute((trx) => trx.insertInto('t').values({ id: 2, v: 'here' }).execute());
  expect(committedRows(file)).toBe(2);
  expect(dialect.readNow(COUNT, [])).toEqual([{ n: 2 }]);
});

it('commits a write outside any transaction on its own, not inside the turn’s reads', async () => {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.db`);
  const handle = openSqlite(file);
  handle.raw.exec('create table t (id integer primary key, v text not null unique)');
  // The log's fsync answers at once, so the write is answered within the turn of its read.
  const dialect = new GroupCommitSqliteDialect(handle, {
    walSync: { sync: () => Promise.resolve(), close: async () => {} },
    checkpointer: false,
  });
  const db = new Kysely<TestDB>({ dialect });
  open.push(db);
  expect(dialect.readNow(COUNT, [])).toEqual([{ n: 0 }]);
  await db.insertInto('t').values({ id: 1, v: 'alone' }).execute();
  // Answered means committed: another connection finds it. The turn's reads were ended, not
  // committed as a group of writes.
  expect(committedRows(file)).toBe(1);
  expect(dialect.stats.commits).toBe(0);
});
