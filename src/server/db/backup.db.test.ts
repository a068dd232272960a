import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, expect, it } from 'vitest';
import {
  createUser,
  type Instance,
  startInstance,
  tempDir,
  writeBurst,
} from '#tests/support/instances.ts';

// `npm run backup` while a real instance takes a write burst, then `npm run restore` elsewhere.

const root = path.resolve(import.meta.dirname, '../../..');

function run(args: string[], dataDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [path.join(root, 'src/server/db/backup-cli.ts'), ...args],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => resolve({ code, output }));
  });
}

const instances: Instance[] = [];
afterAll(async () => {
  for (const instance of instances) await instance.stop();
});

it('round-trips a backup taken under write load', async () => {
  const instance = await startInstance();
  instances.push(instance);
  const pictures = path.join(instance.dataDir, 'pictures');
  fs.mkdirSync(pictures, { recursive: true });
  fs.writeFileSync(path.join(pictures, 'abc.webp'), 'RIFF....WEBP');
  // An entry's photo (decision 062) is backed up and restored beside the pictures.
  fs.mkdirSync(path.join(instance.dataDir, 'photos'), { recursive: true });
  fs.writeFileSync(path.join(instance.dataDir, 'photos', 'abcdefghijklmnop.webp'), 'a photo');
  const cookie = await createUser(instance.origin);

  let stopWriting: () => void = () => {};
  const writing = new Promise<void>((resolve) => {
    stopWriting = resolve;
  });
  const live: string[] = [];
  const burst = writeBurst(instance.origin, cookie, writing, 4, live);
  // Let some writes land, then note what was acknowledged before the backup began.
  const started = Date.now();
  while (Date.now() - started < 5_000) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    if ((await countStored(instance.dataDir)) > 20) break;
  }
  const snapshot = [...live];
  const dest = path.join(tempDir('muse-backup-'), 'b1');
  const backedUp = await run(['backup', dest], instance.dataDir);
  const duringBackup = live.length - snapshot.length;
  stopWriting();
  const { acknowledged } = await burst;
  expect(backedUp.code, backedUp.output).toBe(0);
  expect(backedUp.output).toContain('1 pictures copied');
  expect(backedUp.output).toContain('1 photos copied');
  expect(snapshot.length).toBeGreaterThan(0);
  expect(acknowledged.length).toBeGreaterThan(snapshot.length);
  // Writes went on while the backup ran.
  expect(duringBackup).toBeGreaterThan(0);

  // The backup holds the server's Web Push keys, and only its owner may read any of it.
  expect(fs.readFileSync(path.join(dest, 'vapid-keys.json'), 'utf8')).toBe(
    fs.readFileSync(path.join(instance.dataDir, 'vapid-keys.json'), 'utf8'),
  );
  expect(fs.statSync(dest).mode & 0o777).toBe(0o700);
  for (const name of ['muse.db', 'manifest.json', 'vapid-keys.json']) {
    expect(fs.statSync(path.join(dest, name)).mode & 0o777).toBe(0o600);
  }
  // Each migration was logged as it ran.
  expect(instance.output()).toMatch(/migration 001-initial: running/);
  expect(instance.output()).toMatch(/migration 001-initial: done in \d+ ms/);
  // So is the running instance's data directory and its database.
  expect(fs.statSync(instance.dataDir).mode & 0o777).toBe(0o700);
  expect(fs.statSync(path.join(instance.dataDir, 'muse.db')).mode & 0o777).toBe(0o600);

  // Restoring over the running instance's data is refused, --force or not: the instance holds
  // the data directory's lock for as long as it runs.
  for (const args of [
    ['restore', dest],
    ['restore', dest, '--force'],
  ]) {
    const refused = await run(args, instance.dataDir);
    expect(refused.code, refused.output).toBe(1);
    expect(refused.output).toMatch(/a Müse is using .*stop every instance that serves it first/);
  }

  const fresh = tempDir('muse-restored-');
  const restored = await run(['restore', dest], fresh);
  expect(restored.code, restored.output).toBe(0);
  const db = new DatabaseSync(path.join(fresh, 'muse.db'), { readOnly: true });
  try {
    expect(db.prepare('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' });
    const ids = new Set(
      (
        db.prepare("SELECT id FROM answers WHERE prompt_title = 'Burst'").all() as { id: string }[]
      ).map((row) => row.id),
    );
    expect(snapshot.filter((id) => !ids.has(id))).toEqual([]);
  } finally {
    db.close();
  }
  expect(fs.readFileSync(path.join(fresh, 'pictures', 'abc.webp'), 'utf8')).toBe('RIFF....WEBP');
  expect(fs.readFileSync(path.join(fresh, 'photos', 'abcdefghijklmnop.webp'), 'utf8')).toBe(
    'a photo',
  );
  expect(fs.existsSync(path.join(fresh, 'vapid-keys.json'))).toBe(true);

  // A second restore over existing data wants --force and keeps the old file aside.
  expect((await run(['restore', dest], fresh)).code).toBe(1);
  const forced = await run(['restore', dest, '--force'], fresh);
  expect(forced.code, forced.output).toBe(0);
  expect(fs.readdirSync(fresh).some((name) => name.startsWith('muse.db.before-restore-'))).toBe(
    true,
  );

  // Once the instance has stopped, its data may be restored.
  await instance.stop();
  const afterStop = await run(['restore', dest, '--force'], instance.dataDir);
  expect(afterStop.code, afterStop.output).toBe(0);
});

async function countStored(dataDir: string): Promise<number> {
  const db = new DatabaseSync(path.join(dataDir, 'muse.db'), { readOnly: true });
  try {
    const row = db
      .prepare("SELECT count(*) AS n FROM answers WHERE prompt_title = 'Burst'")
      .get() as {
      n: number;
    };
    return row.n;
  } finally {
    db.close();
  }
}
