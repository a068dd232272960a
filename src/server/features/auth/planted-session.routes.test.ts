import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildUser, post, sessionCookieFrom, unique } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { saveAnswerAs } from '../answers/answer-fixtures.ts';

// Issue 13 point 10: logging in does not import a planted session's data. The attacker makes an
// anonymous user full of answers and plants its session cookie in the victim's browser (cookie
// tossing from a sibling domain, say); when the victim logs in, the server used to carry the
// attacker's answers into the victim's account.

const marker = () => randomBytes(18).toString('base64url');
const PASSWORD = 'correct horse battery';

async function anonymous(app: FastifyInstance, device: string) {
  const id = unique('anon');
  const response = await post(app, '/api/user/create', { user: { _id: id }, device });
  expect(response.statusCode).toBe(200);
  return { id, name: '', cookie: sessionCookieFrom(response) };
}

async function account(app: FastifyInstance, device: string) {
  const anon = await anonymous(app, device);
  const name = unique('Victim');
  const response = await post(
    app,
    '/api/signup',
    {
      user: { _id: anon.id, name, email: `${unique('v')}@example.com`, password: PASSWORD },
      device,
    },
    anon,
  );
  expect(response.statusCode).toBe(200);
  return { id: anon.id, name };
}

const answerIdsOf = async (app: FastifyInstance, cookie: string) =>
  ((await post(app, '/api/user/answers', {}, { cookie })).json().answers as { _id: string }[]).map(
    (a) => a._id,
  );

describeEachDatabase('a planted session', (get) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(get().db);
  });
  afterAll(async () => {
    await app.close();
  });

  const ownerOf = async (answerId: string) =>
    (
      await get()
        .db.selectFrom('answers')
        .select('user_id')
        .where('id', '=', answerId)
        .executeTakeFirstOrThrow()
    ).user_id;

  // Issue 34 point 11: without a marker, the attacker's user used to fall back to the check made
  // for users from before markers (the browser naming its id), which a planted session can win
  // (the client learns the planted user's id from /api/user). Now no user is made without one.
  it('is never made without a device marker: 400, no user, no session', async () => {
    const id = unique('anon');
    const response = await post(app, '/api/user/create', { user: { _id: id } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/marker/);
    expect(response.headers['set-cookie']).toBeUndefined();
    const row = await get().db.selectFrom('users').select('id').where('id', '=', id).execute();
    expect(row).toEqual([]);
  });

  it.each([
    ['naming its own anonymous id', false],
    ["naming the planted user's id (learnt from /api/user)", true],
  ])('is not merged into the account the victim logs in to (%s)', async (_label, namesIt) => {
    const victimDevice = marker();
    const victim = await account(app, victimDevice);
    const planted = await anonymous(app, marker());
    const plantedAnswer = await saveAnswerAs(app, planted, { text: 'planted words' });

    // The victim's browser carries the attacker's cookie, but its own localStorage: its own
    // marker, and its own anonymous id or the one the planted session told it.
    const login = await post(
      app,
      '/api/login',
      {
        user: { name: victim.name, password: PASSWORD, _id: namesIt ? planted.id : unique('mine') },
        device: victimDevice,
      },
      planted,
    );
    expect(login.statusCode).toBe(200);
    expect(login.json().user.answered).not.toContain(plantedAnswer._id);
    expect(await answerIdsOf(app, sessionCookieFrom(login))).not.toContain(plantedAnswer._id);
    expect(await ownerOf(plantedAnswer._id)).toBe(planted.id);
  });

  it('an anonymous user from before markers keeps the old proof: its id, named by its browser', async () => {
    const device = marker();
    const owner = await account(app, device);
    // Rows as made before markers existed: no device_hash.
    const planted = await buildUser(get().db, { name: '' });
    const plantedAnswer = await saveAnswerAs(app, planted, { text: 'written before markers' });
    const stranger = await post(
      app,
      '/api/login',
      { user: { name: owner.name, password: PASSWORD, _id: unique('mine') }, device },
      planted,
    );
    expect(stranger.statusCode).toBe(200);
    expect(await ownerOf(plantedAnswer._id)).toBe(planted.id);
    const old = await buildUser(get().db, { name: '' });
    const oldAnswer = await saveAnswerAs(app, old, { text: 'written before markers' });
    const own = await post(
      app,
      '/api/login',
      { user: { name: owner.name, password: PASSWORD, _id: old.id }, device },
      old,
    );
    expect(own.statusCode).toBe(200);
    expect(await ownerOf(oldAnswer._id)).toBe(owner.id);
  });

  it("cannot be signed up into: the victim's sign-up refuses to adopt the attacker's answers", async () => {
    const planted = await anonymous(app, marker());
    const plantedAnswer = await saveAnswerAs(app, planted, { text: 'planted words' });
    const signup = await post(
      app,
      '/api/signup',
      {
        user: { name: unique('Victim'), email: `${unique('v')}@example.com`, password: PASSWORD },
        device: marker(),
      },
      planted,
    );
    expect(signup.statusCode).toBe(403);
    const row = await get()
      .db.selectFrom('users')
      .select('name')
      .where('id', '=', planted.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('');
    expect(plantedAnswer.user_id).toBe(planted.id);
  });

  it('anonymous work made in this browser is still carried into the account at login', async () => {
    const device = marker();
    const owner = await account(app, device);
    const later = await anonymous(app, device);
    const mine = await saveAnswerAs(app, later, { text: 'my own words' });
    const login = await post(
      app,
      '/api/login',
      { user: { name: owner.name, password: PASSWORD, _id: later.id }, device },
      later,
    );
    expect(login.statusCode).toBe(200);
    expect(login.json().user.answered).toContain(mine._id);
  });
});
