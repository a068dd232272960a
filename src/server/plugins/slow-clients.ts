import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

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

type Upload = { raw: IncomingMessage; socket: Socket; started: number; bytesAtStart: number };

export function guardSlowClients(app: FastifyInstance, maxConnectionsPerAddress: number): void {
  // One timer for all bodies under way, not a timer and a listener per request (decision 030):
  // each tick forgets the bodies that have arrived or whose socket is gone, and cuts the slow.
  const uploads = new Set<Upload>();
  let timer: NodeJS.Timeout | null = null;
  const check = () => {
    const now = Date.now();
    for (const upload of uploads) {
      const { raw, socket, started, bytesAtStart } = upload;
      if (raw.complete || socket.destroyed) {
        uploads.delete(upload);
        continue;
      }
      const elapsed = now - started;
      const received = socket.bytesRead - bytesAtStart;
      if (elapsed >= BODY_GRACE_MS && received < (MIN_BODY_BYTES_PER_SECOND * elapsed) / 1000) {
        uploads.delete(upload);
        socket.destroy();
      }
    }
    if (uploads.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
  const watch = (request: FastifyRequest): void => {
    const raw = request.raw;
    const socket = raw.socket;
    // inject() has no real socket, and bodiless requests have nothing to drip.
    if (!(socket instanceof Socket) || !expectsBody(request.headers) || raw.complete) return;
    uploads.add({ raw, socket, started: Date.now(), bytesAtStart: socket.bytesRead });
    if (!timer) {
      timer = setInterval(check, CHECK_EVERY_MS);
      timer.unref();
    }
  };
  // A callback hook: no promise per request for synchronous work (decision 038).
  app.addHook('onRequest', (request, _reply, done) => {
    watch(request);
    done();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    timer = null;
    uploads.clear();
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
