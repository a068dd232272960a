import fastifyRateLimit, {
  type FastifyRateLimitOptions,
  type FastifyRateLimitStore,
} from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { type Database, isPostgres } from '../db/database.ts';
import type { AppDeps } from '../deps.ts';
import { createRedis, redisReady } from '../redis.ts';
import { clientKey } from './client-address.ts';
import { HttpError } from './errors.ts';
import { deleteExpiredRateLimits, hitRateLimit } from './rate-limits.repo.ts';
import { createMemoryUsageStore, createRedisUsageStore, type UsageStore } from './usage-store.ts';

/**
 * Per-address limits for the calls people or bots could abuse. Counted where every instance
 * sees the same numbers: Redis when REDIS_URL is set, else the PostgreSQL table rate_limits;
 * a SQLite Müse is one instance and counts in memory. While Redis is away, the table (or
 * memory) counts instead (decision 047).
 */
const DEFAULT_LIMITS = {
  createUser: { max: 30, timeWindow: 60 * 60 * 1000 },
  signup: { max: 10, timeWindow: 60 * 60 * 1000 },
  login: { max: 30, timeWindow: 15 * 60 * 1000 },
  like: { max: 120, timeWindow: 60 * 1000 },
  report: { max: 30, timeWindow: 60 * 60 * 1000 },
  promptSubmission: { max: 20, timeWindow: 60 * 60 * 1000 },
  upload: { max: 20, timeWindow: 60 * 60 * 1000 },
  // Ways back in (decision 014): per address, on top of the per-account limits.
  passwordReset: { max: 10, timeWindow: 60 * 60 * 1000 },
  recoveryCode: { max: 10, timeWindow: 15 * 60 * 1000 },
} as const;

export type LimitName = keyof typeof DEFAULT_LIMITS;
export type RateLimits = Record<LimitName, { max: number; timeWindow: number }>;

/** `MUSE_RATE_LIMITS=relaxed` raises every per-address limit 100× (load tests, CI). */
export function rateLimits(relaxed: boolean): RateLimits {
  const factor = relaxed ? 100 : 1;
  const entries = Object.entries(DEFAULT_LIMITS).map(([name, limit]) => [
    name,
    { max: limit.max * factor, timeWindow: limit.timeWindow },
  ]);
  return Object.fromEntries(entries) as RateLimits;
}

type StoreResult = { current: number; ttl: number };
type RouteInfo = { routeInfo?: { method?: unknown; url?: unknown } };
/** Counts one hit on `key` in a window of `windowMs`: the count so far and ms until it ends. */
type Counter = (key: string, windowMs: number) => Promise<StoreResult>;

/** @fastify/rate-limit's store interface over a counter; each route counts under its own prefix. */
function counterStore(count: Counter) {
  return class CounterStore implements FastifyRateLimitStore {
    readonly prefix: string;
    constructor(_options?: unknown, prefix = 'rl:') {
      this.prefix = prefix;
    }
    incr(
      key: string,
      callback: (error: Error | null, result?: StoreResult) => void,
      timeWindow: number,
    ): void {
      count(this.prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }
    child(routeOptions: unknown): FastifyRateLimitStore {
      const { routeInfo } = routeOptions as RouteInfo;
      return new CounterStore(
        undefined,
        `${this.prefix}${String(routeInfo?.method ?? '')}${String(routeInfo?.url ?? '')}:`,
      );
    }
  };
}

/** The rate_limits table (UPSERT … RETURNING): shared by every instance on one PostgreSQL. */
function databaseCounter(db: Database): Counter {
  return async (key, windowMs) => {
    const now = Date.now();
    // Now and then, forget windows that ended long ago (a day's grace covers every limit).
    if (Math.random() < 0.002) {
      deleteExpiredRateLimits(db, now - 24 * 60 * 60 * 1000).catch(() => {});
    }
    const { count, resetAt } = await hitRateLimit(db, key, windowMs, now);
    return { current: count, ttl: Math.max(0, resetAt - now) };
  };
}

/** This instance's memory: what one SQLite instance needs, and Redis's stand-in on SQLite. */
function memoryCounter(): Counter {
  const usage = createMemoryUsageStore();
  return async (key, windowMs) => {
    const { total, resetInMs } = await usage.add(key, 1, windowMs, Date.now());
    return { current: total, ttl: resetInMs };
  };
}

// INCR, and the window's expiry set by the first hit: one atomic step however many instances.
const REDIS_HIT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {n, ttl}`;

/**
 * Redis, and while it is away `fallback` (decision 047): the database on PostgreSQL, else memory.
 * A request never waits for Redis to come back, and limits still hold meanwhile.
 */
function redisCounter(redis: Redis, nameSpace: string, fallback: Counter): Counter {
  return async (key, windowMs) => {
    if (!redisReady(redis)) return fallback(key, windowMs);
    try {
      const [current, ttl] = (await redis.eval(REDIS_HIT, 1, nameSpace + key, windowMs)) as [
        number,
        number,
      ];
      return { current: Number(current), ttl: Number(ttl) };
    } catch {
      return fallback(key, windowMs);
    }
  };
}

/** The rate limits' store, and the write budgets' (write-limits.ts) on the same Redis. */
function stores(
  app: FastifyInstance,
  deps: AppDeps,
): { limits: Partial<FastifyRateLimitOptions>; budgets: UsageStore } {
  const { config } = deps;
  const local = isPostgres(deps.db) ? databaseCounter(deps.db) : null;
  if (config.redisUrl) {
    const redis = createRedis(config.redisUrl, app.log, 'rate limits');
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    const counter = redisCounter(redis, config.redisPrefix, local ?? memoryCounter());
    return {
      limits: { store: counterStore(counter) },
      budgets: createRedisUsageStore(redis, config.redisPrefix, createMemoryUsageStore()),
    };
  }
  const budgets = createMemoryUsageStore();
  return { limits: local ? { store: counterStore(local) } : {}, budgets };
}

/**
 * Registers the rate limits; answers the store the write budgets count in (shared through Redis
 * when REDIS_URL is set, else this instance's memory).
 */
export async function registerRateLimiting(
  app: FastifyInstance,
  deps: AppDeps,
): Promise<UsageStore> {
  const { limits, budgets } = stores(app, deps);
  // Not global: only routes that name a limit in their config get one. No loopback exemption.
  // request.ip is the socket's address unless TRUST_PROXY names the proxies in front (app.ts).
  await app.register(fastifyRateLimit, {
    global: false,
    ...limits,
    // Redis away: its stand-in counts (redisCounter). The database away as well: calls go
    // through to their handlers, which answer 503 themselves; the limits are a brake, not a lock.
    skipOnError: true,
    // One client: an IPv4 address, or an IPv6 /64 (client-address.ts).
    keyGenerator: (request) => clientKey(request.ip),
    // Thrown as an error so the shared error handler words the JSON like every other 4xx.
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many requests: try again in ${Math.ceil(context.ttl / 1000)} s`),
  });
  return budgets;
}
