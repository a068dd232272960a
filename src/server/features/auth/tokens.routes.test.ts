import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpThroughApi } from '#tests/support/accounts.ts';
import {
  deviceMarker,
  post,
  sessionCookieFrom,
  todayFields,
  unique,
} from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';

// Issue 17 A: clients other than this web app (the iOS app, scripts) sign in for a bearer token.

/** A plain HTTP client: no Origin, no cookies, no browser — what a native app or a script is. */
function client(base: string, token?: string) {
  return async (path: string, body: unknown = {}) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    // The client never holds a session: nothing sets one (deleting the account only clears it).
    expect(response.headers.get('set-cookie') ?? '').not.toMatch(/muse_session=[^;]/);
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };
}

describeEachDatabase('bearer tokens for other clients', (get) => {
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    app = await buildTestApp(get().db, { publicOrigin: 'https://muse.example' });
    base = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await app.close();
  });

  async function tokenFor(account: { name: string; password: string }, label = 'Script') {
    const response = await post(app, '/api/token', {
      user: { name: account.name, password: account.password },
      label,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { token: string; id: string };
  }

  it('carries a whole journey as a non-browser client, then is revoked', async () => {
    const writer = await signUpThroughApi(app);
    const friend = await signUpThroughApi(app);
    // The friend shares an answer from the browser; the native client will love it.
    const friendsAnswer = unique('ans');
    await post(
      app,
      '/api/answer/save',
      {
        answer: { _id: friendsAnswer, prompt_id: 'seed-life-01', prompt_title: 'Life', text: 'Hi' },
      },
      friend,
    );
    expect(
      (await post(app, '/api/answer/share', { answer_id: friendsAnswer, anonymous: false }, friend))
        .statusCode,
    ).toBe(200);

    const anonymous = client(base);
    const minted = await anonymous('/api/token', {
      user: { name: writer.email, password: writer.password },
      label: 'Ana’s iPhone',
    });
    expect(minted.status).toBe(200);
    const token = String(minted.json.token);
    expect(token.length).toBeGreaterThanOrEqual(40);
    // Hashed at rest: the token itself is nowhere in the database.
    const stored = await get().db.selectFrom('api_tokens').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);
    // …only its SHA-256, which is what a request's token is looked up by.
    expect(stored.find((row) => row.id === minted.json.id)?.token_hash).toBe(
      createHash('sha256').update(token).digest('hex'),
    );

    const phone = client(base, token);
    const me = await phone('/api/user', {});
    expect(me.status).toBe(200);
    expect((me.json.user as { _id: string })._id).toBe(writer.id);

    const answerId = unique('ans');
    const saved = await phone('/api/answer/save', {
      answer: {
        _id: answerId,
        prompt_id: 'seed-life-01',
        prompt_title: 'Life',
        text: 'From my phone',
      },
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const shared = await phone('/api/answer/share', { answer_id: answerId, anonymous: true });
    expect(shared.status, JSON.stringify(shared.json)).toBe(200);
    const loved = await phone('/api/answer/like', { answer_id: friendsAnswer });
    expect(loved.status, JSON.stringify(loved.json)).toBe(200);
    const offline = await phone('/api/offline/save', {
      offline: {
        answered: [
          {
            _id: unique('ans'),
            prompt_id: 'seed-life-01',
            prompt_title: 'Life',
            text: 'On a plane',
          },
        ],
      },
      ...todayFields(),
    });
    expect(offline.status, JSON.stringify(offline.json)).toBe(200);
    const mine = await get()
      .db.selectFrom('answers')
      .select(['text', 'shared'])
      .where('user_id', '=', writer.id)
      .orderBy('text')
      .execute();
    expect(mine.map((row) => row.text)).toEqual(['From my phone', 'On a plane']);

    const devices = await phone('/api/tokens');
    expect(devices.status).toBe(200);
    const [device] = devices.json.tokens as Array<Record<string, unknown>>;
    expect(device).toMatchObject({ id: minted.json.id, label: 'Ana’s iPhone', current: true });
    expect(device?.lastUsed).toEqual(expect.any(String));
    expect(Object.keys(device ?? {}).sort()).toEqual([
      'created',
      'current',
      'id',
      'label',
      'lastUsed',
    ]);

    expect((await phone('/api/token/revoke', { id: minted.json.id })).status).toBe(200);
    expect((await phone('/api/tokens')).status).toBe(401);
    expect(
      (
        await phone('/api/answer/save', {
          answer: { _id: unique('a'), prompt_title: '', text: 'x' },
        })
      ).status,
    ).toBe(401);
  });

  it('skips the origin rules only for a request with a bearer token and no cookie', async () => {
    const writer = await signUpThroughApi(app);
    const { token } = await tokenFor(writer);
    const send = (headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/api/tokens',
        headers: { 'content-type': 'application/json', ...headers },
        payload: '{}',
      });
    const foreign = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    expect((await send({ authorization: `Bearer ${token}`, ...foreign })).statusCode).toBe(200);
    // A cookie brings the rules back, whatever else the request carries.
    expect(
      (await send({ authorization: `Bearer ${token}`, cookie: writer.cookie, ...foreign }))
        .statusCode,
    ).toBe(403);
    expect(
      (await send({ authorization: `Bearer ${token}`, cookie: 'x=1', ...foreign })).statusCode,
    ).toBe(403);
    expect((await send({ cookie: writer.cookie, ...foreign })).statusCode).toBe(403);
    // An unknown token is no visitor: it is refused before any handler runs, even on open calls.
    for (const authorization of [
      'Bearer nope',
      'Bearer ',
      'bearer x y',
      `Bearer ${'a'.repeat(300)}`,
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/categories',
        headers: { 'content-type': 'application/json', authorization, ...foreign },
        payload: '{}',
      });
      expect(response.statusCode, authorization).toBe(401);
    }
  });

  it('gives tokens only to accounts with a name and password, through the login throttle', async () => {
    // An anonymous user has no name and no password to show: there is nothing to mint with.
    const created = await post(app, '/api/user/create', {
      user: { _id: unique('anon') },
      device: deviceMarker(),
    });
    const anonymousCookie = { cookie: sessionCookieFrom(created) };
    const asAnonymous = await post(
      app,
      '/api/token',
      { user: { name: '', password: 'anything' }, label: 'Mine' },
      anonymousCookie,
    );
    expect(asAnonymous.statusCode).toBe(400);
    expect((await post(app, '/api/tokens', {}, anonymousCookie)).json()).toEqual({ tokens: [] });
    const writer = await signUpThroughApi(app);
    const wrong = { user: { name: writer.name, password: 'wrong password' }, label: 'Guess' };
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await post(app, '/api/token', wrong)).statusCode).toBe(401);
    }
    // The 11th attempt is refused before any hash — even with the right password.
    const throttled = await post(app, '/api/token', {
      user: { name: writer.name, password: writer.password },
      label: 'Late',
    });
    expect(throttled.statusCode).toBe(429);
    expect(
      (await post(app, '/api/token', { user: { name: 'nobody-here', password: 'x' }, label: 'x' }))
        .statusCode,
    ).toBe(401);
    expect(
      (await post(app, '/api/token', { user: { name: writer.name, password: 'x' } })).statusCode,
    ).toBe(400);
  });

  describe('revoked everywhere', () => {
    it('by /api/logout with that token, and only that token (issue 34 point 9)', async () => {
      const writer = await signUpThroughApi(app);
      const { token, id } = await tokenFor(writer);
      const other = await tokenFor(writer, 'Other');
      const phone = client(base, token);
      expect((await phone('/api/logout')).status).toBe(200);
      expect((await phone('/api/tokens')).status).toBe(401);
      expect((await phone('/api/user')).status).toBe(401);
      expect(
        await get().db.selectFrom('api_tokens').where('id', '=', id).selectAll().execute(),
      ).toEqual([]);
      // The account's other device and its browser session go on.
      expect((await client(base, other.token)('/api/tokens')).status).toBe(200);
      expect((await post(app, '/api/tokens', {}, writer)).statusCode).toBe(200);
    });

    it('by a password reset with a recovery code', async () => {
      const writer = await signUpThroughApi(app);
      const { token } = await tokenFor(writer);
      const other = await tokenFor(writer, 'Other');
      const [code] = writer.recoveryCodes ?? [];
      const recovered = await post(app, '/api/password/recover', {
        name: writer.name,
        code,
        password: 'brand new password',
      });
      expect(recovered.statusCode, recovered.body).toBe(200);
      for (const t of [token, other.token]) {
        expect((await client(base, t)('/api/tokens')).status).toBe(401);
      }
    });

    it('by deleting the account, and one account never sees or revokes another’s', async () => {
      const writer = await signUpThroughApi(app);
      const stranger = await signUpThroughApi(app);
      const { token, id } = await tokenFor(writer);
      const strangers = await tokenFor(stranger);
      const strangerPhone = client(base, strangers.token);
      expect((await strangerPhone('/api/token/revoke', { id })).status).toBe(404);
      const listed = await strangerPhone('/api/tokens');
      expect((listed.json.tokens as unknown[]).length).toBe(1);
      // The browser session sees the device, not as its own current one.
      const inBrowser = await post(app, '/api/tokens', {}, writer);
      expect(inBrowser.json().tokens).toEqual([
        expect.objectContaining({ id, label: 'Script', current: false }),
      ]);
      const phone = client(base, token);
      expect((await phone('/api/user/delete', { password: writer.password })).status).toBe(200);
      expect((await phone('/api/tokens')).status).toBe(401);
      expect(
        await get().db.selectFrom('api_tokens').where('id', '=', id).selectAll().execute(),
      ).toEqual([]);
    });
  });
});
