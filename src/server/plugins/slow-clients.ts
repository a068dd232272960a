import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

// The server cannot be starved by slow or many connections (issue 13 point 5):
// - headers must arrive within 10 s, and a request is cut after 15 minutes whatever happens
//   (long enough for a 100 MB picture on a slow line);
// - a body must keep coming: after 10 s it must have averaged 1 KiB/s, so a body that drips a
//   byte every few seconds is cut off within about 12 s (Node's own request timeout cannot tell
//   a slow upload from a drip);
// - idle keep-alive connections close after 10 s, silent sockets after 60 s;
// - one address holds at most MUSE_MAX_CONNECTIONS_PER_ADDRESS open connections.

export const SERVER_TIMEOUTS = {
  requestTimeout: 15 * 60_000,
  connectionTimeout: 60_000,
  keepAliveTimeout: 10_000,
  // Node checks the header and request timeouts on this interval (its default is 30 s).
  http: { headersTimeout: 10_000, connectionsCheckingInterval: 1_000 },
};

export const BODY_GRACE_MS = 10_000;
export const MIN_BODY_BYTES_PER_SECOND = 1024;
const CHECK_EVERY_MS = 1_000;

function expectsBody(headers: Record<string, string | string[] | undefined>): boolean {
  const length = headers['content-length'];
  return (length !== undefined && length !== '0') || headers['transfer-encoding'] !== undefined;
}

export function guardSlowClients(app: FastifyInstance, maxConnectionsPerAddress: number): void {
  app.addHook('onRequest', async (request) => {
    const raw = request.raw;
    const socket = raw.socket;
    // inject() has no real socket, and bodiless requests have nothing to drip.
    if (!(socket instanceof Socket) || !expectsBody(request.headers)) return;
    const started = Date.now();
    const bytesAtStart = socket.bytesRead;
    const stop = () => {
      clearInterval(timer);
      socket.off('close', stop);
    };
    const timer = setInterval(() => {
      if (raw.complete || socket.destroyed) {
        stop();
        return;
      }
      const elapsed = Date.now() - started;
      const received = socket.bytesRead - bytesAtStart;
      if (elapsed >= BODY_GRACE_MS && received < (MIN_BODY_BYTES_PER_SECOND * elapsed) / 1000) {
        stop();
        socket.destroy();
      }
    }, CHECK_EVERY_MS);
    timer.unref();
    socket.once('close', stop);
  });

  if (maxConnectionsPerAddress <= 0) return;
  const open = new Map<string, number>();
  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = (open.get(address) ?? 0) + 1;
    if (count > maxConnectionsPerAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
