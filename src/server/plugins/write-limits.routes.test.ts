import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { buildUser, post, todayFields, unique } from '#tests/support/factories.ts';
import { newPrompt } from '#tests/support/prompt-kit.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import type { Database } from '../db/database.ts';
import { answerId, sharedAnswerOf } from '../features/answers/answer-fixtures.ts';
import { createMemoryUsageStore, type UsageStore } from './usage-store.ts';

// Issue 13 point 5: per-user and per-address limits on writes. A script cannot grow the
// database by tens of MB a minute; a person writing never meets a limit.

// The counters see one frozen instant, so no test straddles the turn of a minute.
const frozenStore = (): UsageStore => {
  const store = createMemoryUsageStore();
  const instant = Date.now();
  return { add: (key, amount, windowMs) => store.add(key, amount, windowMs, instant) };
};
const strictApp = (db: Database) =>
  buildTestApp(db, { relaxedRateLimits: false }, { usageStore: frozenStore() });

const BIG = 'word '.repeat(10_000); // 50,000 characters: the longest answer there is

const save = (app: FastifyInstance, user: { cookie: string }, text: string) =>
  post(
    app,
    '/api/answer/save',
    { answer: { _id: answerId(), prompt_id: '', prompt_title: 'Journal', text } },
    user,
  );

describeEachDatabase('write limits', (get) => {
  const storedBytes = async () => {
    const rows = await get().db.selectFrom('answers').select('text').execute();
    return rows.reduce((sum, row) => sum + row.text.length, 0);
  };

  it('a script saving the longest answers in a loop is stopped within a few MB', async () => {
    const app = await strictApp(get().db);
    try {
      const before = await storedBytes();
      const script = await buildUser(get().db);
      const statuses: number[] = [];
      let refused: Awaited<ReturnType<typeof save>> | undefined;
      for (let i = 0; i < 80; i += 1) {
        const response = await save(app, script, BIG);
        statuses.push(response.statusCode);
        if (response.statusCode === 429) refused ??= response;
      }
      // Some went through (about 2 MiB of them), then every further one waited.
      expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(20);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(30);
      expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
      expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused?.json().error).toContain('faster than we can keep up');
      expect(await storedBytes()).toBeLessThan(before + 2.2 * 1024 * 1024);
    } finally {
      await app.close();
    }
  });

  it('many anonymous users from one address share one budget', async () => {
    const app = await strictApp(get().db);
    try {
      const before = await storedBytes();
      let refusals = 0;
      for (let u = 0; u < 10; u += 1) {
        const visitor = await buildUser(get().db, { name: '' });
        for (let i = 0; i < 12; i += 1) {
          if ((await save(app, visitor, BIG)).statusCode === 429) refusals += 1;
        }
      }
      expect(refusals).toBeGreaterThan(0);
      expect(await storedBytes()).toBeGreaterThan(before + 3 * 1024 * 1024);
      expect(await storedBytes()).toBeLessThan(before + 4.2 * 1024 * 1024);
    } finally {
      await app.close();
    }
  });

  it('counts writes too: the 61st tiny save in a minute waits', async () => {
    const app = await strictApp(get().db);
    try {
      const user = await buildUser(get().db);
      for (let i = 0; i < 60; i += 1) expect((await save(app, user, `n${i}`)).statusCode).toBe(200);
      expect((await save(app, user, 'one more')).statusCode).toBe(429);
      // Someone else is not affected.
      expect((await save(app, await buildUser(get().db), 'mine')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('a person writing a lot in a minute never meets a limit', async () => {
    const app = await strictApp(get().db);
    try {
      const person = await buildUser(get().db);
      const id = answerId();
      let text = '';
      // A long entry saved on every pause: 40 saves, growing to 20,000 characters.
      for (let i = 0; i < 40; i += 1) {
        text += 'a few more words here and there, '.repeat(15);
        const response = await post(
          app,
          '/api/answer/save',
          { answer: { _id: id, prompt_id: '', prompt_title: 'Journal', text } },
          person,
        );
        expect(response.statusCode).toBe(200);
      }
      for (let i = 0; i < 3; i += 1) {
        const created = await post(app, '/api/prompt/create', { prompt: newPrompt() }, person);
        expect(created.statusCode).toBe(200);
      }
      const offline = await post(
        app,
        '/api/offline/save',
        {
          offline: {
            beenOffline: true,
            answered: [
              { _id: unique('a'), prompt_id: '', prompt_title: 'Journal', text: 'On the train' },
            ],
          },
          ...todayFields(),
        },
        person,
      );
      expect(offline.statusCode).toBe(200);
      const other = await buildUser(get().db);
      const shared = await sharedAnswerOf(app, other);
      expect(
        (await post(app, '/api/answer/report', { answer_id: shared }, person)).statusCode,
      ).toBe(200);
    } finally {
      await app.close();
    }
  });
});
