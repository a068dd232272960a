import { Redis } from 'ioredis';

/**
 * A Redis connection for shared counters and pub/sub. Commands fail fast while Redis is away
 * (one retry, no unbounded offline queue) instead of holding requests; it reconnects by itself.
 */
export function createRedis(
  url: string,
  log: { warn: (object: object, message: string) => void },
  role: string,
): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    connectTimeout: 5_000,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  // Without a listener ioredis reports connection errors as unhandled; log them once per
  // outage instead of once per retry.
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: error }, `Redis (${role}) unreachable; retrying`);
  });
  redis.on('ready', () => {
    down = false;
  });
  return redis;
}
