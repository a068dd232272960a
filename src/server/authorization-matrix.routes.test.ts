import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  buildUser,
  deviceMarker,
  post,
  type TestUser,
  todayFields,
  unique,
} from '#tests/support/factories.ts';
import { keyBundle } from '#tests/support/key-bundle.ts';
import { buildTestApp, testDeps } from '#tests/support/test-app.ts';
import { describeEachDatabase, type TestDatabase } from '#tests/support/test-db.ts';
import { type ApiPath, endpoints } from '../shared/api/endpoints.ts';

// Every call in the endpoint map against every role. The app must register exactly the map's
// calls and the matrix must have a row for each, so a new call cannot ship without someone
// deciding who may use it, and the access the map documents is checked against what happens.

const ROLES = ['none', 'anonymous', 'owner', 'other', 'admin'] as const;
type Role = (typeof ROLES)[number];
type Expected = Record<Role, number>;

const PASSWORD = 'owner password';

type Fixture = {
  users: Record<Exclude<Role, 'none'>, TestUser>;
  secondAdmin: TestUser;
  privateAnswer: string;
  sharedAnswer: string;
  prompt: string;
  /** A picture the owner uploaded (only its uploader may set it). */
  picture: string;
  /** The id of a bearer token (a signed-in device) of the owner's. */
  ownerToken: string;
  /** A photo on the owner's private answer, uploaded when a row asks: its URL and id. */
  photo: () => Promise<{ url: string; id: string }>;
};

type Row = {
  body?: (f: Fixture) => unknown;
  /** For calls that are not plain JSON. */
  send?: (
    app: FastifyInstance,
    f: Fixture,
    user: TestUser | null,
  ) => Promise<LightMyRequestResponse>;
  expect: Expected;
};

const all = (status: number): Expected => ({
  none: status,
  anonymous: status,
  owner: status,
  other: status,
  admin: status,
});
const selfOnly = (anonymous: number, others: number): Expected => ({
  none: 401,
  anonymous,
  owner: 200,
  other: others,
  admin: others,
});
const adminOnly: Expected = { none: 401, anonymous: 403, owner: 403, other: 403, admin: 200 };
const namedUsers: Expected = { none: 401, anonymous: 403, owner: 200, other: 200, admin: 200 };
const day = () => todayFields();

let smallPng: Buffer;

/** An empty Müse export as a multipart upload: imports act on the caller's own journal only. */
function sendImport(app: FastifyInstance, url: string, user: TestUser | null) {
  return app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'multipart/form-data; boundary=b0undary',
      ...(user ? { cookie: user.cookie } : {}),
    },
    payload:
      '--b0undary\r\nContent-Disposition: form-data; name="file"; filename="muse.json"\r\n\r\n' +
      '{"answers": []}\r\n--b0undary--\r\n',
  });
}

/** A small PNG as a photo for `answerId`. */
function sendPhoto(app: FastifyInstance, answerId: string, user: TestUser | null) {
  return sendPng(app, `/api/answer/photo/upload?answer_id=${answerId}`, user);
}

/** A small PNG as the one file of a multipart call. */
function sendPng(app: FastifyInstance, url: string, user: TestUser | null) {
  return app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'multipart/form-data; boundary=b0undary',
      ...(user ? { cookie: user.cookie } : {}),
    },
    payload: Buffer.concat([
      Buffer.from(
        '--b0undary\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\n\r\n',
      ),
      smallPng,
      Buffer.from('\r\n--b0undary--\r\n'),
    ]),
  });
}

