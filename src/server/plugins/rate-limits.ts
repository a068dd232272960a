import fastifyRateLimit, {
  type FastifyRateLimitOptions,
  type FastifyRateLimitStore,
} from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { type Database, isPostgres } from '../db/database.ts';
import type { AppDeps } from '../deps.ts';
import { createRedis } from '../redis.ts';
import { clientKey } from './client-address.ts';
import { HttpError } from './errors.ts';
import { deleteExpiredRateLimits, hitRateLimit } from './rate-limits.repo.ts';

/**
 * Per-address limits for the calls people or bots could abuse. Counted where every instance
 * sees the same numbers: Redis when REDIS_URL is set, else the PostgreSQL table rate_limits;
 * a SQLite Müse is one instance and counts in memory.
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

/** @fastify/rate-limit's store interface over the rate_limits table (UPSERT … RETURNING). */
function postgresStore(db: Database) {
  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    readonly prefix: string;
    constructor(_options?: unknown, prefix = 'rl:') {
      this.prefix = prefix;
    }
    incr(
      key: string,
      callback: (error: Error | null, result?: StoreResult) => void,
      timeWindow: number,
    ): void {
      const now = Date.now();
      hitRateLimit(db, this.prefix + key, timeWindow, now).then(
        ({ count, resetAt }) => callback(null, { current: count, ttl: Math.max(0, resetAt - now) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
      // Now and then, forget windows that ended long ago (a day's grace covers every limit).
      if (Math.random() < 0.002) {
        deleteExpiredRateLimits(db, now - 24 * 60 * 60 * 1000).catch(() => {});
      }
    }
    child(routeOptions: unknown): FastifyRateLimitStore {
      const { routeInfo } = routeOptions as RouteInfo;
      return new PostgresRateLimitStore(
        undefined,
        `${this.prefix}${String(routeInfo?.method ?? '')}${String(routeInfo?.url ?? '')}:`,
      );
    }
  };
}

function storeOptions(app: FastifyInstance, deps: AppDeps): Partial<FastifyRateLimitOptions> {
  const { config } = deps;
  if (config.redisUrl) {
    const redis = createRedis(config.redisUrl, app.log, 'rate limits');
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    return { redis, nameSpace: `${config.redisPrefix}rl:` };
  }
  if (isPostgres(deps.db)) return { store: postgresStore(deps.db) };
  return {};
}

export async function registerRateLimiting(app: FastifyInstance, deps: AppDeps): Promise<void> {
  // Not global: only routes that name a limit in their config get one. No loopback exemption.
  // request.ip is the socket's address unless TRUST_PROXY names the proxies in front (app.ts).
  await app.register(fastifyRateLimit, {
    global: false,
    ...storeOptions(app, deps),
    // A store that cannot be reached (Redis or the database away) lets calls through rather
    // than failing every sign-up and login: the limits are a brake, not a lock.
    skipOnError: true,
    // One client: an IPv4 address, or an IPv6 /64 (client-address.ts).
    keyGenerator: (request) => clientKey(request.ip),
    // Thrown as an error so the shared error handler words the JSON like every other 4xx.
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many requests: try again in ${Math.ceil(context.ttl / 1000)} s`),
  });
}
