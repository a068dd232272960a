import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { logIn, type SignedUp, signUpThroughApi } from '#tests/support/accounts.ts';
import { buildUser, post, unique } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';

// Without SMTP_URL, recovery codes are the way back in (decision 014).

function codesOf(account: SignedUp): string[] {
  expect(account.recoveryCodes).toBeDefined();
  return account.recoveryCodes ?? [];
}

describeEachDatabase('recovery codes', (get) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(get().db);
  });
  afterAll(async () => {
    await app.close();
  });

  it('says recovery codes are the way back in, and sends no e-mail', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/password/recovery' });
    expect(response.json()).toEqual({ email: false });
    expect((await post(app, '/api/password/forgot', { name: 'Anyone' })).statusCode).toBe(404);
  });

  it('gives 8 distinct codes at sign-up and keeps only their hashes', async () => {
    const account = await signUpThroughApi(app);
    const codes = codesOf(account);
    expect(codes).toHaveLength(8);
    expect(new Set(codes).size).toBe(8);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const rows = await get()
      .db.selectFrom('recovery_codes')
      .selectAll()
      .where('user_id', '=', account.id)
      .execute();
    expect(rows).toHaveLength(8);
    const stored = JSON.stringify(rows);
    for (const code of codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace('-', ''));
    }
    const normalised = codes[0]?.replace('-', '') ?? '';
    expect(rows.map((row) => row.code_hash)).toContain(
      createHash('sha256').update(normalised).digest('hex'),
    );
  });

  it('sets a new password with a code once, ending the other sessions', async () => {
    const account = await signUpThroughApi(app);
    const [code] = codesOf(account);
    const elsewhere = await logIn(app, account.email, account.password);
    const recovered = await post(app, '/api/password/recover', {
      name: account.email.toUpperCase(),
      // Typed loosely: upper case and spaces instead of the dash.
      code: ` ${code?.toUpperCase().replace('-', ' ')} `,
      password: 'brand new password',
    });
    expect(recovered.statusCode).toBe(200);
    expect((await logIn(app, account.name, account.password)).status).toBe(401);
    expect((await logIn(app, account.name, 'brand new password')).status).toBe(200);
    expect((await post(app, '/api/user', {}, account)).statusCode).toBe(401);
    expect((await post(app, '/api/user', {}, { cookie: elsewhere.cookie ?? '' })).statusCode).toBe(
      401,
    );

    const reused = await post(app, '/api/password/recover', {
      name: account.name,
      code,
      password: 'another password',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ error: 'Sorry, that recovery code does not match' });
    expect((await logIn(app, account.name, 'brand new password')).status).toBe(200);
  });

  it('refuses a wrong code and an unknown name alike, changing nothing', async () => {
    const account = await signUpThroughApi(app);
    const other = await signUpThroughApi(app);
    const attempts = [
      { name: account.name, code: 'aaaaa-aaaaa' },
      // Another account's code is no code of this one.
      { name: account.name, code: codesOf(other)[0] },
      { name: unique('Nobody'), code: codesOf(account)[0] },
    ];
    const answers = [];
    for (const attempt of attempts) {
      const response = await post(app, '/api/password/recover', {
        ...attempt,
        password: 'not getting in',
      });
      answers.push({ status: response.statusCode, body: response.body });
    }
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]?.status).toBe(400);
    expect((await logIn(app, account.name, account.password)).status).toBe(200);
    expect((await logIn(app, other.name, other.password)).status).toBe(200);
  });

  it('makes new codes with the password; the old ones stop working', async () => {
    const account = await signUpThroughApi(app);
    const old = codesOf(account);
    const wrong = await post(
      app,
      '/api/user/recovery-codes',
      { password: 'not my password' },
      account,
    );
    expect(wrong.statusCode).toBe(403);
    const fresh = await post(
      app,
      '/api/user/recovery-codes',
      { password: account.password },
      account,
    );
    expect(fresh.statusCode).toBe(200);
    const codes: string[] = fresh.json().recoveryCodes;
    expect(codes).toHaveLength(8);
    expect(codes.some((code) => old.includes(code))).toBe(false);
    const withOld = await post(app, '/api/password/recover', {
      name: account.name,
      code: old[1],
      password: 'via old code',
    });
    expect(withOld.statusCode).toBe(400);
    const withNew = await post(app, '/api/password/recover', {
      name: account.name,
      code: codes[1],
      password: 'via new code',
    });
    expect(withNew.statusCode).toBe(200);
    expect((await logIn(app, account.name, 'via new code')).status).toBe(200);
  });

  it('lets only a signed-up caller make codes', async () => {
    const anonymous = await buildUser(get().db, { name: '' });
    expect(
      (await post(app, '/api/user/recovery-codes', { password: 'whatever' }, anonymous)).statusCode,
    ).toBe(403);
    expect((await post(app, '/api/user/recovery-codes', { password: 'whatever' })).statusCode).toBe(
      401,
    );
  });

  it('stops guessing after 5 wrong codes for an account, even with a right one', async () => {
    const account = await signUpThroughApi(app);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await post(app, '/api/password/recover', {
        name: account.name,
        code: `wrong-${attempt}`,
        password: 'guessing away',
      });
      expect(response.statusCode).toBe(400);
    }
    const locked = await post(app, '/api/password/recover', {
      name: account.email,
      code: codesOf(account)[0],
      password: 'guessing away',
    });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await logIn(app, account.name, account.password)).status).toBe(200);
    // A name without an account is limited the same way, so 429 tells nothing either.
    const stranger = unique('Nobody');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push(
        (
          await post(app, '/api/password/recover', {
            name: stranger,
            code: 'aaaaa-aaaaa',
            password: 'guessing away',
          })
        ).statusCode,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('stops password guesses before new codes after 5', async () => {
    const account = await signUpThroughApi(app);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await post(app, '/api/user/recovery-codes', { password: 'nope' }, account);
      expect(response.statusCode).toBe(403);
    }
    const locked = await post(
      app,
      '/api/user/recovery-codes',
      { password: account.password },
      account,
    );
    expect(locked.statusCode).toBe(429);
  });
});

describeEachDatabase('recovery code limits per address', (get) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(get().db, { relaxedRateLimits: false });
  });
  afterAll(async () => {
    await app.close();
  });

  it('stops an address after 10 recovery attempts in 15 minutes', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      // A different name each time: only the per-address limit can stop these.
      const response = await post(app, '/api/password/recover', {
        name: unique('Nobody'),
        code: 'aaaaa-aaaaa',
        password: 'guessing away',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