const MATRIX: Record<string, Row> = {
  'GET /healthz': { expect: all(200) },
  'GET /readyz': { expect: all(200) },
  // No METRICS_TOKEN here: /metrics does not exist for anyone (the token, never a session,
  // opens it: observability.db.test.ts).
  'GET /metrics': { expect: all(404) },
  'GET /api/openapi.json': { expect: all(200) },
  'POST /api/categories': { expect: all(200) },
  'POST /api/user/create': {
    body: () => ({ user: { _id: unique('new') }, device: deviceMarker() }),
    expect: all(200),
  },
  'POST /api/signup': {
    body: () => {
      const name = unique('Signer');
      return { user: { name, email: `${name}@example.com`, password: 'long enough' }, ...day() };
    },
    expect: { none: 401, anonymous: 200, owner: 409, other: 409, admin: 409 },
  },
  'POST /api/login': {
    body: (f) => ({ user: { name: f.users.owner.name, password: PASSWORD }, ...day() }),
    expect: all(200),
  },
  'POST /api/logout': { expect: all(200) },
  'POST /api/token': {
    // Credentials, not the caller, decide whose token it is.
    body: (f) => ({ user: { name: f.users.owner.name, password: PASSWORD }, label: 'Script' }),
    expect: all(200),
  },
  'POST /api/tokens': {
    expect: { none: 401, anonymous: 200, owner: 200, other: 200, admin: 200 },
  },
  'POST /api/token/revoke': {
    // Only one's own devices: anyone else's is not found.
    body: (f) => ({ id: f.ownerToken }),
    expect: selfOnly(404, 404),
  },
  'POST /api/user/delete': {
    body: () => ({ password: PASSWORD }),
    expect: { none: 401, anonymous: 200, owner: 200, other: 403, admin: 403 },
  },
  'POST /api/user': { body: (f) => ({ _id: f.users.owner.id }), expect: selfOnly(404, 404) },
  'POST /api/user/export': {
    expect: { none: 401, anonymous: 200, owner: 200, other: 200, admin: 200 },
  },
  'POST /api/user/export/markdown': {
    expect: { none: 401, anonymous: 200, owner: 200, other: 200, admin: 200 },
  },
  'POST /api/user/import/preview': {
    send: (app, _f, user) => sendImport(app, '/api/user/import/preview', user),
    expect: { none: 401, anonymous: 200, owner: 200, other: 200, admin: 200 },
  },
  'POST /api/user/import': {
    send: (app, _f, user) => sendImport(app, '/api/user/import', user),
    expect: { none: 401, anonymous: 200, owner: 200, other: 200, admin: 200 },
  },
  'POST /api/encryption/get': { expect: namedUsers },
  // Only the account's own password sets its key (the other roles' passwords differ).
  'POST /api/encryption/set': {
    body: () => ({ bundle: keyBundle(), password: PASSWORD }),
    expect: selfOnly(403, 403),
  },
  'POST /api/reminders/key': {
    expect: { none: 401, anonymous: 200, owner: 200, other: 200, admin: 200 },
  },
  'POST /api/reminders/subscribe': {
    body: () => ({
      subscription: {
        endpoint: `https://fcm.googleapis.com/fcm/send/${unique('device')}`,
        keys: { p256dh: 'BPublicKey', auth: 'secret' },
      },
      time: '20:30',
      days: [1, 2, 3],
      timeZone: 'Europe/Berlin',
    }),
    expect: { none: 401, anonymous: 200, owner: 200, other: 200, admin: 200 },
  },
  'POST /api/reminders/unsubscribe': {
    // Only one's own device: anyone else's endpoint is not found.
    body: () => ({ endpoint: 'https://push.example/nobody' }),
    expect: { none: 401, anonymous: 404, owner: 404, other: 404, admin: 404 },
  },
  'POST /api/user/update': {
    body: (f) => ({ user: { _id: f.users.owner.id, name: unique('Renamed') } }),
    expect: selfOnly(403, 403),
  },
  'POST /api/user/code': {
    body: (f) => ({ _id: f.users.owner.id, code: '1234' }),
    expect: selfOnly(403, 403),
  },
  'POST /api/user/code/forget': {
    // The fixture's sessions have just started, as after a password login.
    body: (f) => ({ _id: f.users.owner.id }),
    expect: selfOnly(403, 403),
  },
  'GET /api/password/recovery': { expect: all(200) },
  // The matrix's app sends no e-mail: asking for a link is refused alike for everyone.
  'POST /api/password/forgot': { body: (f) => ({ name: f.users.owner.name }), expect: all(404) },
  // Only the holder of a live token or an unused code gets in, whoever the caller is.
  'POST /api/password/reset': {
    body: () => ({ token: 'a'.repeat(43), password: 'a new password' }),
    expect: all(400),
  },
  'POST /api/password/recover': {
    body: (f) => ({ name: f.users.owner.name, code: 'aaaaa-aaaaa', password: 'a new password' }),
    expect: all(400),
  },
  // Only the account's own password changes it (the other roles' passwords differ).
  'POST /api/password/change': {
    body: () => ({ password: PASSWORD, newPassword: 'a new owner password' }),
    expect: selfOnly(403, 403),
  },
  'POST /api/user/recovery-codes': {
    body: () => ({ password: PASSWORD }),
    expect: selfOnly(403, 403),
  },
  'POST /api/user/profilePicture': {
    body: (f) => ({ _id: f.users.owner.id, profilePicture: f.picture }),
    expect: selfOnly(403, 403),
  },
  'POST /api/user/streak': {
    body: (f) => ({ user: { _id: f.users.owner.id }, ...day() }),
    expect: selfOnly(403, 403),
  },
  'POST /api/user/reset': {
    body: (f) => ({ user_id: f.users.owner.id, ...day() }),
    expect: selfOnly(403, 403),
  },
  'POST /api/user/picture': {
    send: (app, _f, user) =>
      app.inject({
        method: 'POST',
        url: '/api/user/picture',
        headers: {
          'content-type': 'multipart/form-data; boundary=b0undary',
          ...(user ? { cookie: user.cookie } : {}),
        },
        payload: Buffer.concat([
          Buffer.from(
            '--b0undary\r\nContent-Disposition: form-data; name="picture"; filename="p.png"\r\n\r\n',
          ),
          smallPng,
          Buffer.from('\r\n--b0undary--\r\n'),
        ]),
      }),
    expect: namedUsers,
  },
  'POST /api/answer/save': {
    body: (f) => ({
      answer: {
        _id: f.privateAnswer,
        user_id: f.users.owner.id,
        prompt_title: 'Journal',
        text: 'Edited words here',
      },
    }),
    expect: selfOnly(403, 403),
  },
  'POST /api/answer/get': {
    body: (f) => ({ answer_id: f.privateAnswer }),
    expect: selfOnly(404, 404),
  },
  'POST /api/answer/delete': {
    body: (f) => ({ answer_id: f.privateAnswer }),
    expect: selfOnly(404, 404),
  },
  'POST /api/user/answers': {
    body: (f) => ({ _id: f.users.owner.id }),
    expect: selfOnly(404, 404),
  },
  'POST /api/answer/photo/upload': {
    send: (app, f, user) => sendPhoto(app, f.privateAnswer, user),
    expect: selfOnly(404, 404),
  },
  'POST /api/answer/photos': {
    send: async (app, f, user) => {
      await f.photo();
      const response = await post(app, '/api/answer/photos', { answer_id: f.privateAnswer }, user);
      // Anyone else's entry has no photos they can see: an empty list, never the owner's.
      if (user !== f.users.owner && response.statusCode === 200) {
        expect(response.json()).toEqual({ photos: [] });
      }
      return response;
    },
    expect: selfOnly(200, 200),
  },
  'POST /api/answer/photo/replace': {
    send: async (app, f, user) =>
      sendPng(app, `/api/answer/photo/replace?photo_id=${(await f.photo()).id}`, user),
    expect: selfOnly(404, 404),
  },
  // The owner's photo is in words, so the owner gets past every door to the last: 409, a share
  // publishes it. Everyone else's answer is that there is no such photo.
  'POST /api/answer/photo/publish': {
    send: async (app, f, user) =>
      sendPng(app, `/api/answer/photo/publish?photo_id=${(await f.photo()).id}`, user),
    expect: { none: 401, anonymous: 403, owner: 409, other: 404, admin: 404 },
  },
  'POST /api/user/photos': {
    send: async (app, f, user) => {
      await f.photo();
      const response = await post(app, '/api/user/photos', {}, user);
      // Everyone hears of their own photos only.
      if (user !== f.users.owner && response.statusCode === 200) {
        expect(response.json()).toEqual({ photos: [] });
      }
      return response;
    },
    expect: selfOnly(200, 200),
  },
  'POST /api/answer/photo/delete': {
    send: async (app, f, user) =>
      post(app, '/api/answer/photo/delete', { photo_id: (await f.photo()).id }, user),
    expect: selfOnly(404, 404),
  },
  // A photo is its author's alone: without a session, it does not exist either (decision 062).
  'GET /api/answer/photo/:photo_id': {
    send: async (app, f, user) =>
      app.inject({
        method: 'GET',
        url: (await f.photo()).url,
        headers: user ? { cookie: user.cookie } : {},
      }),
    expect: { none: 404, anonymous: 404, owner: 200, other: 404, admin: 404 },
  },
  'POST /api/answer/shared': { body: () => ({ page: 1 }), expect: all(200) },
  'POST /api/answer/share': {
    body: (f) => ({ answer_id: f.privateAnswer, anonymous: true }),
    expect: selfOnly(403, 404),
  },
  'POST /api/answer/unshare': {
    body: (f) => ({ answer_id: f.sharedAnswer }),
    expect: selfOnly(403, 404),
  },
  'POST /api/answer/share/update': {
    body: (f) => ({ answer_id: f.sharedAnswer, text: 'New words for the world' }),
    expect: selfOnly(403, 404),
  },
  'POST /api/answer/like': {
    body: (f) => ({ answer_id: f.sharedAnswer }),
    expect: { none: 401, anonymous: 403, owner: 403, other: 200, admin: 200 },
  },
  'POST /api/answer/unlike': {
    body: (f) => ({ answer_id: f.sharedAnswer }),
    expect: { none: 401, anonymous: 403, owner: 403, other: 200, admin: 200 },
  },
  'POST /api/answer/report': {
    body: (f) => ({ answer_id: f.sharedAnswer }),
    expect: { none: 401, anonymous: 403, owner: 403, other: 200, admin: 200 },
  },
  'POST /api/answer/unreport': {
    body: (f) => ({ answer_id: f.sharedAnswer }),
    expect: { none: 401, anonymous: 403, owner: 403, other: 200, admin: 200 },
  },
  'GET /api/answer/reported': { expect: adminOnly },
  'POST /api/admin/answer/unshare': {
    body: (f) => ({ answer_id: f.sharedAnswer }),
    expect: adminOnly,
  },
  'POST /api/admin/answer/clear-reports': {
    body: (f) => ({ answer_id: f.sharedAnswer }),
    expect: adminOnly,
  },
  'POST /api/user/other': { body: (f) => ({ _id: f.users.owner.id }), expect: all(200) },
  'POST /api/prompt/create': {
    body: () => ({
      prompt: { _id: unique('p'), title: 'What made you smile?', categories: ['Life'] },
    }),
    expect: namedUsers,
  },
  'POST /api/admin/prompt/create': {
    body: () => ({
      prompt: { _id: unique('p'), title: 'What made you laugh?', categories: ['Life'] },
    }),
    expect: adminOnly,
  },
  'POST /api/prompt/save': {
    body: (f) => ({
      prompt: { _id: f.prompt, title: 'What made you smile today?', categories: ['Life'] },
    }),
    expect: { none: 401, anonymous: 403, owner: 200, other: 403, admin: 200 },
  },
  'POST /api/prompt/delete': {
    body: (f) => ({ prompt_id: f.prompt }),
    expect: { none: 401, anonymous: 403, owner: 200, other: 403, admin: 200 },
  },
  'POST /api/prompt/approve': { body: (f) => ({ prompt_id: f.prompt }), expect: adminOnly },
  'POST /api/prompt/reject': { body: (f) => ({ prompt_id: f.prompt }), expect: adminOnly },
  'POST /api/prompts/approved': { expect: all(200) },
  'POST /api/prompts/user': {
    body: (f) => ({ _id: f.users.owner.id }),
    expect: selfOnly(404, 404),
  },
  'POST /api/prompts/submitted': { expect: adminOnly },
  'POST /api/prompt/today': { body: () => day(), expect: all(200) },
  'POST /api/prompt/today/update': {
    body: () => ({ prompt_id: 'seed-life-01', ...day() }),
    expect: all(200),
  },
  'POST /api/admin': { expect: all(200) },
  'POST /api/admin/add': { body: (f) => ({ admin_name: f.users.other.name }), expect: adminOnly },
  'POST /api/admin/remove': {
    body: (f) => ({ admin_name: f.secondAdmin.name }),
    expect: adminOnly,
  },
  'POST /api/admin/users': { body: () => ({ page: 1 }), expect: adminOnly },
  'POST /api/admin/answers': { body: () => ({ page: 1 }), expect: adminOnly },
  'POST /api/admin/audit': { body: () => ({ page: 1 }), expect: adminOnly },
  'POST /api/changeLife': { expect: all(410) },
  'POST /api/offline/save': {
    body: (f) => ({
      user_id: f.users.owner.id,
      offline: {
        answered: [{ _id: f.privateAnswer, prompt_title: 'Life', text: 'Offline words' }],
      },
      ...day(),
    }),
    expect: selfOnly(403, 403),
  },
};

