import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, deviceMarker, post, unique } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from '#tests/support/test-db.ts';
import { answerId } from '../features/answers/answer-fixtures.ts';
import { rateLimits } from './rate-limits.ts';

// Two instances (two apps) on one database: one address's user creations count across both
// when the counters are shared (PostgreSQL table or Redis); a SQLite instance counts alone.

const { max } = rateLimits(false).createUser;
const create = (app: FastifyInstance, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/user/create',
    payload: { user: { _id: unique('rl') }, device: deviceMarker() },
    headers,
  });

async function useUpOn(app: FastifyInstance, count: number) {
  for (let i = 0; i < count; i += 1) expect((await create(app)).statusCode).toBe(200);
}

describeEachDatabase('per-address limits across two instances', (get, kind) => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    a = await buildTestApp(get().db, { relaxedRateLimits: false });
    b = await buildTestApp(get().db, { relaxedRateLimits: false });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it(
    kind === 'postgres'
      ? 'count together in PostgreSQL: what A allowed, B refuses'
      : 'count per instance on SQLite (one instance per database)',
    async () => {
      await useUpOn(a, max);
      expect((await create(a)).statusCode).toBe(429);
      expect((await create(b)).statusCode).toBe(kind === 'postgres' ? 429 : 200);
    },
  );
});

describe.skipIf(!process.env.TEST_REDIS_URL)('per-address limits in Redis', () => {
  let database: TestDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    // A prefix of its own, so parallel runs on one Redis never share counters.
    const settings = {
      relaxedRateLimits: false,
      redisUrl: process.env.TEST_REDIS_URL as string,
      redisPrefix: `muse-t-${randomBytes(6).toString('hex')}:`,
    };
    a = await buildTestApp(database.db, settings);
    b = await buildTestApp(database.db, settings);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await database.drop();
  });

  it('count together: what A allowed, B refuses', async () => {
    await useUpOn(a, max - 5);
    await useUpOn(b, 5);
    expect((await create(a)).statusCode).toBe(429);
    expect((await create(b)).statusCode).toBe(429);
  });

  it('write budgets count together: what A allowed a writer, B refuses them (issue 34)', async () => {
    const writer = await buildUser(database.db);
    const big = 'word '.repeat(10_000); // 50,000 characters: the longest answer there is
    const save = (app: FastifyInstance) =>
      post(
        app,
        '/api/answer/save',
        { answer: { _id: answerId(), prompt_id: '', prompt_title: 'Journal', text: big } },
        writer,
      );
    let saved = 0;
    while ((await save(a)).statusCode === 200) saved += 1;
    // A let a few MB through and then refused; B, asked next, knows what A counted.
    expect(saved).toBeGreaterThan(20);
    const onB = await save(b);
    expect(onB.statusCode).toBe(429);
    expect(Number(onB.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describeEachDatabase('the client address behind proxies', (get) => {
  it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy', async () => {
    const app = await buildTestApp(get().db, { relaxedRateLimits: false });
    try {
      // Every request claims another address; untrusted, they are all the socket's address.
      for (let i = 0; i < max; i += 1) {
        expect((await create(app, { 'x-forwarded-for': `203.0.113.${i}` })).statusCode).toBe(200);
      }
      expect((await create(app, { 'x-forwarded-for': '203.0.113.250' })).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });

  it('counts per forwarded address behind a trusted proxy', async () => {
    // inject() comes from 127.0.0.1: the trusted proxy here.
    const app = await buildTestApp(get().db, {
      relaxedRateLimits: false,
      trustProxy: ['127.0.0.1'],
    });
    try {
      const one = { 'x-forwarded-for': `198.51.100.${randomBytes(1)[0]}` };
      for (let i = 0; i < max; i += 1) expect((await create(app, one)).statusCode).toBe(200);
      expect((await create(app, one)).statusCode).toBe(429);
      // Another client behind the same proxy has its own count.
      expect((await create(app, { 'x-forwarded-for': '192.0.2.7' })).statusCode).toBe(200);
      // A spoofed hop in front of the real client is not believed either.
      expect(
        (await create(app, { 'x-forwarded-for': `192.0.2.99, ${one['x-forwarded-for']}` }))
          .statusCode,
      ).toBe(429);
    } finally {
      await app.close();
    }
  });
});

describe('with Redis away', () => {
  it('counts in memory instead (the limits still hold) and says Redis is down', async () => {
    const database = await createTestDatabase('sqlite');
    // Nothing listens on port 1: every connection is refused.
    const app = await buildTestApp(database.db, {
      relaxedRateLimits: false,
      redisUrl: 'redis://127.0.0.1:1',
    });
    try {
      for (let i = 0; i < max; i += 1) expect((await create(app)).statusCode).toBe(200);
      expect((await create(app)).statusCode).toBe(429);
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ database: 'up', live: 'connecting', redis: 'down' });
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
