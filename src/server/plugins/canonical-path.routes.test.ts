import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildUser, post } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';

// Issue 13 point 4: security is decided by the route Fastify matched, not by how the path is
// spelled. The audit deleted an account through `/%61pi/user/delete` with a cross-site form.
const SPELLINGS = [
  '/api/user/delete',
  '/%61pi/user/delete',
  '/%61%70%69/user/%64elete',
  '/api/user/delete/',
  '//api/user/delete',
  '/api//user/delete',
  '/API/user/delete',
  '/Api/User/Delete',
  '/api/user/delete?x=1',
  '/api/user%2Fdelete',
];

describeEachDatabase('one canonical path', (get) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(get().db, { publicOrigin: 'https://muse.example' });
  });
  afterAll(async () => {
    await app.close();
  });

  const exists = async (id: string) =>
    (await get().db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !==
    undefined;

  it.each(SPELLINGS)(
    'a cross-site form cannot reach %s, and the answer is no-store',
    async (url) => {
      const victim = await buildUser(get().db, { name: '' });
      const form = await app.inject({
        method: 'POST',
        url,
        headers: {
          cookie: victim.cookie,
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'https://evil.example',
        },
        payload: 'password=x',
      });
      expect([403, 404, 415]).toContain(form.statusCode);
      expect(form.headers['cache-control']).toBe('no-store');
      const plain = await app.inject({
        method: 'POST',
        url,
        headers: { cookie: victim.cookie, 'content-type': 'text/plain' },
        payload: '{}',
      });
      expect([404, 415]).toContain(plain.statusCode);
      expect(plain.headers['cache-control']).toBe('no-store');
      expect(await exists(victim.id)).toBe(true);
    },
  );

  it('every /api answer is no-store: 404s, errors and odd spellings included', async () => {
    const user = await buildUser(get().db);
    for (const url of ['/api/nope', '/%61pi/nope', '/API/categories', '/api/categories/']) {
      const response = await post(app, url, {}, user);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const encoded = await post(app, '/%61pi/categories', {}, user);
    expect(encoded.statusCode).toBe(200);
    expect(encoded.headers['cache-control']).toBe('no-store');
    const bad = await post(app, '/%61pi/user/code', { code: 'nope' }, user);
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['cache-control']).toBe('no-store');
    const unknownGet = await app.inject({ method: 'GET', url: '/%61pi/nope' });
    expect(unknownGet.statusCode).toBe(404);
    expect(unknownGet.headers['cache-control']).toBe('no-store');
  });

  it('a same-site JSON call through an encoded spelling still works as itself', async () => {
    const user = await buildUser(get().db);
    const response = await app.inject({
      method: 'POST',
      url: '/%61pi/user/code',
      headers: {
        cookie: user.cookie,
        origin: 'https://muse.example',
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ code: '1234' }),
    });
    expect(response.statusCode).toBe(200);
  });
});
