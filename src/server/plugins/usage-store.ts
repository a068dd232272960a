import type { Redis } from 'ioredis';
import { redisReady } from '../redis.ts';

// Counters for the per-user and per-address write limits (write-limits.ts): in this instance's
// memory, or in Redis when REDIS_URL is set, so that several instances share one budget instead
// of each granting its own. While Redis is away, memory counts (as the rate limits do, 047).

export type UsageTotal = {
  /** The key's total in the current window, `amount` included. */
  total: number;
  /** Milliseconds until the current window ends. */
  resetInMs: number;
};

export interface UsageStore {
  /**
   * Adds `amount` to `key` in the fixed window of `windowMs` that `now` falls in. A negative
   * amount gives back a charge made at the same `now` (a write refused as a whole).
   */
  add(key: string, amount: number, windowMs: number, now: number): Promise<UsageTotal>;
}

/** Fixed windows in a Map; expired windows are swept as time passes, so memory stays bounded. */
export function createMemoryUsageStore(): UsageStore {
  const windows = new Map<string, { ends: number; total: number }>();
  let nextSweep = 0;
  const sweep = (now: number) => {
    if (now < nextSweep) return;
    nextSweep = now + 60_000;
    for (const [key, window] of windows) if (window.ends <= now) windows.delete(key);
  };
  return {
    async add(key, amount, windowMs, now) {
      sweep(now);
      const start = Math.floor(now / windowMs) * windowMs;
      const id = `${key}@${windowMs}`;
      const current = windows.get(id);
      const window = current && current.ends > now ? current : { ends: start + windowMs, total: 0 };
      window.total += amount;
      windows.set(id, window);
      return { total: window.total, resetInMs: window.ends - now };
    },
  };
}

// INCRBY, and the window's expiry set by the first charge: one atomic step however many
// instances. A window is fixed from its first charge (memory aligns it to the clock instead).
const REDIS_ADD = `local n = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]); ttl = tonumber(ARGV[2]) end
return {n, ttl}`;

/** Redis, shared by every instance; `fallback` answers while it is away. */
export function createRedisUsageStore(
  redis: Redis,
  nameSpace: string,
  fallback: UsageStore,
): UsageStore {
  return {
    async add(key, amount, windowMs, now) {
      if (!redisReady(redis)) return fallback.add(key, amount, windowMs, now);
      try {
        const id = `${nameSpace}budget:${key}@${windowMs}`;
        const [total, ttl] = (await redis.eval(REDIS_ADD, 1, id, amount, windowMs)) as [
          number,
          number,
        ];
        return { total: Number(total), resetInMs: Number(ttl) };
      } catch {
        return fallback.add(key, amount, windowMs, now);
      }
    },
  };
}
