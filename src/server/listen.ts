import net from 'node:net';
import type { FastifyInstance } from 'fastify';

// libuv accepts ONE new connection per turn of the event loop and listening socket (its pull
// request 3696, 2022; so does the libuv 1.52 of Node 24). On a busy server a turn is long
// (every ready connection's request is handled in it: 40 ms at 200 connections), so a crowd
// arriving at once, as a daily reminder sends it, was let in at about 25 connections a second:
// the last of 200 waited up to 3 s for its first page while everyone already in was served in
// 100 ms (bench: mixed crowd, decision 036). Several listening sockets on the one port
// (SO_REUSEPORT, Linux) each accept one per turn; the kernel spreads new connections over them,
// and each hands its connections to the one HTTP server.

/** Listening sockets per instance on Linux (the server's own and the extra ones). */
export const LISTENING_SOCKETS = 16;

type Address = { port: number; host: string };

/** Whether something is listening on `address` already: the plain bind fails then. */
function assertPortFree(address: Address): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen({ ...address, exclusive: true }, () => probe.close(() => resolve()));
  });
}

function listenExtra(address: Address): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ ...address, reusePort: true }, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/**
 * `app.listen`, with `sockets` listening sockets on Linux. Like a plain listen it fails when
 * anything holds the port (another Müse included: a socket sharing a port with SO_REUSEPORT
 * would otherwise quietly split the traffic with it), and `app.close()` stops every socket
 * accepting before in-flight requests finish.
 */
export async function listenSpread(
  app: FastifyInstance,
  address: Address,
  sockets = LISTENING_SOCKETS,
): Promise<void> {
  if (process.platform !== 'linux' || sockets <= 1) {
    await app.listen(address);
    return;
  }
  if (address.port !== 0) await assertPortFree(address);
  const extra: net.Server[] = [];
  // close() stops the socket listening at once; its callback would wait for every connection
  // it ever let in (the live streams among them), which the HTTP server closes itself.
  app.addHook('preClose', async () => {
    for (const server of extra) server.close();
  });
  // reusePort is passed on to the HTTP server's listen (Node ≥ 22.12); Fastify's type lacks it.
  await app.listen({ ...address, reusePort: true } as Address);
  const bound = app.server.address();
  if (!bound || typeof bound !== 'object') return;
  for (let index = 1; index < sockets; index += 1) {
    const server = await listenExtra({ port: bound.port, host: address.host });
    // Every socket goes through the HTTP server's own 'connection' handling (timeouts, the
    // per-address limit, closeAllConnections at the end of a grace period).
    server.on('connection', (socket) => app.server.emit('connection', socket));
    extra.push(server);
  }
}
