import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { buildTestApp } from '#tests/support/test-app.ts';
import { createTestDatabase } from '#tests/support/test-db.ts';
import { createWalSync, settleFinishedSyncs, type WalSync } from './wal-sync.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function walSyncOfNewFile(): WalSync {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-walsync-'));
  const file = path.join(dir, 'muse.db-wal');
  fs.writeFileSync(file, 'frames');
  const sync = createWalSync(file);
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  cleanups.push(() => sync.close());
  return sync;
}

/** Blocks this thread for `ms` without turning the event loop: no message, no I/O gets in. */
function sleepWithoutTheLoop(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Runs the microtasks queued so far, and none of the event loop's tasks. */
async function microtasks(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

it('answers a write once its log fsync has ended', async () => {
  const walSync = walSyncOfNewFile();
  await expect(walSync.sync()).resolves.toBeUndefined();
  await expect(Promise.all([walSync.sync(), walSync.sync(), walSync.sync()])).resolves.toEqual([
    undefined,
    undefined,
    undefined,
  ]);
});

// Decision 040: the worker's message about a finished fsync arrives in the loop's next poll,
// behind every socket that was ready before it. settleFinishedSyncs, called as each request
// arrives, reads the shared counters instead and answers the writers at once.
it('answers the writers of a finished fsync mid-turn, without the event loop', async () => {
  const walSync = walSyncOfNewFile();
  await walSync.sync(); // the worker is up
  let answered = false;
  void walSync.sync().then(() => {
    answered = true;
  });
  // The event loop never turns below (a blocking sleep, then microtasks only), so no message
  // from the worker can arrive: only the shared counters can tell that the fsync has ended.
  for (let waited = 0; waited < 5000 && !answered; waited += 10) {
    sleepWithoutTheLoop(10);
    settleFinishedSyncs();
    await microtasks();
  }
  expect(answered).toBe(true);
});

it('is called by the server before anything else as each request arrives', async () => {
  const database = await createTestDatabase('sqlite');
  const app = await buildTestApp(database.db);
  cleanups.push(() => database.drop());
  cleanups.push(() => app.close());
  expect(app.server.listeners('request')[0]).toBe(settleFinishedSyncs);
});

it('rejects a sync after close, and closes only once its writers are answered', async () => {
  const walSync = walSyncOfNewFile();
  const before = walSync.sync();
  await walSync.close();
  await expect(before).resolves.toBeUndefined();
  await expect(walSync.sync()).rejects.toThrow('closed');
});

it('tells the writers when the fsync fails: their write is not known to be on disk', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-walsync-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  // A directory opened read-only cannot be fdatasync'ed on every file system; an unreadable
  // path can never be opened at all: the worker's open fails with EACCES or ENOTDIR.
  const file = path.join(dir, 'not-a-dir', 'muse.db-wal');
  fs.writeFileSync(path.join(dir, 'not-a-dir'), '');
  const walSync = createWalSync(file);
  cleanups.push(() => walSync.close());
  await expect(walSync.sync()).rejects.toThrow('Could not write');
});

it('lets a command-line tool write, close the database and exit 0', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-walsync-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  const script = path.resolve(import.meta.dirname, '../../../tests/support/write-then-close.ts');
  // execFile's error carries the exit code; no error is exit code 0.
  const { code, output } = await new Promise<{ code: unknown; output: string }>((resolve) => {
    execFile(process.execPath, [script, path.join(dir, 'muse.db')], (error, stdout, stderr) =>
      resolve({ code: error ? error.code : 0, output: stdout + stderr }),
    );
  });
  expect(output).toBe('closed\n');
  expect(code).toBe(0);
});
