import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import type { DatabaseConfig } from '../../src/server/config.ts';
import { createDatabase, type Database } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { seedDatabase } from '../../src/server/db/seed.ts';

export type DatabaseKind = 'sqlite' | 'postgres';

/**
 * SQLite always; PostgreSQL too when TEST_DATABASE_URL is set, and it must be set in CI.
 * TEST_DATABASE_KINDS=postgres leaves the SQLite half out (`npm run test:pg`).
 */
export function databaseKinds(): DatabaseKind[] {
  const url = process.env.TEST_DATABASE_URL;
  if (!url && process.env.CI === 'true') {
    throw new Error('CI=true but TEST_DATABASE_URL is not set: the PostgreSQL half must run in CI');
  }
  const kinds: DatabaseKind[] = url ? ['sqlite', 'postgres'] : ['sqlite'];
  const only = process.env.TEST_DATABASE_KINDS;
  if (!only) return kinds;
  const wanted = only.split(',').map((kind) => kind.trim());
  for (const kind of wanted) {
    if (kind !== 'sqlite' && kind !== 'postgres') {
      throw new Error(`TEST_DATABASE_KINDS: '${kind}' is neither sqlite nor postgres`);
    }
    if (!kinds.includes(kind))
      throw new Error(`TEST_DATABASE_KINDS=${only} needs TEST_DATABASE_URL`);
  }
  return kinds.filter((kind) => wanted.includes(kind));
}

/**
 * Drops a test database once its connections are gone. pg's pool.end() resolves before the
 * server has seen every connection close; a forced drop would then kill one mid-goodbye and
 * surface as an unhandled error in the test process. Wait (up to 5 s) instead.
 */
export async function dropPostgresDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const { rows } = await client.query(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
      [name],
    );
    if (rows[0]?.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.end();
}

export type TestDatabase = {
  db: Database;
  kind: DatabaseKind;
  /** How to open the same database again: another instance, as a second machine would. */
  config: DatabaseConfig;
  drop: () => Promise<void>;
};

/** A fresh, migrated and seeded database of the given kind, private to one test file. */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  const name = `muse_t_${randomBytes(6).toString('hex')}`;
  let config: DatabaseConfig;
  let cleanup: () => Promise<void>;
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-test-'));
    config = { kind: 'sqlite', file: path.join(dir, `${name}.db`) };
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  } else {
    const adminUrl = process.env.TEST_DATABASE_URL as string;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    config = { kind: 'postgres', url: url.toString() };
    cleanup = () => dropPostgresDatabase(adminUrl, name);
  }
  const db = createDatabase(config);
  await migrateToLatest(db);
  await seedDatabase(db);
  return {
    db,
    kind,
    config,
    drop: async () => {
      await db.destroy();
      await cleanup();
    },
  };
}

/**
 * Runs the same suite once per database kind, each on its own fresh database.
 * `get()` is valid inside tests and hooks.
 */
export function describeEachDatabase(
  title: string,
  suite: (get: () => TestDatabase, kind: DatabaseKind) => void,
): void {
  for (const kind of databaseKinds()) {
    describe(`${title} [${kind}]`, () => {
      let current: TestDatabase | undefined;
      beforeAll(async () => {
        current = await createTestDatabase(kind);
      });
      afterAll(async () => {
        await current?.drop();
      });
      suite(() => {
        if (!current) throw new Error('test database not ready');
        return current;
      }, kind);
    });
  }
}
