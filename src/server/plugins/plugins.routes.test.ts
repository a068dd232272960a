import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildUser } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';

describeEachDatabase('cross-cutting protections', (get) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(get().db, { publicOrigin: 'https://muse.example' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('sends security headers on every response', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/categories' });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['strict-transport-security']).toContain('max-age');
  });

  it('refuses a foreign Origin and non-JSON bodies on state-changing calls', async () => {
    const user = await buildUser(get().db);
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/user/code',
      headers: {
        cookie: user.cookie,
        origin: 'https://evil.example',
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ code: '1234' }),
    });
    expect(foreign.statusCode).toBe(403);
    // A browser that sends no Origin still says where the request came from.
    const crossSite = await app.inject({
      method: 'POST',
      url: '/api/user/code',
      headers: {
        cookie: user.cookie,
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ code: '1234' }),
    });
    expect(crossSite.statusCode).toBe(403);
    const form = await app.inject({
      method: 'POST',
      url: '/api/user/code',
      headers: { cookie: user.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'code=1234',
    });
    expect(form.statusCode).toBe(415);
    const plain = await app.inject({
      method: 'POST',
      url: '/api/user/code',
      headers: { cookie: user.cookie, 'content-type': 'text/plain' },
      payload: '{"code":"1234"}',
    });
    expect(plain.statusCode).toBe(415);
    const row = await get()
      .db.selectFrom('users')
      .select('passcode_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.passcode_hash).toBeNull();
    const ours = await app.inject({
      method: 'POST',
      url: '/api/user/code',
      headers: {
        cookie: user.cookie,
        origin: 'https://muse.example',
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ code: '1234' }),
    });
    expect(ours.statusCode).toBe(200);
  });

  it('refuses a NUL character anywhere in a body, even where no schema looks, changing nothing', async () => {
    const user = await buildUser(get().db);
    for (const extra of [
      { note: 'a\u0000b' },
      { deep: [{ list: ['x', '\u0000'] }] },
      { 'k\u0000': 1 },
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/user/code',
        headers: { cookie: user.cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ code: '1234', ...extra }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'Text may not contain NUL characters' });
    }
    const row = await get()
      .db.selectFrom('users')
      .select('passcode_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.passcode_hash).toBeNull();
  });

  it('answers bodies over 1 MiB with 413 and broken JSON with 400', async () => {
    const big = await app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ filler: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(big.statusCode).toBe(413);
    const broken = await app.inject({
      method: 'POST',
      url: '/api/user/create',
      headers: { 'content-type': 'application/json' },
      payload: '{"user":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toHaveProperty('error');
  });

  it('answers unknown API paths and methods with a JSON 404', async () => {
    for (const [method, url] of [
      ['POST', '/api/nothing/here'],
      ['GET', '/api/categories'],
      ['DELETE', '/api/user'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
    }
  });
});
