import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, expect, it } from 'vitest';
import { call, type Instance, startInstance, tempDir } from '#tests/support/instances.ts';

// Issue 34 point 7: the database, its -wal and -shm, the lock, the Web Push keys, the pictures
// and every backup are the server user's alone (0600 files, 0700 directories), on a new install
// and on one whose files an older version left readable by everyone, after a backup into a
// directory made beforehand and after a restore.

const root = path.resolve(import.meta.dirname, '../../..');

function cli(args: string[], dataDir: string): Promise<{ code: number | null; output: string }> {
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

/** Every path under `dir` (itself included), relative, with its permission bits. */
function modes(dir: string): Map<string, number> {
  const found = new Map<string, number>();
  const walk = (at: string) => {
    const stat = fs.lstatSync(at);
    found.set(path.relative(dir, at) || '.', stat.mode & 0o777);
    if (stat.isDirectory()) for (const name of fs.readdirSync(at)) walk(path.join(at, name));
  };
  walk(dir);
  return found;
}

/** The paths under `dir` that the group or others may use at all: none, when private. */
const readableByOthers = (dir: string) =>
  [...modes(dir)]
    .filter(([, mode]) => (mode & 0o077) !== 0)
    .map(([name, mode]) => `${name} ${mode.toString(8)}`);

/** What an install from before the fix looks like: everything 0644 / 0755. */
function loosen(dir: string): void {
  for (const [name] of modes(dir)) {
    const at = path.join(dir, name);
    fs.chmodSync(at, fs.lstatSync(at).isDirectory() ? 0o755 : 0o644);
  }
}

const instances: Instance[] = [];
afterAll(async () => {
  for (const instance of instances) await instance.stop();
});

it('keeps the database, its log, keys, pictures and backups private (0600 / 0700)', async () => {
  // An install made by an older version: its files readable by everyone.
  const first = await startInstance();
  instances.push(first);
  const dataDir = first.dataDir;
  await first.stop();
  fs.mkdirSync(path.join(dataDir, 'pictures'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'pictures', 'old.webp'), 'RIFF....WEBP');
  loosen(dataDir);
  expect(readableByOthers(dataDir)).toContain('muse.db 644');

  const instance = await startInstance({ dataDir });
  instances.push(instance);
  // A person uploads a picture.
  const id = `u${randomBytes(6).toString('hex')}`;
  const device = randomBytes(18).toString('base64url');
  const created = await call(instance.origin, '/api/user/create', { user: { _id: id }, device });
  expect(created.status).toBe(200);
  const name = `P${randomBytes(4).toString('hex')}`;
  const user = { _id: id, name, email: `${name}@example.com`, password: 'a long password' };
  const signed = await call(instance.origin, '/api/signup', { user, device }, created.cookie);
  expect(signed.status).toBe(200);
  const png = await sharp({
    create: { width: 32, height: 32, channels: 3, background: '#a33' },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('picture', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
  const uploaded = await fetch(`${instance.origin}/api/user/picture`, {
    method: 'POST',
    headers: { cookie: signed.cookie ?? '' },
    body: form,
  });
  expect(uploaded.status, await uploaded.clone().text()).toBe(200);
  const picture = path.basename(
    ((await uploaded.json()) as { profilePicture: string }).profilePicture,
  );

  const live = modes(dataDir);
  for (const file of [
    'muse.db',
    'muse.db-wal',
    'muse.db-shm',
    'muse.lock',
    'vapid-keys.json',
    'pictures/old.webp',
    `pictures/${picture}`,
  ]) {
    expect(live.get(file), file).toBe(0o600);
  }
  expect(live.get('.')).toBe(0o700);
  expect(live.get('pictures')).toBe(0o700);
  expect(readableByOthers(dataDir)).toEqual([]);

  // A backup into a directory the operator made beforehand (0755), while the server runs.
  const dest = tempDir('muse-private-backup-');
  fs.chmodSync(dest, 0o755);
  const backedUp = await cli(['backup', dest], dataDir);
  expect(backedUp.code, backedUp.output).toBe(0);
  expect([...modes(dest).keys()].sort()).toEqual(
    [
      '.',
      'manifest.json',
      'muse.db',
      'pictures',
      'pictures/old.webp',
      `pictures/${picture}`,
      'vapid-keys.json',
    ].sort(),
  );
  expect(readableByOthers(dest)).toEqual([]);

  // A restore into a new directory made beforehand (0755), and one over the stopped server's
  // data, whose old files are kept aside.
  await instance.stop();
  const fresh = tempDir('muse-private-restored-');
  fs.chmodSync(fresh, 0o755);
  const restored = await cli(['restore', dest], fresh);
  expect(restored.code, restored.output).toBe(0);
  expect(modes(fresh).get(`pictures/${picture}`)).toBe(0o600);
  expect(readableByOthers(fresh)).toEqual([]);
  loosen(dataDir);
  const forced = await cli(['restore', dest, '--force'], dataDir);
  expect(forced.code, forced.output).toBe(0);
  expect([...modes(dataDir).keys()].some((file) => file.includes('before-restore'))).toBe(true);
  expect(readableByOthers(dataDir)).toEqual([]);
});
