import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import type { Config } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/database.ts';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent-muse-data',
    database: { kind: 'sqlite', file: ':memory:' },
    admins: [],
    publicOrigin: null,
    relaxedRateLimits: true,
    ...overrides,
  };
}

export async function buildTestApp(
  db: Database,
  overrides: Partial<Config> = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    db,
    config: testConfig(overrides),
    clientDir: '/nonexistent-muse-client',
  });
  await app.ready();
  return app;
}
