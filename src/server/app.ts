import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { AppDeps } from './deps.ts';
import { registerAdminRoutes } from './features/admin/admin.routes.ts';
import { registerAnswerRoutes } from './features/answers/answers.routes.ts';
import { registerAuthRoutes } from './features/auth/auth.routes.ts';
import { createSmtpMailer } from './features/auth/mailer.ts';
import { createPasswordHasher, type PasswordHasher } from './features/auth/passwords.ts';
import { registerRecoveryRoutes } from './features/auth/recovery.routes.ts';
import { registerOfflineRoutes } from './features/offline/offline.routes.ts';
import { createDiskStorage, createS3Storage } from './features/pictures/picture-storage.ts';
import { registerPictureRoutes } from './features/pictures/pictures.routes.ts';
import { registerCategoryRoutes } from './features/prompts/categories.routes.ts';
import { registerPromptRoutes } from './features/prompts/prompts.routes.ts';
import { registerPasscodeRoutes } from './features/users/passcode.routes.ts';
import { registerUserRoutes } from './features/users/users.routes.ts';
import { registerWorldRoutes } from './features/world/world.routes.ts';
import { registerClient } from './plugins/client.ts';
import { registerCsrfProtection } from './plugins/csrf.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerRateLimiting } from './plugins/rate-limits.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSessions } from './plugins/session.ts';

export type AppOptions = {
  db: Database;
  config: Config;
  /** Where the built client lives; defaults to dist/client beside the package. */
  clientDir?: string;
  logger?: boolean;
  /** Tests pass a cheap hasher; production uses the strong default. */
  passwords?: PasswordHasher;
};

export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * One short line per request (method, URL, status, ms) instead of Fastify's two with whole
 * request/response objects: the access log was measurable on the hot path (decision 018).
 */
class ShortAccessLog extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(
    error: Error | null,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = `${request.method} ${request.url} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)}ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}
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
  const deps: AppDeps = {
    db,
    config,
    passwords: options.passwords ?? createPasswordHasher(),
    pictures: config.s3 ? createS3Storage(config.s3) : createDiskStorage(config.dataDir),
    mailer: config.mail ? createSmtpMailer(config.mail) : null,
  };
  const app = Fastify({
    logger: options.logger ?? false,
    logController: new ShortAccessLog(),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: false,
  });
  const routes: string[] = [];
  app.decorate('museRoutes', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
    }
  });

  registerErrorHandling(app);
  registerSecurityHeaders(app, config.publicOrigin?.startsWith('https:') ?? false);
  registerCsrfProtection(app, config.publicOrigin);
  // Compressing a 5 KB feed page cost 3/4 of the throughput on loopback (bench, decision 018):
  // only large responses (an answer list, the admin lists) are worth it. Built files are
  // compressed once at build time instead.
  await app.register(fastifyCompress, { global: true, threshold: COMPRESS_THRESHOLD_BYTES });
  await app.register(fastifyCookie);
  await registerRateLimiting(app);
  registerSessions(app, deps);

  registerCategoryRoutes(app, deps);
  registerAuthRoutes(app, deps);
  registerRecoveryRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerPasscodeRoutes(app, deps);
  registerAnswerRoutes(app, deps);
  registerWorldRoutes(app, deps);
  registerPromptRoutes(app, deps);
  registerAdminRoutes(app, deps);
  registerOfflineRoutes(app, deps);
  await registerPictureRoutes(app, deps, deps.pictures);

  await registerClient(
    app,
    options.clientDir ?? path.resolve(import.meta.dirname, '../../dist/client'),
  );
  return app;
}
