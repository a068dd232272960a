import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import {
  buildUser,
  deviceMarker,
  post,
  sessionCookieFrom,
  todayFields,
  unique,
} from '#tests/support/factories.ts';
import { checkAnswersAgainstOpenApi } from '#tests/support/openapi-check.ts';
import { buildTestApp, testConfig } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { createPasswordHasher, FAST_TEST_COST, scrypt } from './passwords.ts';

async function createAnonymous(app: FastifyInstance) {
  const id = unique('anon');
  const device = deviceMarker();
  const response = await post(app, '/api/user/create', { user: { _id: id }, device });
  expect(response.statusCode).toBe(200);
  return { id, device, cookie: sessionCookieFrom(response), response };
}

async function signUpNew(
  app: FastifyInstance,
  name = unique('Writer'),
  password = 'correct horse',
) {
  const anon = await createAnonymous(app);
  const email = `${name.toLowerCase()}@example.com`;
  const response = await post(
    app,
    '/api/signup',
    { user: { _id: anon.id, name, email, password }, ...todayFields() },
    anon,
  );
  expect(response.statusCode).toBe(200);
  return {
    id: anon.id,
    name,
    email,
    password,
    cookie: sessionCookieFrom(response),
    oldCookie: anon.cookie,
  };
}

describeEachDatabase('identity and sessions', (get) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(get().db);
  });
  afterAll(async () => {
    await app.close();
  });

  it('creates an anonymous user with a hashed, HttpOnly, SameSite=Lax session', async () => {
    const { id, response } = await createAnonymous(app);
    const { user } = response.json();
    expect(user).toMatchObject({ _id: id, name: '', streak: 0, longestStreak: 0, score: 0 });
    const today = new Date().toISOString().slice(0, 10);
    expect(user.started).toBe(today);
    expect(user.last < today).toBe(true);
    const cookie = response.cookies.find((c) => c.name === 'muse_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.value.length).toBeGreaterThanOrEqual(22);
    const stored = await get()
      .db.selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toContain(cookie?.value ?? '');
    // Only the SHA-256 of the cookie's token is kept, and the session is found by it.
    expect(stored[0]?.token_hash).toBe(
      createHash('sha256')
        .update(cookie?.value ?? '')
        .digest('hex'),
    );
  });

  it('forgets a session once it has expired', async () => {
    const anon = await createAnonymous(app);
    expect((await post(app, '/api/user', {}, anon)).statusCode).toBe(200);
    await get()
      .db.updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', anon.id)
      .execute();
    expect((await post(app, '/api/user', {}, anon)).statusCode).toBe(401);
  });

  it('refuses an id that already exists and a malformed one', async () => {
    const { id } = await createAnonymous(app);
    expect(
      (await post(app, '/api/user/create', { user: { _id: id }, device: deviceMarker() }))
        .statusCode,
    ).toBe(409);
    expect(
      (
        await post(app, '/api/user/create', {
          user: { _id: 'a b<script>' },
          device: deviceMarker(),
        })
      ).statusCode,
    ).toBe(400);
    expect((await post(app, '/api/user/create', {})).statusCode).toBe(400);
  });

  it('signs up keeping answers and score, rotating the session token', async () => {
    const anon = await createAnonymous(app);
    const now = new Date().toISOString();
    await get()
      .db.insertInto('answers')
      .values({
        id: unique('ans'),
        user_id: anon.id,
        prompt_id: null,
        prompt_title: 'Journal',
        answered: now,
        modified: now,
        text: 'one two three',
        type: 'paragraph',
        categories: '[]',
        shared: 0,
        shared_on: null,
        anonymous: 0,
        likes: 0,
        score: 1,
        profile_picture: null,
      })
      .execute();
    await get().db.updateTable('users').set({ score: 1 }).where('id', '=', anon.id).execute();
    const name = unique('Keeper');
    const response = await post(
      app,
      '/api/signup',
      {
        user: { _id: anon.id, name, email: `${name}@Example.com`, password: 'long enough' },
        ...todayFields(),
      },
      anon,
    );
    expect(response.statusCode).toBe(200);
    const { user } = response.json();
    expect(user).toMatchObject({ _id: anon.id, name, score: 1 });
    expect(user.answered).toHaveLength(1);
    expect(JSON.stringify(response.json())).not.toContain('long enough');
    // The token seen before sign-up is dead; the new one works.
    expect((await post(app, '/api/user', {}, anon)).statusCode).toBe(401);
    expect(
      (await post(app, '/api/user', {}, { cookie: sessionCookieFrom(response) })).statusCode,
    ).toBe(200);
    const row = await get()
      .db.selectFrom('users')
      .select('password_hash')
      .where('id', '=', anon.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^argon2id\$v=19\$/);
    expect(row.password_hash).not.toContain('long enough');
  });

  it('refuses a taken name or e-mail case-insensitively, short passwords and no session', async () => {
    const first = await signUpNew(app);
    const anon = await createAnonymous(app);
    const taken = await post(
      app,
      '/api/signup',
      {
        user: {
          name: first.name.toUpperCase(),
          email: 'fresh@example.com',
          password: 'long enough',
        },
        device: anon.device,
      },
      anon,
    );
    expect(taken.statusCode).toBe(409);
    // SPEC §8's words, then which of the two (issue 35).
    expect(taken.json()).toEqual({
      error: 'Sorry, name or email is taken: someone already goes by this name',
    });
    const takenEmail = await post(
      app,
      '/api/signup',
      {
        user: { name: unique('Other'), email: first.email.toUpperCase(), password: 'long enough' },
        device: anon.device,
      },
      anon,
    );
    expect(takenEmail.statusCode).toBe(409);
    expect(takenEmail.json()).toEqual({
      error: 'Sorry, name or email is taken: this email already has an account',
    });
    const short = await post(
      app,
      '/api/signup',
      { user: { name: unique('S'), email: 's@example.com', password: 'short' } },
      anon,
    );
    expect(short.statusCode).toBe(400);
    const none = await post(app, '/api/signup', {
      user: { name: unique('S'), email: 'n@example.com', password: 'long enough' },
    });
    expect(none.statusCode).toBe(401);
    const foreignId = await post(
      app,
      '/api/signup',
      {
        user: { _id: first.id, name: unique('S'), email: 'f@example.com', password: 'long enough' },
      },
      anon,
    );
    expect(foreignId.statusCode).toBe(403);
  });

  it('logs in by name or e-mail with one message for every failure', async () => {
    const account = await signUpNew(app);
    const byName = await post(app, '/api/login', {
      user: { name: account.name, password: account.password },
      ...todayFields(),
    });
    expect(byName.statusCode).toBe(200);
    expect(byName.json().user).toMatchObject({ _id: account.id, name: account.name });
    expect(JSON.stringify(byName.json())).not.toMatch(/scrypt|argon2|password/);
    const byEmail = await post(app, '/api/login', {
      user: { name: account.email.toUpperCase(), password: account.password },
    });
    expect(byEmail.statusCode).toBe(200);
    const wrong = await post(app, '/api/login', {
      user: { name: account.name, password: 'nope nope' },
    });
    const unknown = await post(app, '/api/login', {
      user: { name: unique('Nobody'), password: 'nope nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ error: 'Sorry, password does not match' });
  });

  it('replaces a scrypt hash (decision 005) with argon2id at the next successful login', async () => {
    const account = await signUpNew(app);
    const passwordHashOf = async () =>
      (
        await get()
          .db.selectFrom('users')
          .select('password_hash')
          .where('id', '=', account.id)
          .executeTakeFirstOrThrow()
      ).password_hash;
    // The account as stored before argon2id: a scrypt hash of its password (cheap N for tests).
    const salt = randomBytes(16);
    const key = await scrypt(account.password, salt, { N: 2 ** 10, r: 8, p: 1 });
    const old = ['scrypt', 2 ** 10, 8, 1, salt.toString('base64'), key.toString('base64')].join(
      '$',
    );
    await get()
      .db.updateTable('users')
      .set({ password_hash: old })
      .where('id', '=', account.id)
      .execute();
    // A wrong password changes nothing.
    const wrong = await post(app, '/api/login', {
      user: { name: account.name, password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(await passwordHashOf()).toBe(old);
    const login = await post(app, '/api/login', {
      user: { name: account.name, password: account.password },
    });
    expect(login.statusCode).toBe(200);
    const upgraded = await passwordHashOf();
    expect(upgraded).toMatch(/^argon2id\$v=19\$/);
    expect(upgraded).not.toContain(account.password);
    // The new hash is the password's: the next login works, and leaves it as it is.
    const again = await post(app, '/api/login', {
      user: { name: account.name, password: account.password },
    });
    expect(again.statusCode).toBe(200);
    expect(await passwordHashOf()).toBe(upgraded);
  });

  it('refuses a login with 503 + Retry-After while hashing is busy, spending no attempt', async () => {
    const account = await signUpNew(app);
    // The same database through an app whose hashing is always too busy to queue more.
    const busy = await buildApp({
      db: get().db,
      config: testConfig(),
      clientDir: '/nonexistent-muse-client',
      passwords: createPasswordHasher({ cost: FAST_TEST_COST, maxWaitMs: -1, estimateMs: 1 }),
    });
    checkAnswersAgainstOpenApi(busy);
    await busy.ready();
    try {
      // More refusals than the account's 10 attempts in 15 minutes…
      for (let i = 0; i < 12; i += 1) {
        const refused = await post(busy, '/api/login', {
          user: { name: account.name, password: account.password },
        });
        expect(refused.statusCode).toBe(503);
        expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      }
    } finally {
      await busy.close();
    }
    // …and the owner still gets in once hashing has room: none of them counted.
    const login = await post(app, '/api/login', {
      user: { name: account.name, password: account.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('moves an anonymous visitor’s answers and prompts into the account at login', async () => {
    const account = await signUpNew(app);
    const visitor = await createAnonymous(app);
    const now = new Date().toISOString();
    const answerId = unique('ans');
    await get()
      .db.insertInto('answers')
      .values({
        id: answerId,
        user_id: visitor.id,
        prompt_id: null,
        prompt_title: 'Journal',
        answered: now,
        modified: now,
        text: 'a b c d e f',
        type: 'paragraph',
        categories: '[]',
        shared: 0,
        shared_on: null,
        anonymous: 0,
        likes: 0,
        score: 2,
        profile_picture: null,
      })
      .execute();
    await get().db.updateTable('users').set({ score: 2 }).where('id', '=', visitor.id).execute();
    const response = await post(
      app,
      '/api/login',
      {
        user: { name: account.name, password: account.password, _id: visitor.id },
        device: visitor.device,
      },
      visitor,
    );
    expect(response.statusCode).toBe(200);
    const { user } = response.json();
    expect(user.answered).toContain(answerId);
    expect(user).toMatchObject({ _id: account.id, old_id: visitor.id, score: 2 });
    const moved = await get()
      .db.selectFrom('answers')
      .select('user_id')
      .where('id', '=', answerId)
      .executeTakeFirstOrThrow();
    expect(moved.user_id).toBe(account.id);
  });

  it('throttles an account after 10 failures, even with the right password and relaxed limits', async () => {
    const account = await signUpNew(app);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await post(app, '/api/login', {
        user: { name: account.name, password: 'wrong password' },
      });
      expect(response.statusCode).toBe(401);
    }
    const locked = await post(app, '/api/login', {
      user: { name: account.name, password: account.password },
    });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('ends the session on the server at logout', async () => {
    const account = await signUpNew(app);
    expect((await post(app, '/api/logout', {}, account)).json()).toEqual({ ok: true });
    expect((await post(app, '/api/user', {}, account)).statusCode).toBe(401);
  });

  it('deletes an account and everything it owns only with the password', async () => {
    const account = await signUpNew(app);
    const lover = await buildUser(get().db);
    const now = new Date().toISOString();
    const answerId = unique('ans');
    const othersAnswer = unique('ans');
    await get()
      .db.insertInto('answers')
      .values([
        {
          id: answerId,
          user_id: account.id,
          prompt_id: null,
          prompt_title: 'Mine',
          answered: now,
          modified: now,
          text: 'x',
          type: 'paragraph',
          categories: '[]',
          shared: 1,
          shared_on: now,
          anonymous: 0,
          likes: 0,
          score: 0,
          profile_picture: null,
        },
        {
          id: othersAnswer,
          user_id: lover.id,
          prompt_id: null,
          prompt_title: 'Theirs',
          answered: now,
          modified: now,
          text: 'y',
          type: 'paragraph',
          categories: '[]',
          shared: 1,
          shared_on: now,
          anonymous: 0,
          likes: 1,
          score: 0,
          profile_picture: null,
        },
      ])
      .execute();
    await get()
      .db.insertInto('likes')
      .values({ answer_id: othersAnswer, user_id: account.id, created: now })
      .execute();
    expect(
      (await post(app, '/api/user/delete', { password: 'not it at all' }, account)).statusCode,
    ).toBe(403);
    expect((await post(app, '/api/user/delete', {}, null)).statusCode).toBe(401);
    expect(
      (await post(app, '/api/user/delete', { password: account.password }, account)).statusCode,
    ).toBe(200);
    const db = get().db;
    expect(
      await db.selectFrom('users').select('id').where('id', '=', account.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await db.selectFrom('answers').select('id').where('id', '=', answerId).executeTakeFirst(),
    ).toBeUndefined();
    const theirs = await db
      .selectFrom('answers')
      .select('likes')
      .where('id', '=', othersAnswer)
      .executeTakeFirstOrThrow();
    expect(theirs.likes).toBe(0);
  });
});
