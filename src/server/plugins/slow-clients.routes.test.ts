import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '#tests/support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/test-db.ts';

// Issue 13 point 5: a real listening server, raw sockets. A client that drips its body or its
// headers one byte every few seconds is cut off within 30 s; one address cannot hold more than
// its share of connections.

type Outcome = { closedAfterMs: number | null };

/** Writes `head`, then one byte of `drip` every `everyMs` until the server closes the socket. */
function drip(port: number, head: string, dripText: string, everyMs: number, giveUpMs: number) {
  return new Promise<Outcome>((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    let index = 0;
    const timer = setInterval(() => {
      if (socket.destroyed || index >= dripText.length) return;
      socket.write(dripText.charAt(index));
      index += 1;
    }, everyMs);
    const finish = (closedAfterMs: number | null) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ closedAfterMs });
    };
    const giveUp = setTimeout(() => finish(null), giveUpMs);
    socket.on('close', () => finish(Date.now() - started));
    socket.on('connect', () => socket.write(head));
  });
}

describe('slow and greedy clients', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    app = await buildTestApp(database.db, { maxConnectionsPerAddress: 5 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('cuts off a body that drips one byte every 2 s within 30 s', { timeout: 45_000 }, async () => {
    const body = JSON.stringify({ answer: { _id: 'slow', text: 'x'.repeat(200) } });
    const head =
      'POST /api/answer/save HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${body.length}\r\n\r\n`;
    const headers = `POST /api/answer/save HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${'y'.repeat(200)}`;
    const [bodyDrip, headerDrip] = await Promise.all([
      drip(port, head, body, 2_000, 32_000),
      drip(port, '', headers, 2_000, 32_000),
    ]);
    expect(bodyDrip.closedAfterMs).not.toBeNull();
    expect(bodyDrip.closedAfterMs).toBeLessThan(30_000);
    expect(headerDrip.closedAfterMs).not.toBeNull();
    expect(headerDrip.closedAfterMs).toBeLessThan(30_000);
  });

  it('holds one address to its share of open connections', async () => {
    const sockets = await Promise.all(
      Array.from(
        { length: 8 },
        () =>
          new Promise<net.Socket>((resolve) => {
            const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
            socket.on('error', () => undefined);
          }),
      ),
    );
    try {
      await expect
        .poll(() => sockets.filter((socket) => socket.destroyed || socket.readableEnded).length)
        .toBe(3);
      // The connections within the cap still work.
      const open = sockets.find((socket) => !socket.destroyed && !socket.readableEnded);
      const answer = await new Promise<string>((resolve) => {
        open?.once('data', (chunk) => resolve(chunk.toString()));
        open?.write(
          'POST /api/categories HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n',
        );
      });
      expect(answer).toMatch(/^HTTP\/1\.1 200/);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  });
});
