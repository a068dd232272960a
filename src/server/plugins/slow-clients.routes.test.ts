import { randomBytes } from 'node:crypto';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { argon2id, createPasswordHasher, FAST_TEST_COST } from '#server/features/auth/passwords.ts';
import { checkAnswersAgainstOpenApi } from '#tests/support/openapi-check.ts';
import { buildTestApp, testConfig } from '#tests/support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/test-db.ts';

// Issue 13 point 5: a real listening server, raw sockets. A client that drips its body or its
// headers one byte every few seconds is cut off within 30 s; one address cannot hold more than
// its share of connections, and past it is told so with an HTTP answer (issue 33 point 7); a
// request the server is still working on is never cut by the idle-socket timeout (point 6).

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

  it('answers the connections past one address’s share with 429, never a reset', async () => {
    const sockets = await Promise.all(Array.from({ length: 8 }, () => connect(port)));
    try {
      // Each of the eight asks, one after another, on its own connection: five are served, and
      // the three past the cap of five get an answer saying so, then their connection closes.
      const answers = await Promise.all(sockets.map((socket) => ask(socket, CATEGORIES)));
      expect(answers.filter((answer) => answer.startsWith('HTTP/1.1 200'))).toHaveLength(5);
      const refused = answers.filter((answer) => answer.startsWith('HTTP/1.1 429'));
      expect(refused).toHaveLength(3);
      for (const answer of refused) {
        expect(answer).toMatch(/\r\nretry-after: \d+\r\n/i);
        expect(answer).toMatch(/\r\nconnection: close\r\n/i);
      }
      await expect.poll(() => sockets.filter((socket) => socket.readableEnded).length).toBe(3);
      expect(sockets.filter((socket) => socket.destroyed && !socket.readableEnded)).toHaveLength(0);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  });
});

const CATEGORIES = 'POST /api/categories HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n';

function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', () => undefined);
  });
}

/** Writes `request` and collects what comes back until the head and body have arrived. */
function ask(socket: net.Socket, request: string): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const done = () => {
      socket.off('data', onData);
      resolve(text);
    };
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const [head, body = ''] = text.split('\r\n\r\n');
      const length = /\r\ncontent-length: (\d+)/i.exec(head ?? '');
      if (length && body.length >= Number(length[1])) done();
    };
    socket.on('data', onData);
    socket.once('close', done);
    socket.write(request);
  });
}

type Answer = { status: number; retryAfter: string | null; connection: string | null };

/** A JSON POST through fetch; a connection cut before any answer rejects. */
async function postJson(
  origin: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Answer & { cookie: string }> {
  const response = await fetch(`${origin}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    connection: response.headers.get('connection'),
    cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '',
  };
}

/** A new anonymous user, then its sign-up (which hashes a password): the sign-up's answer. */
async function signUp(origin: string, headers: Record<string, string> = {}): Promise<Answer> {
  const id = `u${randomBytes(6).toString('hex')}`;
  const made = await postJson(
    origin,
    '/api/user/create',
    { user: { _id: id }, device: randomBytes(18).toString('base64url') },
    headers,
  );
  expect(made.status).toBe(200);
  const name = `n${randomBytes(6).toString('hex')}`;
  return postJson(
    origin,
    '/api/signup',
    { user: { _id: id, name, email: `${name}@example.com`, password: 'long enough' } },
    { ...headers, cookie: made.cookie },
  );
}

describe('requests the server is still working on', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let origin: string;
  const HASH_MS = 2_500;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    // Every password hash takes 2.5 s, as a queued one can on a busy machine.
    const slowHasher = createPasswordHasher({
      cost: FAST_TEST_COST,
      derive: (password, salt, cost) =>
        new Promise((resolve) => setTimeout(resolve, HASH_MS)).then(() =>
          argon2id(password, salt, cost),
        ),
      concurrency: 4,
      estimateMs: HASH_MS,
      maxWaitMs: 60_000,
    });
    app = await buildApp({
      db: database.db,
      config: testConfig({ maxConnectionsPerAddress: 2, trustProxy: ['127.0.0.1'] }),
      clientDir: '/nonexistent-muse-client',
      passwords: slowHasher,
    });
    checkAnswersAgainstOpenApi(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    // The idle-socket timeout (60 s in production) made short enough to outlast here.
    app.server.setTimeout(1_000);
    const address = app.server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('answers a request that waits longer than the idle-socket timeout for its hash', async () => {
    const started = Date.now();
    const answer = await signUp(origin, { 'x-forwarded-for': '198.51.100.1' });
    expect(answer.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThan(HASH_MS);
  });

  it('still closes a socket that says nothing for the idle-socket timeout', async () => {
    const socket = await connect(Number(new URL(origin).port));
    const started = Date.now();
    await new Promise((resolve) => socket.once('close', resolve));
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('behind a trusted proxy, limits requests in progress per forwarded client, IPv6 by /64', async () => {
    // Two sign-ups in progress from one /64 fill its share of two…
    const held = [
      signUp(origin, { 'x-forwarded-for': '2001:db8:0:1::a' }),
      signUp(origin, { 'x-forwarded-for': '2001:db8:0:1::b' }),
    ];
    await new Promise((resolve) => setTimeout(resolve, 500));
    // …so a third from another address in it is answered 429 at once, without closing the
    // proxy's connection, while another /64 and another IPv4 client are served.
    const third = await postJson(
      origin,
      '/api/categories',
      {},
      {
        'x-forwarded-for': '2001:db8:0:1::c',
      },
    );
    expect(third.status).toBe(429);
    expect(third.retryAfter).toMatch(/^\d+$/);
    expect(third.connection).not.toBe('close');
    const neighbour = await postJson(
      origin,
      '/api/categories',
      {},
      {
        'x-forwarded-for': '2001:db8:0:2::a',
      },
    );
    expect(neighbour.status).toBe(200);
    expect((await Promise.all(held)).map((answer) => answer.status)).toEqual([200, 200]);
    // Once they are answered, the share is free again.
    const later = await postJson(
      origin,
      '/api/categories',
      {},
      {
        'x-forwarded-for': '2001:db8:0:1::c',
      },
    );
    expect(later.status).toBe(200);
  });
});
