import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { createDatabase } from './database.ts';

it('keeps an acknowledged SQLite write when the process is killed right after', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-durable-'));
  const file = path.join(dir, 'muse.db');
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
  const row = await db
    .selectFrom('categories')
    .select('name')
    .where('name', '=', 'Durable')
    .executeTakeFirst();
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
  expect(row?.name).toBe('Durable');
});
