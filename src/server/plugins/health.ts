import type { FastifyInstance } from 'fastify';
import { databaseWritable } from '../db/database.ts';
import type { AppDeps } from '../deps.ts';
import { redisState } from '../redis.ts';
import { route } from './typed-routes.ts';

const READY_TIMEOUT_MS = 2_000;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * True from the moment this instance starts to stop (SIGTERM, then app.close()): /readyz says
     * 503 so balancers drain it, and every answer says `Connection: close`.
     */
    museStopping: boolean;
  }
}

/** `up`, `read-only` (it answers but refuses writes) or `down` (no answer within 2 s). */
async function databaseState(deps: AppDeps): Promise<'up' | 'read-only' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'down'>((resolve) => {
    timer = setTimeout(() => resolve('down'), READY_TIMEOUT_MS);
  });
  try {
    const probe = databaseWritable(deps.db).then(
      (writable) => (writable ? ('up' as const) : ('read-only' as const)),
      () => 'down' as const,
    );
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * For load balancers and orchestrators. /healthz: the process is up. /readyz: the database
 * answers and takes writes (migrations ran before the app was built) and the instance is not stopping; `live`
 * says whether it hears the other instances' world events yet (informational).
 * Small JSON, never the app page, never cached.
 */
export function registerHealth(app: FastifyInstance, deps: AppDeps): void {
  app.decorate('museStopping', false);
  app.addHook('preClose', async () => {
    app.museStopping = true;
  });
  // While it drains, a stopping instance still answers, but each keep-alive connection (a
  // browser's, a proxy's pooled one) is closed after its answer: the next request opens a new
  // connection, which the balancer gives to another instance.
  app.addHook('onRequest', (_request, reply, done) => {
    if (app.museStopping) reply.header('Connection', 'close');
    done();
  });

  route(app, '/healthz', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });

  route(app, '/readyz', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (app.museStopping) return reply.status(503).send({ status: 'stopping' });
    const database = await databaseState(deps);
    if (database !== 'up') return reply.status(503).send({ status: 'unavailable', database });
    // The live world and Redis degrade rather than stop an instance: reported, not a 503.
    const live = deps.worldEvents.listening() ? 'up' : 'connecting';
    const redis = redisState(deps.config.redisUrl);
    return { status: 'ready', database: 'up', live, ...(redis ? { redis } : {}) };
  });
}
