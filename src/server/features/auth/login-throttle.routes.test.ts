import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { deviceMarker, post, sessionCookieFrom, unique } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { DEVICE_COOKIE } from './device-cookie.ts';

// Issue 13 point 2: the per-account login throttle cannot be raced (the audit got 150 real
// password checks from 150 simultaneous guesses), and it cannot be turned into a weapon
// against the account's owner.

const PASSWORD = 'correct horse battery';

async function newAccount(app: FastifyInstance) {
  const device = deviceMarker();
  const created = await post(app, '/api/user/create', { user: { _id: unique('anon') }, device });
  const name = unique('Owner');
  const response = await post(
    app,
    '/api/signup',
    { user: { name, email: `${unique('e')}@example.com`, password: PASSWORD }, device },
    { cookie: sessionCookieFrom(created) },
  );
  expect(response.statusCode).toBe(200);
  // Sign-up remembers the device as well; `device` is '' where no cookie was set.
  const cookie = response.cookies.find((c) => c.name === DEVICE_COOKIE);
  return { name, device: cookie ? `${DEVICE_COOKIE}=${cookie.value}` : '' };
}

function deviceCookieFrom(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === DEVICE_COOKIE);
  if (!cookie) throw new Error('no device cookie was set');
  return `${DEVICE_COOKIE}=${cookie.value}`;
}

const login = (app: FastifyInstance, name: string, password: string, cookie?: string) =>
  post(app, '/api/login', { user: { name, password } }, cookie ? { cookie } : null);

const statuses = (responses: LightMyRequestResponse[]) => {
  const counts: Record<number, number> = {};
  for (const response of responses)
    counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
  return counts;
};

describeEachDatabase('the login throttle', (get) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(get().db);
  });
  afterAll(async () => {
    await app.close();
  });

  it('40 simultaneous wrong passwords get at most 10 real answers; the rest 429', async () => {
    const { name } = await newAccount(app);
    const responses = await Promise.all(
      Array.from({ length: 40 }, () => login(app, name, 'wrong password')),
    );
    const counts = statuses(responses);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(10);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(40);
    for (const response of responses.filter((r) => r.statusCode === 429)) {
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    // A stranger with the right password now waits too: the window is spent.
    expect((await login(app, name, PASSWORD)).statusCode).toBe(429);
  });

  it('the owner on a device that logged in before still gets in while strangers are throttled', async () => {
    const { name, device } = await newAccount(app);
    const ownLogin = await login(app, name, PASSWORD, device);
    expect(ownLogin.statusCode).toBe(200);
    const remembered = deviceCookieFrom(ownLogin);

    await Promise.all(Array.from({ length: 30 }, () => login(app, name, 'wrong password')));
    expect((await login(app, name, PASSWORD)).statusCode).toBe(429);

    const owner = await login(app, name, PASSWORD, remembered);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user.name).toBe(name);

    // A forged or foreign device cookie is a stranger.
    const [id, account] = remembered.slice(DEVICE_COOKIE.length + 1).split('.');
    const forged = `${DEVICE_COOKIE}=${id}.${account}.${'A'.repeat(43)}`;
    expect((await login(app, name, PASSWORD, forged)).statusCode).toBe(429);
    const other = await newAccount(app);
    expect((await login(app, name, PASSWORD, other.device)).statusCode).toBe(429);
  });

  it("a known device's own guesses are throttled too", async () => {
    const { name, device } = await newAccount(app);
    const responses = await Promise.all(
      Array.from({ length: 15 }, () => login(app, name, 'wrong password', device)),
    );
    expect(statuses(responses)[401] ?? 0).toBeLessThanOrEqual(10);
    expect((await login(app, name, PASSWORD, device)).statusCode).toBe(429);
  });
});

describeEachDatabase('the password asked before deleting an account', (get) => {
  it('cannot be guessed with a stolen session: 10 tries, then 429', async () => {
    const app = await buildTestApp(get().db);
    try {
      const device = deviceMarker();
      const created = await post(app, '/api/user/create', {
        user: { _id: unique('anon') },
        device,
      });
      const name = unique('Owner');
      const signup = await post(
        app,
        '/api/signup',
        { user: { name, email: `${unique('e')}@example.com`, password: PASSWORD }, device },
        { cookie: sessionCookieFrom(created) },
      );
      const session = { cookie: sessionCookieFrom(signup) };
      const guesses = await Promise.all(
        Array.from({ length: 20 }, () =>
          post(app, '/api/user/delete', { password: 'guess' }, session),
        ),
      );
      expect(guesses.filter((r) => r.statusCode === 403).length).toBeLessThanOrEqual(10);
      expect(guesses.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(10);
      const right = await post(app, '/api/user/delete', { password: PASSWORD }, session);
      expect(right.statusCode).toBe(429);
      expect((await post(app, '/api/user', {}, session)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