/**
 * Routes that serve files rather than calls, and the live stream (it never ends, so inject()
 * cannot read it; world-live.routes.test.ts opens it without a session: anyone may).
 */
const STATIC_ROUTES = new Set(['GET /media/pictures/*', 'GET /api/world/live']);

/** Every call as 'METHOD /path', from the endpoint map (src/shared/api/endpoints.ts). */
const MAPPED_ROUTES = Object.entries(endpoints)
  .map(([path, endpoint]) => `${endpoint.method} ${path}`)
  .sort();

async function makeFixture(app: FastifyInstance, database: TestDatabase): Promise<Fixture> {
  const { db } = database;
  const [owner, anonymous, other, admin, secondAdmin] = await Promise.all([
    buildUser(db),
    buildUser(db, { name: '' }),
    buildUser(db),
    buildUser(db, { admin: true }),
    buildUser(db, { admin: true }),
  ]);
  const hash = await testDeps(db).passwords.hash(PASSWORD);
  await db
    .updateTable('users')
    .set({ password_hash: hash })
    .where('id', 'in', [owner.id, anonymous.id])
    .execute();
  const save = async (text: string) => {
    const id = unique('ans');
    const response = await post(
      app,
      '/api/answer/save',
      { answer: { _id: id, prompt_id: 'seed-life-01', prompt_title: 'Life', text } },
      owner,
    );
    expect(response.statusCode, response.body).toBe(200);
    return id;
  };
  const privateAnswer = await save('A private thought about life');
  const sharedAnswer = await save('A thought to share with the world');
  expect(
    (await post(app, '/api/answer/share', { answer_id: sharedAnswer, anonymous: false }, owner))
      .statusCode,
  ).toBe(200);
  const prompt = unique('p');
  const created = await post(
    app,
    '/api/prompt/create',
    { prompt: { _id: prompt, title: 'What are you proud of?', categories: ['Self'] } },
    owner,
  );
  expect(created.statusCode, created.body).toBe(200);
  const picture = `/media/pictures/${unique('pic')}.webp`;
  await db
    .insertInto('pictures')
    .values({ url: picture, user_id: owner.id, uploaded_at: new Date().toISOString() })
    .execute();
  const ownerToken = unique('tok');
  await db
    .insertInto('api_tokens')
    .values({
      id: ownerToken,
      token_hash: unique('hash'),
      user_id: owner.id,
      label: 'Phone',
      created_at: new Date().toISOString(),
      last_used_at: null,
    })
    .execute();
  let photo: Promise<{ url: string; id: string }> | null = null;
  const uploadPhoto = async () => {
    const response = await sendPhoto(app, privateAnswer, owner);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().photo;
  };
  return {
    ownerToken,
    photo: () => {
      photo ??= uploadPhoto();
      return photo;
    },
    users: { owner, anonymous, other, admin },
    secondAdmin,
    privateAnswer,
    sharedAnswer,
    prompt,
    picture,
  };
}

