import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import type { Config } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/database.ts';
import type { AppDeps } from '../../src/server/deps.ts';
import { createPasswordHasher, FAST_TEST_COST } from '../../src/server/features/auth/passwords.ts';
import { createDiskStorage } from '../../src/server/features/pictures/picture-storage.ts';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'muse-data-')),
    database: { kind: 'sqlite', file: ':memory:' },
    admins: [],
    publicOrigin: null,
    relaxedRateLimits: true,
    s3: null,
    mail: null,
    ...overrides,
  };
}

const fastHasher = createPasswordHasher(FAST_TEST_COST, 4);

export async function buildTestApp(
  db: Database,
  overrides: Partial<Config> = {},
  options: { clientDir?: string } = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    db,
    config: testConfig(overrides),
    clientDir: options.clientDir ?? '/nonexistent-muse-client',
    passwords: fastHasher,
  });
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
  };
}
