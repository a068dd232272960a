import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { deviceMarker, post, unique } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { rateLimits } from './rate-limits.ts';

describeEachDatabase('per-address rate limits with default settings', (get) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // Default limits, and loopback (inject's address) gets no exemption.
    app = await buildTestApp(get().db, { relaxedRateLimits: false });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 429 with Retry-After once an address creates too many users', async () => {
    const { max } = rateLimits(false).createUser;
    for (let i = 0; i < max; i += 1) {
      expect(
        (
          await post(app, '/api/user/create', {
            user: { _id: unique('rl') },
            device: deviceMarker(),
          })
        ).statusCode,
      ).toBe(200);
    }
    const refused = await post(app, '/api/user/create', {
      user: { _id: unique('rl') },
      device: deviceMarker(),
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json().error).toMatch(/Too many requests/);
  });

  it('limits login attempts per address', async () => {
    const { max } = rateLimits(false).login;
    for (let i = 0; i < max; i += 1) {
      const response = await post(app, '/api/login', {
        user: { name: unique('nobody'), password: 'wrong password' },
      });
      expect(response.statusCode).toBe(401);
    }
    const refused = await post(app, '/api/login', {
      user: { name: unique('nobody'), password: 'wrong password' },
    });
    expect(refused.statusCode).toBe(429);
  });
});

it('relaxed limits are 100 times the defaults', () => {
  const relaxed = rateLimits(true);
  for (const [name, limit] of Object.entries(rateLimits(false))) {
    expect(relaxed[name as keyof typeof relaxed].max).toBe(limit.max * 100);
  }
});
