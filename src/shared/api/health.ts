import { z } from 'zod';

// For load balancers and orchestrators (src/server/plugins/health.ts): small JSON, never cached.

export const healthResponse = z.object({ status: z.literal('ok') });

/**
 * `live`: whether this instance hears the other instances' world events yet (informational).
 * `redis` (when REDIS_URL is set): 'down' while Redis is away; Müse still serves (decision 047).
 */
export const readyResponse = z.object({
  status: z.literal('ready'),
  database: z.literal('up'),
  live: z.enum(['up', 'connecting']),
  redis: z.enum(['up', 'down']).optional(),
});

/** 503: stopping (balancers drain it), or the database does not answer or refuses writes. */
export const notReadyResponse = z.object({
  status: z.enum(['stopping', 'unavailable']),
  database: z.enum(['down', 'read-only']).optional(),
});