describeEachDatabase('authorization matrix', (get) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(get().db);
    smallPng = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await app.close();
  });

  it('has a row for every call in the endpoint map, which is every route the app registers', () => {
    expect([...app.museRoutes].sort()).toEqual(MAPPED_ROUTES);
    expect(Object.keys(MATRIX).sort()).toEqual(
      MAPPED_ROUTES.filter((route) => !STATIC_ROUTES.has(route)),
    );
  });

  it('agrees with who the endpoint map (and so the OpenAPI document) says may call', () => {
    for (const [route, row] of Object.entries(MATRIX)) {
      const access = endpoints[route.split(' ')[1] as ApiPath].access;
      expect(row.expect.none === 401, `${route} (${access}) without a session`).toBe(
        access !== 'anyone',
      );
      if (access === 'named') expect(row.expect.anonymous, route).toBe(403);
      if (access === 'admin') expect(row.expect, route).toEqual(adminOnly);
    }
  });

  for (const [route, row] of Object.entries(MATRIX)) {
    it(`${route}`, async () => {
      const [method, url] = route.split(' ') as ['GET' | 'POST', string];
      const outcomes: Record<string, number> = {};
      for (const role of ROLES) {
        const fixture = await makeFixture(app, get());
        const user = role === 'none' ? null : fixture.users[role];
        const response = row.send
          ? await row.send(app, fixture, user)
          : method === 'GET'
            ? await app.inject({ method, url, headers: user ? { cookie: user.cookie } : {} })
            : await post(app, url, row.body ? row.body(fixture) : {}, user);
        outcomes[role] = response.statusCode;
        expect(response.statusCode, `${role}: ${response.body}`).toBeLessThan(500);
      }
      expect(outcomes).toEqual(row.expect);
    });
  }
});
