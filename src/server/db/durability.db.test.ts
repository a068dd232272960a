import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { createDatabase, sqliteLogSyncs } from './database.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-durable-'));
  dirs.push(dir);
  return path.join(dir, 'muse.db');
}

// What survives a power loss is decided by these settings, not by anything a test can crash:
// a killed process leaves its writes in the OS's page cache, which reaches the disk anyway, so
// even synchronous=OFF passes a kill test. So the settings are read back from the connection
// the app uses.
it('opens SQLite with WAL, a log fsync before every answer, foreign keys and secure_delete on', async () => {
  const db = createDatabase({ kind: 'sqlite', file: tempFile() });
  try {
    const pragma = async (name: string) => {
      const result = await sql<Record<string, unknown>>`${sql.raw(`PRAGMA ${name}`)}`.execute(db);
      return Object.values(result.rows[0] ?? {})[0];
    };
    expect(await pragma('journal_mode')).toBe('wal');
    // 1 = NORMAL: COMMIT only writes the log; the group commit fsyncs it off the event loop and
    // answers only after that (decision 030, group-commit.db.test.ts) — what FULL (2) did inside
    // COMMIT. So a write must have cost a log fsync by the time it is acknowledged.
    expect(await pragma('synchronous')).toBe(1);
    await sql`create table synced (n integer)`.execute(db);
    const before = sqliteLogSyncs(db) ?? 0;
    await sql`insert into synced (n) values (1)`.execute(db);
    await db.transaction().execute((trx) => sql`insert into synced (n) values (2)`.execute(trx));
    expect((sqliteLogSyncs(db) ?? 0) - before).toBe(2);
    expect(await pragma('foreign_keys')).toBe(1);
    expect(await pragma('secure_delete')).toBe(1);
  } finally {
    await db.destroy();
  }
});

// What a kill can show: a write is answered only once its COMMIT has been handed to SQLite,
// both on its own and inside a grouped transaction (group-commit.ts answers a transaction only
// after the physical COMMIT that contains it). The child freezes the moment it is answered; a
// write answered before its COMMIT would still be in an open transaction and be rolled back.
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
  const rows = await db
    .selectFrom('categories')
    .select('name')
    .where('name', 'in', ['Durable', 'Grouped'])
    .orderBy('name')
    .execute();
  await db.destroy();
  expect(rows.map((row) => row.name)).toEqual(['Durable', 'Grouped']);
});
