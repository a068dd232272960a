import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { type RunningServer, startServer } from './support/server.ts';

const MAX = 104_857_600;
const CHUNK = 1024 * 1024;

function statusBytes(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(new RegExp(`${field}:\\s+(\\d+) kB`))?.[1] ?? Number.NaN);
  return kb * 1024;
}

/**
 * Resets the process's peak resident memory to what it holds now (Linux: `5` to `clear_refs`)
 * and returns it, so the peak read afterwards belongs to the upload alone and not to an earlier
 * moment (start-up, a password hash).
 */
function resetPeakRss(pid: number): number {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  return statusBytes(pid, 'VmRSS');
}

/**
 * A server that held the upload in memory would grow by at least the body (100 MB). Streaming to
 * disk still leaves the socket's chunks as garbage until V8 collects them, and V8 waits for about
 * 64 MB of such outside memory before it does (measured: 63–68 MB streaming; 195–199 MB with the body held in memory): the bound sits between.
 */
const BOUND = 90 * 1024 * 1024;

/** A multipart body of `size` file bytes, produced a chunk at a time (never all in memory). */
function streamingUpload(size: number, boundary: string): ReadableStream<Uint8Array> {
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="picture"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const filler = Buffer.alloc(CHUNK, 0x61);
  let sent = 0;
  let stage: 'head' | 'body' | 'tail' | 'done' = 'head';
  return new ReadableStream({
    pull(controller) {
      if (stage === 'head') {
        controller.enqueue(new Uint8Array(head));
        stage = 'body';
      } else if (stage === 'body') {
        const n = Math.min(CHUNK, size - sent);
        controller.enqueue(new Uint8Array(filler.subarray(0, n)));
        sent += n;
        if (sent >= size) stage = 'tail';
      } else if (stage === 'tail') {
        controller.enqueue(new Uint8Array(tail));
        stage = 'done';
      } else {
        controller.close();
      }
    },
  });
}

// No browser here: the running server's own limits, next to the other specs that start it.
test.describe('picture upload limits on the running server', () => {
  let server: RunningServer;
  let cookie: string;
  test.beforeAll(async () => {
    server = await startServer();
    const id = `up${Date.now()}`;
    const created = await fetch(`${server.origin}/api/user/create`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ user: { _id: id }, device: `${id}-this-device` }),
    });
    cookie = (created.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const signup = await fetch(`${server.origin}/api/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', cookie },
      body: JSON.stringify({
        user: { _id: id, name: id, email: `${id}@example.com`, password: 'long enough' },
      }),
    });
    expect(signup.status).toBe(200);
    cookie = (signup.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  const upload = (size: number) => {
    const boundary = '----muse-big-upload';
    return fetch(`${server.origin}/api/user/picture`, {
      method: 'POST',
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, cookie },
      body: streamingUpload(size, boundary),
      duplex: 'half',
    } as RequestInit);
  };

  test('refuses one byte over 100 MB with 413, leaves nothing behind and keeps memory bounded', async () => {
    const before = resetPeakRss(server.pid);
    const response = await upload(MAX + 1);
    expect(response.status).toBe(413);
    const growth = statusBytes(server.pid, 'VmHWM') - before;
    console.log(`peak growth during the upload: ${(growth / 1048576).toFixed(1)} MB`);
    expect(growth).toBeLessThan(BOUND);
    expect(fs.readdirSync(path.join(server.dataDir, 'pictures'))).toEqual([]);
  });

  test('accepts exactly 100 MB through the limit, then refuses it for not being an image', async () => {
    const before = resetPeakRss(server.pid);
    const response = await upload(MAX);
    expect(response.status).toBe(415);
    const growth = statusBytes(server.pid, 'VmHWM') - before;
    console.log(`peak growth during the upload: ${(growth / 1048576).toFixed(1)} MB`);
    expect(growth).toBeLessThan(BOUND);
    expect(fs.readdirSync(path.join(server.dataDir, 'pictures'))).toEqual([]);
  });
});
