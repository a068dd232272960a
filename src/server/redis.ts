import { Redis } from 'ioredis';

/**
 * A Redis connection for shared counters and pub/sub. Commands fail fast while Redis is away
 * (one retry, no unbounded offline queue) instead of holding requests; it reconnects by itself.
 */
export function createRedis(url: string): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    connectTimeout: 5_000,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
}
