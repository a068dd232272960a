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
