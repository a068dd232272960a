import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { createDatabase, type Database, databaseFailure, sqliteDriver } from './database.ts';
import { databaseUnavailable } from './database-errors.ts';
import { inTransaction } from './transaction.ts';

const dirs: string[] = [];
const open: Database[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.destroy();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-durable-'));
  dirs.push(dir);
  return path.join(dir, 'muse.db');
}

async function sqliteWithTable(): Promise<Database> {
  const db = createDatabase({ kind: 'sqlite', file: tempFile() });
  open.push(db);
  await sql`create table notes (id integer primary key, body text)`.execute(db);
  return db;
}

async function count(db: Database): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from notes`.execute(db);
  return Number(rows[0]?.n);
}

const insert = (db: Database, body: string) =>
  sql`insert into notes (body) values (${body})`.execute(db);

// What survives a power loss is decided by these settings, not by anything a test can crash:
// a killed process leaves its writes in the OS's page cache, which reaches the disk anyway. So
// the settings are read back from the connection the app writes with.
it('opens SQLite with WAL, an fsync inside every COMMIT, foreign keys and secure_delete on', async () => {
  const db = await sqliteWithTable();
  const pragma = async (name: string) => {
    // Not a SELECT: runs on the writing connection.
    const result = await sql<Record<string, unknown>>`${sql.raw(`PRAGMA ${name}`)}`.execute(db);
    return Object.values(result.rows[0] ?? {})[0];
  };
  expect(await pragma('journal_mode')).toBe('wal');
  expect(await pragma('synchronous')).toBe(2); // FULL
  expect(await pragma('foreign_keys')).toBe(1);
  expect(await pragma('secure_delete')).toBe(1);
});

it('lets transactions that arrive together share one COMMIT, each answered after it', async () => {
  const db = await sqliteWithTable();
  const driver = sqliteDriver(db);
  const before = driver?.commits ?? 0;
  await Promise.all(
    Array.from({ length: 20 }, (_, n) => inTransaction(db, (trx) => insert(trx, `note ${n}`))),
  );
  expect((driver?.commits ?? 0) - before).toBe(1);
  expect(await count(db)).toBe(20);
});

it('never shows a reader a transaction before its COMMIT', async () => {
  const db = await sqliteWithTable();
  let seenInside = -1;
  const written = inTransaction(db, async (trx) => {
    await insert(trx, 'not yet');
    return 'done';
  });
  // The transaction has released its savepoint and waits for the group's COMMIT (next turn);
  // a read now goes to the query-only connection, which sees only what is committed.
  await Promise.resolve();
  await Promise.resolve();
  seenInside = await count(db);
  await written;
  expect(seenInside).toBe(0);
  expect(await count(db)).toBe(1);
});

it('answers a full disk with a clear fault, shows nobody the lost group, and writes again later', async () => {
  const db = await sqliteWithTable();
  await insert(db, 'kept');
  // SQLite's own cap on the file's pages: past it, writes fail as on a full disk (SQLITE_FULL).
  const { rows } = await sql<{ page_count: number }>`PRAGMA page_count`.execute(db);
  await sql.raw(`PRAGMA max_page_count = ${Number(rows[0]?.page_count) + 2}`).execute(db);
  const big = 'x'.repeat(4096);
  const outcomes = await Promise.allSettled(
    Array.from({ length: 10 }, () => inTransaction(db, (trx) => insert(trx, big))),
  );
  const failed = outcomes.filter((outcome) => outcome.status === 'rejected');
  expect(failed.length).toBeGreaterThan(0);
  for (const outcome of failed) {
    expect(databaseUnavailable((outcome as PromiseRejectedResult).reason)?.reason).toBe(
      'disk-full',
    );
  }
  // Exactly what was acknowledged is there: nothing more was shown, nothing answered is gone.
  const acknowledged = outcomes.length - failed.length;
  expect(await count(db)).toBe(1 + acknowledged);
  // Not fatal: once there is room, writes go on.
  expect(databaseFailure(db)).toBeNull();
  await sql`PRAGMA max_page_count = 1073741823`.execute(db);
  await inTransaction(db, (trx) => insert(trx, 'after'));
  expect(await count(db)).toBe(2 + acknowledged);
});

// What a kill can show: a write is answered only once its COMMIT has returned, both on its own
// and inside a grouped transaction. The child freezes the moment it is answered; a write
// answered before its COMMIT would still be in an open transaction and be rolled back.
it('keeps acknowledged SQLite writes, grouped ones too, when the process is killed right after', async () => {
  const file = tempFile();
  const script = path.resolve(import.meta.dirname, '../../../tests/support/write-then-hang.ts');
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
  open.push(db);
  const rows = await db
    .selectFrom('categories')
    .select('name')
    .where('name', 'in', ['Durable', 'Grouped'])
    .orderBy('name')
    .execute();
  expect(rows.map((row) => row.name)).toEqual(['Durable', 'Grouped']);
});
