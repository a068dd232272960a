import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '#server/features/auth/sessions.service.ts';
import { post, unique } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';

// Issue 34 point 10: on an https origin the session and device cookies are `__Host-` named, so a
// sibling subdomain (which may set a plain cookie for the parent domain) cannot plant one; a
// plain cookie never overrides a `__Host-` one, and a plain session cookie is adopted only when
// its session is older than the `__Host-` names (an upgrade signs nobody out).

const PASSWORD = 'correct horse battery';
const marker = () => randomBytes(18).toString('base64url');

const setCookies = (response: LightMyRequestResponse): string[] => {
  const header = response.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? header : [header];
};
const setCookie = (response: LightMyRequestResponse, name: string) =>
  setCookies(response).find((line) => line.startsWith(`${name}=`));
const cookieValue = (line: string | undefined) => line?.split(';')[0]?.split('=')[1] ?? '';

async function signUp(app: FastifyInstance, sessionCookie: string) {
  const id = unique('anon');
  const device = marker();
  const created = await post(app, '/api/user/create', { user: { _id: id }, device });
  expect(created.statusCode).toBe(200);
  const cookie = `${sessionCookie}=${cookieValue(setCookie(created, sessionCookie))}`;
  const name = unique('Host');
  const signup = await post(
    app,
    '/api/signup',
    { user: { _id: id, name, email: `${name}@example.com`, password: PASSWORD }, device },
    { cookie },
  );
  expect(signup.statusCode, signup.body).toBe(200);
  return {
    id,
    name,
    created,
    signup,
    cookie: `${sessionCookie}=${cookieValue(setCookie(signup, sessionCookie))}`,
  };
}

const whoAmI = async (app: FastifyInstance, cookie: string) => {
  const response = await post(app, '/api/user', {}, { cookie });
  return {
    status: response.statusCode,
    id: response.json().user?._id as string | undefined,
    response,
  };
};

describeEachDatabase('__Host- cookies', (get) => {
  describe('on an https origin', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildTestApp(get().db, { publicOrigin: 'https://muse.example' });
    });
    afterAll(async () => {
      await app.close();
    });

    it('sets __Host-muse_session and __Host-muse_device: Secure, Path=/, no Domain', async () => {
      const person = await signUp(app, '__Host-muse_session');
      for (const response of [person.created, person.signup]) {
        expect(setCookie(response, 'muse_session')).toBeUndefined();
      }
      const login = await post(app, '/api/login', {
        user: { name: person.name, password: PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      for (const name of ['__Host-muse_session', '__Host-muse_device']) {
        const line = setCookie(login, name) ?? '';
        expect(line, name).toMatch(/; Secure/);
        expect(line, name).toMatch(/; Path=\/(;|$)/);
        expect(line, name).toMatch(/; HttpOnly/);
        expect(line, name).not.toMatch(/Domain=/i);
      }
      expect(setCookie(login, 'muse_session')).toBeUndefined();
      expect(setCookie(login, 'muse_device')).toBeUndefined();
      // Logging out clears the cookie by its own name (a __Host- one only with Secure).
      const out = await post(app, '/api/logout', {}, { cookie: person.cookie });
      expect(setCookie(out, '__Host-muse_session')).toMatch(/; Secure/);
    });

    it('never lets a planted plain cookie speak for the browser', async () => {
      const victim = await signUp(app, '__Host-muse_session');
      const attacker = await signUp(app, '__Host-muse_session');
      // A sibling subdomain can set `muse_session` (not `__Host-…`) in the victim's browser.
      const planted = `muse_session=${cookieValue(attacker.cookie)}`;
      expect((await whoAmI(app, `${planted}; ${victim.cookie}`)).id).toBe(victim.id);
      expect((await whoAmI(app, `${victim.cookie}; ${planted}`)).id).toBe(victim.id);
      // Beside a stale __Host- cookie, or alone, it is nobody (and told to go).
      expect((await whoAmI(app, `${planted}; __Host-muse_session=stale`)).status).toBe(401);
      const alone = await whoAmI(app, planted);
      expect(alone.status).toBe(401);
      expect(setCookie(alone.response, 'muse_session')).toMatch(/Expires=Thu, 01 Jan 1970/);
      expect(setCookie(alone.response, '__Host-muse_session')).toBeUndefined();
    });

    it('adopts a session from before the __Host- names once, under the new name', async () => {
      const person = await signUp(app, '__Host-muse_session');
      const token = cookieValue(person.cookie);
      // As if this session had been started before the upgrade (under the plain name).
      await get()
        .db.updateTable('sessions')
        .set({ created_at: '2020-01-01T00:00:00.000Z' })
        .where('token_hash', '=', hashToken(token))
        .execute();
      const old = await whoAmI(app, `muse_session=${token}`);
      expect(old.status).toBe(200);
      expect(old.id).toBe(person.id);
      const renamed = setCookie(old.response, '__Host-muse_session') ?? '';
      expect(cookieValue(renamed)).toBe(token);
      expect(renamed).toMatch(/; Secure/);
      expect(setCookie(old.response, 'muse_session')).toMatch(/Expires=Thu, 01 Jan 1970/);
      // …but never over a __Host- cookie the browser already has.
      expect((await whoAmI(app, `muse_session=${token}; __Host-muse_session=stale`)).status).toBe(
        401,
      );
    });
  });

  describe('over plain http (local use, tests)', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildTestApp(get().db);
    });
    afterAll(async () => {
      await app.close();
    });

    it('keeps the plain names, which a browser accepts without https', async () => {
      const person = await signUp(app, 'muse_session');
      expect(setCookie(person.created, 'muse_session')).not.toMatch(/Secure/);
      expect(setCookie(person.signup, 'muse_device')).toBeDefined();
      expect(setCookies(person.signup).some((line) => line.startsWith('__Host-'))).toBe(false);
      expect((await whoAmI(app, person.cookie)).id).toBe(person.id);
      expect((await whoAmI(app, `__Host-${person.cookie}`)).status).toBe(401);
    });
  });
});
