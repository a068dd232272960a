import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { logIn, signUpThroughApi } from '#tests/support/accounts.ts';
import { buildUser, post, sessionCookieFrom } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';

// Issue 34 point 4: "Change password" in settings. The current password is checked like a
// login's (the hashing queue, the throttle), so a session left open is no way to guess it; the
// new one works at once and every other session and token of the account ends.

const NEW_PASSWORD = 'a brand new password';

describeEachDatabase('changing a password one knows', (get) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(get().db);
  });
  afterAll(async () => {
    await app.close();
  });

  it('takes the current password; the old one stops working, the new one works, other sessions and tokens end', async () => {
    const account = await signUpThroughApi(app);
    const laptop = await logIn(app, account.name, account.password);
    const token = await post(app, '/api/token', {
      user: { name: account.name, password: account.password },
      label: 'Script',
    });
    expect(token.statusCode).toBe(200);
    const bearer = { authorization: `Bearer ${token.json().token as string}` };

    const changed = await post(
      app,
      '/api/password/change',
      { password: account.password, newPassword: NEW_PASSWORD },
      account,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ ok: true });

    // The caller goes on under a new session token; the one used for the change is spent.
    const renewed = { cookie: sessionCookieFrom(changed) };
    expect(renewed.cookie).not.toBe(account.cookie);
    expect((await post(app, '/api/user', {}, renewed)).statusCode).toBe(200);
    expect((await post(app, '/api/user', {}, account)).statusCode).toBe(401);
    // Every other device is signed out: the laptop's session and the script's token.
    expect((await post(app, '/api/user', {}, { cookie: laptop.cookie ?? '' })).statusCode).toBe(
      401,
    );
    const byToken = await app.inject({ method: 'POST', url: '/api/user', headers: bearer });
    expect(byToken.statusCode).toBe(401);

    expect((await logIn(app, account.name, account.password)).status).toBe(401);
    expect((await logIn(app, account.name, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses a wrong current password with 403 and changes nothing', async () => {
    const account = await signUpThroughApi(app);
    const wrong = await post(
      app,
      '/api/password/change',
      { password: 'not my password', newPassword: NEW_PASSWORD },
      account,
    );
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ error: 'Sorry, password does not match' });
    expect((await post(app, '/api/user', {}, account)).statusCode).toBe(200);
    expect((await logIn(app, account.name, NEW_PASSWORD)).status).toBe(401);
    expect((await logIn(app, account.name, account.password)).status).toBe(200);
  });

  it('says what is wrong with a short or missing password (400)', async () => {
    const account = await signUpThroughApi(app);
    const short = await post(
      app,
      '/api/password/change',
      { password: account.password, newPassword: 'short' },
      account,
    );
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatch(/at least 8 characters/);
    const missing = await post(
      app,
      '/api/password/change',
      { password: '', newPassword: NEW_PASSWORD },
      account,
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/current password/);
    expect((await logIn(app, account.name, account.password)).status).toBe(200);
  });

  it('cannot be used to guess the password with a stolen session: 10 tries, then 429', async () => {
    const account = await signUpThroughApi(app);
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(
          app,
          '/api/password/change',
          { password: `guess number ${i}`, newPassword: NEW_PASSWORD },
          account,
        ),
      ),
    );
    const count = (status: number) => guesses.filter((r) => r.statusCode === status).length;
    expect(count(403)).toBeLessThanOrEqual(10);
    expect(count(403) + count(429)).toBe(20);
    for (const response of guesses.filter((r) => r.statusCode === 429)) {
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Even the right password now waits, and nothing changed.
    const right = await post(
      app,
      '/api/password/change',
      { password: account.password, newPassword: NEW_PASSWORD },
      account,
    );
    expect(right.statusCode).toBe(429);
    expect((await logIn(app, account.name, account.password)).status).toBe(200);
  });

  it('is for named accounts with a browser session only', async () => {
    const body = { password: 'whatever it is', newPassword: NEW_PASSWORD };
    expect((await post(app, '/api/password/change', body)).statusCode).toBe(401);
    const anonymous = await buildUser(get().db, { name: '' });
    expect((await post(app, '/api/password/change', body, anonymous)).statusCode).toBe(403);

    const account = await signUpThroughApi(app);
    const token = await post(app, '/api/token', {
      user: { name: account.name, password: account.password },
      label: 'Script',
    });
    const byToken = await app.inject({
      method: 'POST',
      url: '/api/password/change',
      payload: { password: account.password, newPassword: NEW_PASSWORD },
      headers: { authorization: `Bearer ${token.json().token as string}` },
    });
    expect(byToken.statusCode).toBe(403);
    expect(byToken.json()).toEqual({
      error: 'Change your password in the browser you signed in with',
    });
    expect((await logIn(app, account.name, account.password)).status).toBe(200);
  });
});
