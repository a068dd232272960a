import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  call,
  createUser,
  emptyPostgresDatabase,
  type Instance,
  startInstance,
  tempDir,
  waitUntilReady,
  writeBurst,
} from '#tests/support/instances.ts';
import { openSse } from '#tests/support/sse.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { databaseKinds } from '#tests/support/test-db.ts';
import { createDatabase, type Database } from './db/database.ts';

const NO_DB_SECRET = 'a-test-secret-of-at-least-32-characters';

// Health checks, SIGTERM and concurrent start-up, on real server processes.

describe('health checks', () => {
  it('/healthz and /readyz answer small JSON, not the app page', async () => {
    const db = createDatabase({ kind: 'sqlite', file: ':memory:' });
    // A secret given, as MUSE_SECRET would: building the app then asks the database nothing.
    const app = await buildTestApp(db, { secret: NO_DB_SECRET });
    try {
      const health = await app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      expect(health.headers['content-type']).toMatch(/^application\/json/);
      expect(health.json()).toEqual({ status: 'ok' });
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', database: 'up', live: 'up' });
    } finally {
      await app.close();
      await db.destroy();
    }
  });

  it('while stopping, /readyz is a 503 and every other answer closes its connection', async () => {
    const db = createDatabase({ kind: 'sqlite', file: ':memory:' });
    const app = await buildTestApp(db, { secret: NO_DB_SECRET });
    try {
      const before = await app.inject({ method: 'GET', url: '/healthz' });
      expect(before.headers.connection).not.toBe('close');
      app.museStopping = true;
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'stopping' });
      const health = await app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      expect(health.headers.connection).toBe('close');
    } finally {
      await app.close();
      await db.destroy();
    }
  });

  it('/readyz is a 503 when the database does not answer; /healthz stays up', async () => {
    // Nothing listens on port 1: every connection attempt is refused.
    const db = createDatabase({ kind: 'postgres', url: 'postgres://muse@127.0.0.1:1/none' });
    // A secret given, as MUSE_SECRET would: building the app then asks the database nothing.
    const app = await buildTestApp(db, { secret: NO_DB_SECRET });
    try {
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', database: 'down' });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await db.destroy();
    }
  });
});

type Target = { env: Record<string, string>; open: (dataDir: string) => Database };

async function target(
  kind: 'sqlite' | 'postgres',
  cleanups: (() => Promise<void>)[],
): Promise<Target> {
  if (kind === 'sqlite') {
    return {
      env: {},
      open: (dataDir: string) =>
        createDatabase({ kind: 'sqlite', file: path.join(dataDir, 'muse.db') }),
    };
  }
  const database = await emptyPostgresDatabase();
  cleanups.push(database.drop);
  return {
    env: { DATABASE_URL: database.url },
    open: () => createDatabase({ kind: 'postgres', url: database.url }),
  };
}

for (const kind of databaseKinds()) {
  describe(`lifecycle [${kind}]`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    it('SIGTERM during a write burst loses no acknowledged write and exits 0', async () => {
      const where = await target(kind, cleanups);
      const instance = await startInstance({ env: where.env });
      const cookie = await createUser(instance.origin);
      const burst = writeBurst(instance.origin, cookie, instance.exited);
      await new Promise((resolve) => setTimeout(resolve, 600));
      instance.child.kill('SIGTERM');
      const [{ acknowledged, attempted }, code] = await Promise.all([burst, instance.exited]);
      expect(code, instance.output()).toBe(0);
      expect(acknowledged.length).toBeGreaterThan(5);
      expect(instance.output()).toContain('"msg":"stopped"');

      const db = where.open(instance.dataDir);
      try {
        const stored = await db
          .selectFrom('answers')
          .select('id')
          .where('prompt_title', '=', 'Burst')
          .execute();
        const storedIds = new Set(stored.map((row) => row.id));
        const lost = acknowledged.filter((id) => !storedIds.has(id));
        expect(lost, `${acknowledged.length} acknowledged of ${attempted}`).toEqual([]);
      } finally {
        await db.destroy();
      }
    });

    it('ends open live streams politely on SIGTERM and still exits promptly with 0', async () => {
      const where = await target(kind, cleanups);
      const instance = await startInstance({
        env: { ...where.env, SHUTDOWN_GRACE_MS: '20000' },
      });
      const streams = await Promise.all(
        [0, 1, 2].map(() => openSse(`${instance.origin}/api/world/live`)),
      );
      expect(streams.map((stream) => stream.status)).toEqual([200, 200, 200]);
      const started = Date.now();
      instance.child.kill('SIGTERM');
      expect(await instance.exited).toBe(0);
      // Well inside the grace period: the streams did not hold the shutdown up.
      expect(Date.now() - started).toBeLessThan(5_000);
      for (const stream of streams) {
        // Besides the opening one, a `retry:` ends each stream: when to reconnect (1-3 s).
        expect(stream.raw().match(/retry: \d+\n\n/g)).toHaveLength(2);
        expect(stream.raw()).toMatch(/retry: [12]\d{3}\n\n$/);
        stream.close();
      }
    });

    it('starts on a data directory that does not exist yet, as on a fresh clone', async () => {
      const where = await target(kind, cleanups);
      const dataDir = path.join(tempDir('muse-fresh-'), 'data', 'not-made-yet');
      const instance = await startInstance({ env: where.env, dataDir });
      try {
        const response = await call(instance.origin, '/api/categories', {});
        expect(response.status).toBe(200);
      } finally {
        expect(await instance.stop(), instance.output().slice(-1500)).toBe(0);
      }
    });

    it('several instances starting at once on one fresh database all start', async () => {
      const where = await target(kind, cleanups);
      const dataDir = tempDir('muse-shared-');
      const instances: Instance[] = await Promise.all(
        [0, 1, 2].map(() => startInstance({ env: where.env, dataDir, waitReady: false })),
      );
      try {
        await Promise.all(instances.map((instance) => waitUntilReady(instance)));
        for (const instance of instances) {
          const response = await call(instance.origin, '/api/categories', {});
          expect(response.status).toBe(200);
          expect((await response.json()).categories.length).toBeGreaterThan(0);
        }
      } finally {
        const codes = await Promise.all(instances.map((instance) => instance.stop()));
        const outputs = instances.map((instance) => instance.output().slice(-1500));
        expect(codes, outputs.join('\n----\n')).toEqual([0, 0, 0]);
      }
    });
  });
}
