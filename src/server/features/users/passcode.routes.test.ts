import { pbkdf2Sync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { logIn, signUpThroughApi } from '#tests/support/accounts.ts';
import { buildUser, post } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { PASSCODE_ITERATIONS } from './passcode-hash.ts';

// The passcode is a real lock (decision 014): the server keeps a slow salted hash, and what it
// sends the owner's device is how to check a code, never the code.

describeEachDatabase('the passcode at rest and on the wire', (get) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(get().db);
  });
  afterAll(async () => {
    await app.close();
  });

  it('keeps only a PBKDF2-SHA256 hash that checks the code, in no row or response', async () => {
    const account = await signUpThroughApi(app);
    const code = '4721';
    const set = await post(app, '/api/user/code', { code }, account);
    expect(set.statusCode).toBe(200);
    const lock = set.json().user.code;
    expect(lock).toEqual({
      algorithm: 'PBKDF2-SHA256',
      iterations: PASSCODE_ITERATIONS,
      salt: expect.any(String),
      hash: expect.any(String),
    });
    expect(PASSCODE_ITERATIONS).toBeGreaterThanOrEqual(600_000);
    // What the device will compute: PBKDF2-SHA256 over the code's bytes with this salt.
    const derive = (typed: string) =>
      pbkdf2Sync(typed, Buffer.from(lock.salt, 'base64'), lock.iterations, 32, 'sha256').toString(
        'base64',
      );
    expect(derive(code)).toBe(lock.hash);
    expect(derive('4722')).not.toBe(lock.hash);

    const row = await get()
      .db.selectFrom('users')
      .selectAll()
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row).not.toHaveProperty('code');

    const fresh = await logIn(app, account.name, account.password);
    const session = { cookie: fresh.cookie ?? '' };
    const responses = [
      set,
      await post(app, '/api/user', {}, session),
      await post(app, '/api/user/export', {}, session),
      await post(app, '/api/login', { user: { name: account.name, password: account.password } }),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(code);
    }
    // A second user with the same code gets another salt, so another hash.
    const twin = await signUpThroughApi(app);
    const twinLock = (await post(app, '/api/user/code', { code }, twin)).json().user.code;
    expect(twinLock.salt).not.toBe(lock.salt);
    expect(twinLock.hash).not.toBe(lock.hash);
  });

  it('removes a forgotten passcode only right after a password login', async () => {
    const account = await signUpThroughApi(app);
    await post(app, '/api/user/code', { code: '9090' }, account);
    // A session that began long ago has not just proved the password.
    await get()
      .db.updateTable('sessions')
      .set({ created_at: new Date(Date.now() - 11 * 60 * 1000).toISOString() })
      .where('user_id', '=', account.id)
      .execute();
    const stale = await post(app, '/api/user/code/forget', {}, account);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual({ error: 'Please sign in with your password first' });
    const kept = await get()
      .db.selectFrom('users')
      .select('passcode_hash')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(kept.passcode_hash).not.toBeNull();

    const login = await logIn(app, account.name, account.password);
    const forgot = await post(app, '/api/user/code/forget', {}, { cookie: login.cookie ?? '' });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json().user.code).toBeNull();
    const gone = await get()
      .db.selectFrom('users')
      .select('passcode_hash')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(gone.passcode_hash).toBeNull();
  });

  it('changes or removes a set passcode only with that passcode or the password (issue 34)', async () => {
    const account = await signUpThroughApi(app);
    // A first passcode needs no proof: it only adds a lock.
    expect((await post(app, '/api/user/code', { code: '2468' }, account)).statusCode).toBe(200);
    const passcodeOf = async () =>
      (
        await get()
          .db.selectFrom('users')
          .select('passcode_hash')
          .where('id', '=', account.id)
          .executeTakeFirstOrThrow()
      ).passcode_hash;
    const first = await passcodeOf();
    expect(first).not.toBeNull();

    // Someone at a screen left unlocked: no proof, a wrong passcode, a wrong password.
    for (const [body, error] of [
      [{ code: '' }, 'Please enter your passcode or your password'],
      [{ code: null }, 'Please enter your passcode or your password'],
      [{ code: '1111' }, 'Please enter your passcode or your password'],
      [{ code: '', current: '1357' }, 'Passcode does not match'],
      [{ code: '1111', current: '1357' }, 'Passcode does not match'],
      [{ code: '', current: 'not the password' }, 'Sorry, password does not match'],
    ] as const) {
      const refused = await post(app, '/api/user/code', body, account);
      expect(refused.statusCode, JSON.stringify(body)).toBe(403);
      expect(refused.json()).toEqual({ error });
    }
    expect(await passcodeOf()).toBe(first);

    // The owner: with the passcode it changes, with the password it goes.
    const changed = await post(app, '/api/user/code', { code: '1357', current: '2468' }, account);
    expect(changed.statusCode).toBe(200);
    expect(await passcodeOf()).not.toBe(first);
    const removed = await post(
      app,
      '/api/user/code',
      { code: '', current: account.password },
      account,
    );
    expect(removed.statusCode).toBe(200);
    expect(removed.json().user.code).toBeNull();
    expect(await passcodeOf()).toBeNull();
  });

  it('cannot be guessed through: ten wrong passcodes or passwords in 15 minutes, then 429', async () => {
    const account = await signUpThroughApi(app);
    await post(app, '/api/user/code', { code: '8642' }, account);
    const guesses = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        post(
          app,
          '/api/user/code',
          // Passcodes and passwords count in one bucket.
          { code: '', current: i % 2 ? String(1000 + i) : `password guess ${i}` },
          account,
        ),
      ),
    );
    const count = (status: number) => guesses.filter((r) => r.statusCode === status).length;
    expect(count(403)).toBeLessThanOrEqual(10);
    expect(count(403) + count(429)).toBe(16);
    // The right passcode now waits too, and the lock stays.
    const right = await post(app, '/api/user/code', { code: '', current: '8642' }, account);
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post(app, '/api/user', {}, account)).json().user.code).not.toBeNull();
  });

  it('lets no one else or anonymous remove it', async () => {
    const account = await signUpThroughApi(app);
    const anonymous = await buildUser(get().db, { name: '' });
    expect((await post(app, '/api/user/code/forget', {}, anonymous)).statusCode).toBe(403);
    expect((await post(app, '/api/user/code/forget', {})).statusCode).toBe(401);
    const other = await signUpThroughApi(app);
    expect((await post(app, '/api/user/code/forget', { _id: account.id }, other)).statusCode).toBe(
      403,
    );
  });
});
