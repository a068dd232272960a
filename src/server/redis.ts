import { Redis } from 'ioredis';

type Log = {
  warn: (object: object, message: string) => void;
  info?: (object: object, message: string) => void;
};

// Redis is optional help, never a dependency (decision 047): while it is away, rate limits count
// in the database (or this instance's memory) and live events resume, with a `reset`, once it is
// back. What this file adds is the state of each Redis in use, for /readyz, /metrics and a log
// line once per outage.

/** Every open connection to each Redis URL, and whether that Redis is in an outage. */
const servers = new Map<string, { clients: Set<Redis>; outage: boolean }>();

/** 'up' when every connection to `url` is ready, 'down' otherwise; null when none is open. */
export function redisState(url: string | null): 'up' | 'down' | null {
  const server = url ? servers.get(url) : undefined;
  if (!server || server.clients.size === 0) return null;
  for (const client of server.clients) if (client.status !== 'ready') return 'down';
  return 'up';
}

/** Connections that failed (an error, a lost connection) and are not ready again yet. */
const away = new WeakSet<Redis>();

/**
 * Whether a command sent on `redis` now is worth waiting for: false once it is known to be away
 * (it would wait for a reconnect). While it first connects, commands queue and are answered.
 */
export function redisReady(redis: Redis): boolean {
  return !away.has(redis) && redis.status !== 'end';
}

/**
 * A Redis connection for shared counters and pub/sub. Commands fail fast while Redis is away
 * (one retry, no unbounded offline queue) instead of holding requests; it reconnects by itself.
 * An outage is logged once for all connections to the same Redis, and its end once.
 */
export function createRedis(url: string, log: Log, role: string): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    connectTimeout: 5_000,
    // A Redis gone silent (no reset) holds a command 1 s at most, then its stand-in answers;
    // keepalive finds such a peer out.
    commandTimeout: 1_000,
    keepAlive: 10_000,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  let server = servers.get(url);
  if (!server) {
    server = { clients: new Set(), outage: false };
    servers.set(url, server);
  }
  const known = server;
  known.clients.add(redis);
  // Without a listener ioredis reports connection errors as unhandled.
  redis.on('error', (error: Error) => {
    away.add(redis);
    if (known.outage) return;
    known.outage = true;
    log.warn(
      { err: { code: (error as { code?: unknown }).code, message: error.message }, role },
      'Redis unreachable: rate limits count in the database or memory, live events wait; retrying',
    );
  });
  redis.on('close', () => {
    if (redis.status !== 'end') away.add(redis);
  });
  redis.on('ready', () => {
    away.delete(redis);
    if (!known.outage || redisState(url) !== 'up') return;
    known.outage = false;
    if (log.info) log.info({ role }, 'Redis reachable again');
    else log.warn({ role }, 'Redis reachable again');
  });
  redis.on('end', () => {
    known.clients.delete(redis);
    if (known.clients.size === 0 && servers.get(url) === known) servers.delete(url);
  });
  return redis;
}
