import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { registerCategoryRoutes } from './features/prompts/categories.routes.ts';
import { registerClient } from './plugins/client.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';

export type AppOptions = {
  db: Database;
  config: Config;
  /** Where the built client lives; defaults to dist/client beside the package. */
  clientDir?: string;
  logger?: boolean;
};

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the whole app without listening, so tests can drive it with inject(). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { db, config } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: false,
  });
  registerErrorHandling(app);
  registerSecurityHeaders(app, config.publicOrigin?.startsWith('https:') ?? false);
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(fastifyCookie);

  await app.register(async (api) => {
    registerCategoryRoutes(api, db);
  });

  await registerClient(
    app,
    options.clientDir ?? path.resolve(import.meta.dirname, '../../dist/client'),
  );
  return app;
}
