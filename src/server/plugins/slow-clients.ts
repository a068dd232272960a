import type { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientKey } from './client-address.ts';
import { HttpError } from './errors.ts';

// The server cannot be starved by slow or many connections (issue 13 point 5):
// - headers must arrive within 10 s, and a request is cut after 15 minutes whatever happens
//   (long enough for a 100 MB picture on a slow line);
// - a body must keep coming: after 10 s it must have averaged 1 KiB/s, so a body that drips a
//   byte every few seconds is cut off within about 12 s (Node's own request timeout cannot tell
//   a slow upload from a drip);
// - idle keep-alive connections close after 10 s, silent sockets after 60 s — but never a
//   request the server is still working on (a login queued for its password hash was cut at
//   60 s, issue 33): only the client's silence, or a response it does not read, closes one;
// - one client holds at most MUSE_MAX_CONNECTIONS_PER_ADDRESS connections (default 256: a
//   school or a carrier NAT puts dozens of people behind one address, each browser opening up
//   to six). Counted per client as the rate limits see it (client-address.ts: IPv6 by /64).
//   Directly on the internet that is open sockets per address; behind a trusted proxy
//   (TRUST_PROXY) every socket is the proxy's, so it is requests in progress per forwarded
//   client instead. Past the limit a client gets an answer, 429 with Retry-After (and
//   Connection: close on its own socket), never a silent reset.

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

const TOO_MANY_RETRY_AFTER_S = 5;
const tooMany = (closeSocket: boolean) =>
  new HttpError(429, 'Too many connections from your network: try again in a few seconds', {
    'Retry-After': String(TOO_MANY_RETRY_AFTER_S),
    ...(closeSocket ? { Connection: 'close' } : {}),
  });

export function guardSlowClients(
  app: FastifyInstance,
  maxConnectionsPerAddress: number,
  behindProxy: boolean,
): void {
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
  // The response each socket's latest request will get, for the idle-socket timeout below.
  const responses = new WeakMap<Socket, ServerResponse>();
  const limitSockets = maxConnectionsPerAddress > 0 && !behindProxy;
  const limitRequests = maxConnectionsPerAddress > 0 && behindProxy;
  const overLimit = new WeakSet<Socket>();
  const inProgress = new Map<string, number>();
  // A callback hook: no promise per request for synchronous work (decision 038).
  app.addHook('onRequest', (request, reply, done) => {
    const socket = request.raw.socket;
    if (socket instanceof Socket) responses.set(socket, reply.raw);
    if (limitSockets && overLimit.has(socket)) return done(tooMany(true));
    if (limitRequests && !admitRequest(request, reply)) return done(tooMany(false));
    watch(request);
    done();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    timer = null;
    uploads.clear();
  });

  // Node destroys a socket silent for connectionTimeout (60 s) even while its request waits
  // for us. With a listener here it leaves that to us: a socket whose request has all arrived
  // and whose answer is not written yet (and has nothing stuck unsent) is waiting for the
  // server, so it stays; every other is idle or not reading, and is destroyed as before.
  app.server.on('timeout', (socket: Socket) => {
    const response = responses.get(socket);
    const working =
      response !== undefined &&
      !response.writableFinished &&
      response.req.complete &&
      socket.writableLength === 0;
    if (working && !socket.destroyed) socket.setTimeout(app.server.timeout);
    else socket.destroy();
  });

  function admitRequest(request: FastifyRequest, reply: FastifyReply): boolean {
    const key = clientKey(request.ip);
    const count = (inProgress.get(key) ?? 0) + 1;
    if (count > maxConnectionsPerAddress) return false;
    inProgress.set(key, count);
    // 'close' comes once for every response, finished or cut short.
    reply.raw.once('close', () => {
      const left = (inProgress.get(key) ?? 1) - 1;
      if (left > 0) inProgress.set(key, left);
      else inProgress.delete(key);
    });
    return true;
  }

  if (!limitSockets) return;
  const open = new Map<string, number>();
  app.server.on('connection', (socket: Socket) => {
    const key = clientKey(socket.remoteAddress ?? 'unknown');
    const count = (open.get(key) ?? 0) + 1;
    if (count > maxConnectionsPerAddress) {
      // Kept just long enough to answer its first request with 429 (or cut by the 10 s
      // headers timeout if it sends none): a reset tells a browser nothing.
      overLimit.add(socket);
      return;
    }
    open.set(key, count);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
}
