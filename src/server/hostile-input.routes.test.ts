import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildUser, type TestUser, unique } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';

// Random and hostile bodies at every call: whatever a caller sends, the answer is a 2xx or a
// 4xx, never a 5xx.

const hostileString = fc.oneof(
  { arbitrary: fc.string(), weight: 1 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 200 }), weight: 1 },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "'; DROP TABLE users; --",
      '" OR 1=1 --',
      '<script>alert(1)</script>',
      '../../../../etc/passwd',
      '\u0000\u0001\uffff',
      '\ud800',
      '__proto__',
      'constructor',
      '%00',
      '1e309',
      '-1',
      '',
      ' ',
      'x'.repeat(70_000),
      'Text with a \u0000 null byte',
      // Plausible values, so random bodies sometimes pass validation and reach the database.
      'abc123',
      'seed-life-01',
      'Life',
      'someone@example.com',
      'long enough password',
    ),
  },
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom(0, -1, 2 ** 53, -(2 ** 31), 1.5, true, false, null),
  fc.array(hostileString, { maxLength: 5 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 4 }),
);

/** Realistic field names, so random bodies reach past the first check of each schema. */
const fieldName = fc.constantFrom(
  '_id',
  'user_id',
  'answer_id',
  'prompt_id',
  'admin_name',
  'page',
  'anonymous',
  'code',
  'token',
  'label',
  'id',
  'password',
  'name',
  'email',
  'text',
  'title',
  'categories',
  'profilePicture',
  'year',
  'month',
  'day',
  'offline',
  'prompt_title',
  'modified',
  'answered',
  'type',
  '__proto__',
  'answer',
  'user',
  'prompt',
  'created',
  'deleted',
  'beenOffline',
  'streak',
  'last',
  'timeZone',
);

const structuredBody: fc.Arbitrary<Record<string, unknown>> = fc.dictionary(
  fieldName,
  fc.oneof(
    hostileValue,
    fc.dictionary(fieldName, hostileValue, { maxKeys: 6 }),
    fc.array(fc.dictionary(fieldName, hostileValue, { maxKeys: 6 }), { maxLength: 3 }),
  ),
  { maxKeys: 6 },
);

const validId = fc.constantFrom('abc123', 'seed-life-01', 'a-b_c', 'x'.repeat(64));
const fields = {
  _id: validId,
  user_id: validId,
  answer_id: validId,
  prompt_id: validId,
  title: hostileString,
  prompt_title: hostileString,
  text: hostileString,
  name: hostileString,
  email: hostileString,
  password: hostileString,
  categories: fc.array(hostileString, { maxLength: 3 }),
  modified: hostileString,
  answered: hostileString,
};
const entity = fc.record(fields, { requiredKeys: ['_id'] });
/** Bodies shaped like the real calls' with hostile values in their text fields. */
const templatedBody = fc.record(
  {
    answer: entity,
    prompt: entity,
    user: entity,
    page: fc.integer({ min: -5, max: 1_000_000 }),
    year: fc.integer({ min: 1990, max: 2100 }),
    month: fc.integer({ min: 0, max: 13 }),
    day: fc.integer({ min: 0, max: 32 }),
    answer_id: validId,
    prompt_id: validId,
    admin_name: hostileString,
    text: hostileString,
    anonymous: fc.boolean(),
    code: hostileString,
    token: fc.oneof(hostileString, fc.constant('a'.repeat(43))),
    label: hostileString,
    id: validId,
    password: hostileString,
    timeZone: fc.oneof(
      hostileString,
      fc.constantFrom('Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC', 'Etc/GMT+12'),
    ),
    offline: fc.record({
      beenOffline: fc.boolean(),
      answered: fc.array(entity, { maxLength: 2 }),
      created: fc.array(entity, { maxLength: 2 }),
      deleted: fc.array(validId, { maxLength: 2 }),
      streak: fc.integer(),
      longestStreak: fc.integer(),
      last: hostileString,
    }),
  },
  { requiredKeys: [] },
);

const anyBody = fc.oneof(
  templatedBody.map((body) => ({ raw: false as const, body })),
  structuredBody.map((body) => ({ raw: false as const, body })),
  fc.anything({ maxDepth: 3 }).map((body) => ({ raw: false as const, body })),
  fc.string().map((text) => ({ raw: true as const, text })),
);

describeEachDatabase('hostile input', (get) => {
  let app: FastifyInstance;
  let users: TestUser[];
  beforeAll(async () => {
    app = await buildTestApp(get().db);
    users = await Promise.all([
      buildUser(get().db),
      buildUser(get().db, { name: '' }),
      buildUser(get().db, { admin: true, name: unique('Admin') }),
    ]);
  });
  afterAll(async () => {
    await app.close();
  });

  it('never answers 5xx, whoever sends whatever to whichever call', async () => {
    const routes = app.museRoutes.filter((route) => route.startsWith('POST /api/'));
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      const url = route.slice('POST '.length);
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(0, 1, 2, 3), anyBody, async (who, input) => {
          const user = who === 3 ? null : users[who];
          const response = await app.inject({
            method: 'POST',
            url,
            headers: {
              'content-type': 'application/json',
              ...(user ? { cookie: user.cookie } : {}),
            },
            payload: input.raw ? input.text : JSON.stringify(input.body ?? null),
          });
          if (response.statusCode >= 500) {
            throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
          }
          expect(response.headers['content-type']).toContain('application/json');
        }),
        { numRuns: 60 },
      );
    }
  });

  it('never answers 5xx to a hostile Authorization header, and never lets one in', async () => {
    const printable = fc.string({ maxLength: 300 }).filter((text) => /^[\x20-\x7e]*$/.test(text));
    const header = fc.oneof(
      printable,
      printable.map((text) => `Bearer ${text}`),
      fc.constant(`Bearer ${'a'.repeat(43)}`),
    );
    for (const url of ['/api/tokens', '/api/token/revoke', '/api/token', '/api/answer/save']) {
      await fc.assert(
        fc.asyncProperty(header, anyBody, async (authorization, input) => {
          const response = await app.inject({
            method: 'POST',
            url,
            headers: { 'content-type': 'application/json', authorization },
            payload: input.raw ? input.text : JSON.stringify(input.body ?? null),
          });
          if (response.statusCode >= 500) {
            throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
          }
          // No token was ever minted here: every bearer header is a stranger's guess, turned
          // away (401, or 400/415 when the body is refused before anyone is asked).
          if (/^bearer /i.test(authorization))
            expect(response.statusCode).toBeGreaterThanOrEqual(400);
        }),
        { numRuns: 60 },
      );
    }
  });
});
