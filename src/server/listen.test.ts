import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { LISTENING_SOCKETS, listenSpread } from './listen.ts';

const HOST = '127.0.0.1';
const apps: FastifyInstance[] = [];

async function spreadApp(sockets = LISTENING_SOCKETS, port = 0): Promise<FastifyInstance> {
  const app = Fastify();
  app.get('/', async () => ({ ok: true }));
  apps.push(app);
  await listenSpread(app, { port, host: HOST }, sockets);
  return app;
}

function portOf(app: FastifyInstance): number {
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('not listening');
  return address.port;
}

/** Holds the event loop for `ms`: the kernel completes handshakes meanwhile, nobody accepts. */
function block(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy
  }
}

const nextCheck = () => new Promise((resolve) => setImmediate(resolve));

/** How many connections the server lets in during one turn of the loop with 40 waiting. */
async function acceptedInOneTurn(app: FastifyInstance): Promise<number> {
  let accepted = 0;
  app.server.on('connection', () => {
    accepted += 1;
  });
  const clients = Array.from({ length: 40 }, () => net.connect(portOf(app), HOST));
  try {
    await Promise.resolve();
    block(300);
    // From one check phase to the next: exactly one poll phase, where accepts happen.
    await nextCheck();
    const before = accepted;
    await nextCheck();
    return accepted - before;
  } finally {
    for (const client of clients) client.destroy();
  }
}

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

describe.runIf(process.platform === 'linux')('listening on several sockets', () => {
  it('lets a crowd arriving at once in many per loop turn, where one socket lets in one', async () => {
    expect(await acceptedInOneTurn(await spreadApp(1))).toBe(1);
    // 40 connections over 16 sockets: the kernel leaves few sockets with none waiting.
    expect(await acceptedInOneTurn(await spreadApp())).toBeGreaterThanOrEqual(4);
  });

  it('serves requests through each of its sockets as one server', async () => {
    const app = await spreadApp();
    const seen = new Set<string>();
    app.server.on('connection', (socket: net.Socket) => seen.add(String(socket.remotePort)));
    const answers = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const response = await fetch(`http://${HOST}:${portOf(app)}/`, {
          headers: { connection: 'close' },
        });
        return response.json();
      }),
    );
    expect(answers).toEqual(Array.from({ length: 30 }, () => ({ ok: true })));
    expect(seen.size).toBe(30);
  });

  it('refuses a port that is taken, by another program or another Müse, as a plain listen does', async () => {
    const other = net.createServer();
    await new Promise<void>((resolve) => other.listen(0, HOST, resolve));
    const taken = (other.address() as net.AddressInfo).port;
    try {
      await expect(spreadApp(LISTENING_SOCKETS, taken)).rejects.toMatchObject({
        code: 'EADDRINUSE',
      });
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
    const first = await spreadApp();
    await expect(spreadApp(LISTENING_SOCKETS, portOf(first))).rejects.toMatchObject({
      code: 'EADDRINUSE',
    });
  });

  it('stops every socket listening when the app closes: the port is free again', async () => {
    const app = await spreadApp();
    const port = portOf(app);
    await app.close();
    const again = net.createServer();
    await new Promise<void>((resolve, reject) => {
      again.once('error', reject);
      again.listen({ port, host: HOST, exclusive: true }, resolve);
    });
    await new Promise((resolve) => again.close(resolve));
  });
});
