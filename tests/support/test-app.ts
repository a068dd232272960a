import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../../src/server/app.ts';
import type { Config } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/database.ts';
import type { AppDeps } from '../../src/server/deps.ts';
import { createPasswordHasher, FAST_TEST_COST } from '../../src/server/features/auth/passwords.ts';
import { createDiskStorage } from '../../src/server/features/pictures/picture-storage.ts';
import { inProcessWorldEvents } from '../../src/server/features/world/world-events.ts';
import { checkAnswersAgainstOpenApi } from './openapi-check.ts';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'muse-data-')),
    database: { kind: 'sqlite', file: ':memory:' },
    admins: [],
    publicOrigin: null,
    relaxedRateLimits: true,
    secret: null,
    maxConnectionsPerAddress: 0,
    s3: null,
    mail: null,
    shutdownGraceMs: 10_000,
    shutdownDrainMs: 0,
    metricsToken: null,
    liveStreamsPerAddress: 0,
    maxLiveStreams: null,
    liveStreamLifetimeMs: 10 * 60_000,
    trustProxy: false,
    redisUrl: null,
    redisPrefix: 'muse:',
    ...overrides,
  };
}

const fastHasher = createPasswordHasher({ cost: FAST_TEST_COST, concurrency: 4 });

export async function buildTestApp(
  db: Database,
  overrides: Partial<Config> = {},
  options: { clientDir?: string } & Pick<AppOptions, 'usageStore'> = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    db,
    config: testConfig(overrides),
    clientDir: options.clientDir ?? '/nonexistent-muse-client',
    passwords: fastHasher,
    ...options,
  });
  // Every answer a test gets is checked against /api/openapi.json (a mismatch fails the test).
  checkAnswersAgainstOpenApi(app);
  await app.ready();
  return app;
}

/** The dependencies buildApp() would make, for testing a service without HTTP. */
export function testDeps(db: Database, overrides: Partial<Config> = {}): AppDeps {
  const config = testConfig(overrides);
  return {
    db,
    config,
    passwords: fastHasher,
    pictures: createDiskStorage(config.dataDir),
    mailer: null,
    secret: 'test-secret-test-secret-test-secret',
    worldEvents: inProcessWorldEvents(),
  };
}
