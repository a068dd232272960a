import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '#server/config.ts';
import { testConfig } from '#tests/support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/test-db.ts';
import { createWorldEvents, type WorldEvent, type WorldEvents } from './world-events.ts';

// The bus between instances: two buses stand for two instances on one database.

const quiet = { warn: () => {} };

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function heard(events: WorldEvents): WorldEvent[] {
  const list: WorldEvent[] = [];
  events.subscribe((event) => list.push(event));
  return list;
}

type Variant = { name: string; skip: boolean; config: (url: string) => Partial<Config> };
const variants: Variant[] = [
  {
    name: 'PostgreSQL LISTEN/NOTIFY',
    skip: !process.env.TEST_DATABASE_URL,
    config: (url) => ({ database: { kind: 'postgres', url } }),
  },
  {
    name: 'Redis pub/sub',
    skip: !process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL,
    config: () => ({
      redisUrl: process.env.TEST_REDIS_URL as string,
      redisPrefix: `muse-t-${randomBytes(6).toString('hex')}:`,
    }),
  },
];

for (const variant of variants) {
  describe.skipIf(variant.skip)(`world events over ${variant.name}`, () => {
    let database: TestDatabase;
    let dbName = '';
    let a: WorldEvents;
    let b: WorldEvents;
    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      dbName = String(
        (await sql<{ url: string }>`select current_database() as url`.execute(database.db)).rows[0]
          ?.url,
      );
      const adminUrl = new URL(process.env.TEST_DATABASE_URL as string);
      adminUrl.pathname = `/${dbName}`;
      const config = testConfig(variant.config(adminUrl.toString()));
      a = createWorldEvents(config, database.db, quiet);
      b = createWorldEvents(config, database.db, quiet);
      await until(() => a.listening() && b.listening());
    });
    afterAll(async () => {
      await a.close();
      await b.close();
      await database.drop();
    });

    it('tells every instance, the publisher too, with one id and in order', async () => {
      const onA = heard(a);
      const onB = heard(b);
      await a.publish({ type: 'shared', answerId: 'one' });
      await b.publish({ type: 'loves', answerId: 'one' });
      await a.publish({ type: 'unshared', answerId: 'one' });
      await until(() => onA.length === 3 && onB.length === 3);
      expect(onB).toEqual(onA);
      expect(onA.map((event) => event.type)).toEqual(['shared', 'loves', 'unshared']);
      expect(new Set(onA.map((event) => event.id)).size).toBe(3);
    });

    it.skipIf(variant.name.startsWith('Redis'))(
      'hears again after its LISTEN connection is cut',
      async () => {
        const onB = heard(b);
        await sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query like 'LISTEN%'`.execute(database.db);
        await until(() => !b.listening() || !a.listening(), 5_000).catch(() => {});
        await until(() => a.listening() && b.listening());
        // B says it may have missed something, then hears again.
        await until(() => onB.some((event) => event.type === 'missed'));
        await a.publish({ type: 'shared', answerId: 'after' });
        await until(() => onB.some((event) => 'answerId' in event && event.answerId === 'after'));
      },
    );
  });
}
