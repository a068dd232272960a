// buildApp(): the Fastify app with its hooks, plugins and routes, in the order they run. It never
// listens (main.ts does), so tests build as many apps as they like and call them with inject().
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { loadOrCreateSecret } from './db/server-secrets.ts';
import type { AppDeps } from './deps.ts';
import { registerAdminRoutes } from './features/admin/admin.routes.ts';
import { grantConfiguredAdmins } from './features/admin/configured-admins.service.ts';
import { registerAnswerRoutes } from './features/answers/answers.routes.ts';
import { registerAuthRoutes } from './features/auth/auth.routes.ts';
import { createSmtpMailer } from './features/auth/mailer.ts';
import { createPasswordHasher, type PasswordHasher } from './features/auth/passwords.ts';
import { registerRecoveryRoutes } from './features/auth/recovery.routes.ts';
import { registerTokenRoutes } from './features/auth/tokens.routes.ts';
import { registerEncryptionRoutes } from './features/encryption/encryption.routes.ts';
import { registerOfflineRoutes } from './features/offline/offline.routes.ts';
import { registerPhotoRoutes } from './features/photos/photos.routes.ts';
import { createDiskStorage, createS3Storage } from './features/pictures/picture-storage.ts';
import { registerPictureRoutes } from './features/pictures/pictures.routes.ts';
import { registerCategoryRoutes } from './features/prompts/categories.routes.ts';
import { cachedDaysPrompts } from './features/prompts/daily-prompt.service.ts';
import { registerPromptRoutes } from './features/prompts/prompts.routes.ts';
import { registerReminderRoutes } from './features/reminders/reminders.routes.ts';
import { registerTransferRoutes } from './features/transfer/transfer.routes.ts';
import { registerPasscodeRoutes } from './features/users/passcode.routes.ts';
import { registerUserRoutes } from './features/users/users.routes.ts';
import { registerWorldRoutes } from './features/world/world.routes.ts';
import { createWorldEvents, type WorldEvents } from './features/world/world-events.ts';
import { registerWorldLive } from './features/world/world-live.ts';
import { registerClient } from './plugins/client.ts';
import { registerCsrfProtection } from './plugins/csrf.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerHealth } from './plugins/health.ts';
import { AccessLog, loggerOptions, registerRequestIds, requestId } from './plugins/logging.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerRateLimiting } from './plugins/rate-limits.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { cookieName, registerSessions, SESSION_COOKIE } from './plugins/session.ts';
import { guardSlowClients, SERVER_TIMEOUTS } from './plugins/slow-clients.ts';
import { requireSchemasFromTheMap } from './plugins/typed-routes.ts';
import type { UsageStore } from './plugins/usage-store.ts';
import { registerWriteLimits } from './plugins/write-limits.ts';

export type AppOptions = {
  db: Database;
  config: Config;
  /** Where the built client lives; defaults to dist/client beside the package. */
  clientDir?: string;
  logger?: boolean;
  /** Tests pass a cheap hasher; production uses the strong default. */
  passwords?: PasswordHasher;
  /** Where the write limits count (issue 13 point 5); in memory, per instance, by default. */
  usageStore?: UsageStore;
  /** Tests may share one bus between apps; by default it follows the configuration. */
  worldEvents?: WorldEvents;
};

/** Fastify's trustProxy from TRUST_PROXY: nobody, a hop count, or the proxies' addresses. */
function trustProxySetting(
  config: Config,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  const { trustProxy } = config;
  // A hop count trusts that many proxies nearest to us, whatever their addresses.
  if (typeof trustProxy === 'number') return (_address, hop) => hop < trustProxy;
  return trustProxy;
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

export const COMPRESS_THRESHOLD_BYTES = 16 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, as 'METHOD /path': the authorization matrix test reads it. */
    museRoutes: string[];
  }
}

/** Builds the whole app without listening, so tests can drive it with inject(). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { db, config } = options;
  const app = Fastify({
    logger: options.logger ? loggerOptions() : false,
    // One access-log line per request (decision 038).
    logController: new AccessLog(),
    // Honour a proxy's X-Request-Id (when sane) so one id follows a request through the logs.
    requestIdHeader: false,
    genReqId: requestId,
    bodyLimit: BODY_LIMIT_BYTES,
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (default: nobody).
    trustProxy: trustProxySetting(config),
    ...SERVER_TIMEOUTS,
  });
  const deps: AppDeps = {
    db,
    config,
    passwords: options.passwords ?? createPasswordHasher(),
    pictures: config.s3 ? createS3Storage(config.s3) : createDiskStorage(config.dataDir),
    mailer: config.mail ? createSmtpMailer(config.mail) : null,
    secret: config.secret ?? (await loadOrCreateSecret(db, 'server')),
    worldEvents: options.worldEvents ?? createWorldEvents(config, db, app.log),
  };
  const routes: string[] = [];
  app.decorate('museRoutes', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
    }
  });
  // Every JSON call is registered from the endpoint map, its answer checked by its schema.
  requireSchemasFromTheMap(app);

  // MUSE_ADMINS names held by accounts that were not granted yet are granted now, and recorded.
  await grantConfiguredAdmins(deps);

  registerErrorHandling(app);
  registerRequestIds(app);
  registerMetrics(app, deps);
  registerSecurityHeaders(app, config.publicOrigin?.startsWith('https:') ?? false);
  registerCsrfProtection(app, config.publicOrigin);
  // Compressing a 5 KB feed page cost 3/4 of the throughput on loopback (bench, decision 018):
  // only large responses (an answer list, the admin lists) are worth it. Built files are
  // compressed once at build time instead.
  await app.register(fastifyCompress, { global: true, threshold: COMPRESS_THRESHOLD_BYTES });
  await app.register(fastifyCookie);
  const budgets = await registerRateLimiting(app, deps);
  registerSessions(app, deps);
  // Relaxed (load tests, CI): a benchmark saves thousands of answers a minute as one user.
  const writeLimitFactor = config.relaxedRateLimits ? 1000 : 1;
  registerWriteLimits(app, options.usageStore ?? budgets, writeLimitFactor);
  // Behind a trusted proxy every socket is the proxy's: the limit counts forwarded clients.
  guardSlowClients(app, config.maxConnectionsPerAddress, config.trustProxy !== false);
  registerHealth(app, deps);
  // Before the routes: it hears each one's limits as it is registered.
  registerOpenApi(app, {
    sessionCookie: cookieName(config, SESSION_COOKIE),
    origin: config.publicOrigin,
    writeLimitFactor,
  });

  registerCategoryRoutes(app, deps);
  registerAuthRoutes(app, deps);
  registerRecoveryRoutes(app, deps);
  registerTokenRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerPasscodeRoutes(app, deps);
  registerAnswerRoutes(app, deps);
  registerWorldRoutes(app, deps);
  registerWorldLive(app, deps);
  registerPromptRoutes(app, deps);
  registerAdminRoutes(app, deps);
  registerOfflineRoutes(app, deps);
  await registerPictureRoutes(app, deps, deps.pictures);
  registerPhotoRoutes(app, deps);
  registerTransferRoutes(app, deps);
  registerEncryptionRoutes(app, deps);
  registerReminderRoutes(app, deps);

  await registerClient(
    app,
    options.clientDir ?? path.resolve(import.meta.dirname, '../../dist/client'),
    cachedDaysPrompts(deps),
  );
  return app;
}
