import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

/** Per-address limits for the calls people or bots could abuse (per instance, in memory). */
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

export async function registerRateLimiting(app: FastifyInstance): Promise<void> {
  // Not global: only routes that name a limit in their config get one. No loopback exemption.
  await app.register(fastifyRateLimit, {
    global: false,
    keyGenerator: (request) => request.ip,
    // Thrown as an error so the shared error handler words the JSON like every other 4xx.
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many requests: try again in ${Math.ceil(context.ttl / 1000)} s`),
  });
}
