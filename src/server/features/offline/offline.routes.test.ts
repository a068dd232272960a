import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayKey, utcDayOf } from '#shared/domain/calendar-day.ts';
import { buildUser, post, todayFields, unique } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { offlineStreak } from './offline.service.ts';

const today = utcDayOf(new Date());
const yesterday = dayKey(addDays(today, -1));

function answer(id: string, text: string, modified: string) {
  return {
    _id: id,
    prompt_id: 'seed-life-01',
    prompt_title: 'Life',
    text,
    answered: modified,
    modified,
  };
}

describeEachDatabase('POST /api/offline/save', (get) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(get().db);
  });
  afterAll(async () => {
    await app.close();
  });

  it('applies answers, deletions, prompts and the streak, and a replay changes nothing', async () => {
    const me = await buildUser(get().db);
    await get()
      .db.updateTable('users')
      .set({ last: yesterday, streak: 2, longest_streak: 2 })
      .where('id', '=', me.id)
      .execute();
    const gone = unique('gone');
    const saved = await post(
      app,
      '/api/answer/save',
      { answer: answer(gone, 'to be deleted later', new Date().toISOString()) },
      me,
    );
    expect(saved.statusCode).toBe(200);
    const written = unique('off');
    const promptId = unique('p');
    const record = {
      user_id: me.id,
      offline: {
        beenOffline: true,
        answered: [answer(written, 'one two three four five six', new Date().toISOString())],
        created: [{ _id: promptId, title: 'What did the rain teach you?', categories: ['Life'] }],
        deleted: [gone],
        streak: 3,
        longestStreak: 3,
        score: 999,
        last: dayKey(today),
      },
      ...todayFields(),
    };
    const first = await post(app, '/api/offline/save', record, me);
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(body.answers.map((a: { _id: string }) => a._id)).toEqual([written]);
    expect(body.myPrompts.map((p: { _id: string; status: string }) => [p._id, p.status])).toEqual([
      [promptId, 'submitted'],
    ]);
    expect(body.user).toMatchObject({ streak: 3, longestStreak: 3, last: dayKey(today), score: 2 });

    const again = await post(app, '/api/offline/save', record, me);
    expect(again.json()).toEqual(body);
  });

  it('keeps the newer version when the server has one and skips other people’s ids', async () => {
    const me = await buildUser(get().db);
    const someone = await buildUser(get().db);
    const id = unique('a');
    const newer = new Date().toISOString();
    const older = new Date(Date.now() - 60_000).toISOString();
    await post(app, '/api/answer/save', { answer: answer(id, 'the newer words', newer) }, me);
    const theirs = unique('t');
    await post(app, '/api/answer/save', { answer: answer(theirs, 'their words', newer) }, someone);
    const response = await post(
      app,
      '/api/offline/save',
      {
        offline: {
          answered: [answer(id, 'older words', older), answer(theirs, 'hijacked', newer)],
          deleted: [theirs],
        },
        ...todayFields(),
      },
      me,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().answers).toHaveLength(1);
    expect(response.json().answers[0].text).toBe('the newer words');
    const row = await get()
      .db.selectFrom('answers')
      .select(['text', 'user_id'])
      .where('id', '=', theirs)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ text: 'their words', user_id: someone.id });
  });

  it('refuses someone else’s user id and bad records', async () => {
    const me = await buildUser(get().db);
    const other = await buildUser(get().db);
    expect(
      (
        await post(
          app,
          '/api/offline/save',
          { user_id: other.id, offline: {}, ...todayFields() },
          me,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await post(app, '/api/offline/save', { offline: {}, ...todayFields() })).statusCode,
    ).toBe(401);
    expect(
      (
        await post(
          app,
          '/api/offline/save',
          { offline: { answered: 'nope' }, ...todayFields() },
          me,
        )
      ).statusCode,
    ).toBe(400);
  });
});

describe('offlineStreak', () => {
  const user = { streak: 4, longest_streak: 6, last: '2026-03-01' };
  const day = { year: 2026, month: 3, day: 4 };

  it('accepts at most one more day per calendar day since the server’s last streak day', () => {
    expect(offlineStreak(user, { streak: 100, last: '2026-03-04' }, day)).toEqual({
      streak: 7,
      longestStreak: 7,
      last: '2026-03-04',
    });
    expect(offlineStreak(user, { streak: 1, last: '2026-03-04' }, day)).toEqual({
      streak: 1,
      longestStreak: 6,
      last: '2026-03-04',
    });
  });

  it('falls back to the online rule when the client sent no streak', () => {
    expect(offlineStreak(user, { last: '2026-03-02' }, day)).toEqual({
      streak: 5,
      longestStreak: 6,
      last: '2026-03-02',
    });
  });

  it('takes a last day one ahead: counted before travelling west across the date line', () => {
    expect(offlineStreak(user, { streak: 5, last: '2026-03-05' }, day)).toEqual({
      streak: 5,
      longestStreak: 6,
      last: '2026-03-05',
    });
  });

  it('ignores a last day that is not newer, further in the future or not a day', () => {
    expect(offlineStreak(user, { streak: 5, last: '2026-03-01' }, day)).toBeNull();
    expect(offlineStreak(user, { streak: 5, last: '2026-03-06' }, day)).toBeNull();
    expect(offlineStreak(user, { streak: 5, last: 'yesterday' }, day)).toBeNull();
    expect(offlineStreak(user, { streak: 5, last: null }, day)).toBeNull();
  });
});
