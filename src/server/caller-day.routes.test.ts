import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUpThroughApi } from '#tests/support/accounts.ts';
import {
  buildUser,
  deviceMarker,
  post,
  sessionCookieFrom,
  unique,
} from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { addDays, type CalendarDay, dayKey, utcDayOf } from '../shared/domain/calendar-day.ts';
import { dayInZone } from '../shared/domain/zoned-day.ts';

// Issue 17 point 6 (decision 028): every call that takes the caller's calendar day accepts the
// day of any real time zone — UTC+14 (Kiritimati) and UTC-11 (Pago Pago) at their extremes —
// and refuses anything further than one day from the server's UTC date with a 400 that changes
// nothing. The days are those zones' days right now, as a browser there would send them.

const KIRITIMATI = 'Pacific/Kiritimati';
const PAGO_PAGO = 'Pacific/Pago_Pago';

function dayNowIn(zone: string): CalendarDay {
  const day = dayInZone(new Date(), zone);
  if (!day) throw new Error(`this runtime lacks ${zone}`);
  return day;
}

type UserFields = { streak: number; longest_streak: number; last: string | null; name: string };

describeEachDatabase('the caller’s calendar day', (get) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(get().db);
  });
  afterAll(async () => {
    await app.close();
  });

  async function userRow(id: string): Promise<UserFields | undefined> {
    return get()
      .db.selectFrom('users')
      .select(['streak', 'longest_streak', 'last', 'name'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async function setStreak(id: string, streak: number, last: CalendarDay) {
    await get()
      .db.updateTable('users')
      .set({ streak, longest_streak: streak, last: dayKey(last) })
      .where('id', '=', id)
      .execute();
  }

  describe.each([
    ['UTC+14', KIRITIMATI],
    ['UTC-11', PAGO_PAGO],
  ])('at %s (%s)', (_label, zone) => {
    it('creates the user, signs up and logs in on that day', async () => {
      const today = dayNowIn(zone);
      const id = unique('anon');
      const created = await post(app, '/api/user/create', {
        user: { _id: id },
        device: deviceMarker(),
        ...today,
      });
      expect(created.statusCode, created.body).toBe(200);
      // A new user starts on their own day, with yesterday (theirs) as the last streak day.
      expect(created.json().user).toMatchObject({
        started: dayKey(today),
        streak: 0,
        last: dayKey(addDays(today, -1)),
      });
      const name = unique('Traveller');
      const password = 'long enough password';
      const user = { _id: id, name, email: `${name.toLowerCase()}@example.com`, password };
      const signup = await post(
        app,
        '/api/signup',
        { user, ...dayNowIn(zone) },
        { cookie: sessionCookieFrom(created) },
      );
      expect(signup.statusCode, signup.body).toBe(200);
      const login = await post(app, '/api/login', { user: { name, password }, ...dayNowIn(zone) });
      expect(login.statusCode, login.body).toBe(200);
    });

    it('counts the streak on that day: next day +1, a day one ahead kept, a gap restarts', async () => {
      const me = await buildUser(get().db, { name: '' });
      const today = dayNowIn(zone);
      const streak = (day: CalendarDay) =>
        post(app, '/api/user/streak', { user: { _id: me.id }, ...day }, me);

      await setStreak(me.id, 4, addDays(today, -1));
      expect((await streak(today)).json().user).toMatchObject({ streak: 5, last: dayKey(today) });
      // The same day again changes nothing.
      expect((await streak(today)).json().user).toMatchObject({ streak: 5, last: dayKey(today) });

      // Counted "tomorrow" before travelling west across the date line: not a break.
      await setStreak(me.id, 6, addDays(today, 1));
      expect((await streak(today)).json().user).toMatchObject({
        streak: 6,
        last: dayKey(addDays(today, 1)),
      });

      await setStreak(me.id, 6, addDays(today, -2));
      expect((await streak(today)).json().user).toMatchObject({ streak: 1, last: dayKey(today) });

      const reset = await post(app, '/api/user/reset', { user_id: me.id, ...today }, me);
      expect(reset.json().user).toMatchObject({ streak: 1, last: dayKey(today) });
    });

    it('applies an offline record on that day', async () => {
      const me = await buildUser(get().db, { name: '' });
      const today = dayNowIn(zone);
      await setStreak(me.id, 2, addDays(today, -1));
      const answer = { _id: unique('a'), prompt_title: 'Journal', text: 'Written offline' };
      const response = await post(
        app,
        '/api/offline/save',
        {
          user_id: me.id,
          offline: { answered: [answer], streak: 3, last: dayKey(today) },
          ...today,
        },
        me,
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().user).toMatchObject({ streak: 3, last: dayKey(today) });
    });
  });

  describe('today’s prompt', () => {
    const near = () => {
      const utc = utcDayOf(new Date());
      return [addDays(utc, -1), utc, addDays(utc, 1)].map(dayKey);
    };
    beforeEach(async () => {
      await get().db.deleteFrom('daily_prompts').where('day', 'in', near()).execute();
    });

    it('is the prompt of the caller’s calendar day, the same for everyone on that day', async () => {
      for (const zone of [KIRITIMATI, PAGO_PAGO]) {
        const day = dayNowIn(zone);
        const mine = await post(app, '/api/prompt/today', day);
        expect(mine.statusCode, mine.body).toBe(200);
        // Stored under the caller's day, not the server's.
        const stored = await get()
          .db.selectFrom('daily_prompts')
          .select('prompt_id')
          .where('day', '=', dayKey(day))
          .executeTakeFirst();
        expect(stored?.prompt_id).toBe(mine.json().prompt_id);
        // Anyone else whose day it is — a UTC caller that day, another device — gets the same.
        const someoneElse = await buildUser(get().db);
        const theirs = await post(app, '/api/prompt/today', day, someoneElse);
        expect(theirs.json().prompt_id).toBe(mine.json().prompt_id);
      }
      // Only the days asked for were picked: Kiritimati's and Pago Pago's are different days.
      const kiritimati = dayKey(dayNowIn(KIRITIMATI));
      const pagoPago = dayKey(dayNowIn(PAGO_PAGO));
      expect(kiritimati > pagoPago).toBe(true);
      const days = await get()
        .db.selectFrom('daily_prompts')
        .select('day')
        .where('day', 'in', near())
        .orderBy('day')
        .execute();
      expect(days.map((d) => d.day)).toEqual([pagoPago, kiritimati]);
    });
  });

  describe('a day no time zone is on', () => {
    const utc = () => utcDayOf(new Date());
    const badDays = (): [string, Record<string, number>][] => [
      ['two days ahead', addDays(utc(), 2)],
      ['two days behind', addDays(utc(), -2)],
      ['a year ago', addDays(utc(), -365)],
      ['Feb 30', { year: utc().year, month: 2, day: 30 }],
      ['a year without month and day', { year: utc().year }],
    ];

    it('is refused with a 400 on every call that takes a day, and changes nothing', async () => {
      const named = await signUpThroughApi(app);
      const me = await buildUser(get().db, { name: '' });
      await setStreak(me.id, 3, addDays(utc(), -1));
      const before = await userRow(me.id);
      for (const [label, day] of badDays()) {
        const id = unique('anon');
        const created = await post(app, '/api/user/create', {
          user: { _id: id },
          device: deviceMarker(),
          ...day,
        });
        expect(created.statusCode, label).toBe(400);
        expect(
          created.cookies.find((c) => c.name === 'muse_session'),
          label,
        ).toBeUndefined();
        expect(await userRow(id), label).toBeUndefined();

        const email = `${unique('x')}@example.com`;
        const user = { _id: me.id, name: unique('Never'), email, password: 'long enough pw' };
        const signup = await post(app, '/api/signup', { user, ...day }, me);
        expect(signup.statusCode, label).toBe(400);

        const login = await post(app, '/api/login', {
          user: { name: named.name, password: named.password },
          ...day,
        });
        expect(login.statusCode, label).toBe(400);
        expect(
          login.cookies.find((c) => c.name === 'muse_session'),
          label,
        ).toBeUndefined();

        const streak = await post(app, '/api/user/streak', { user: { _id: me.id }, ...day }, me);
        expect(streak.statusCode, label).toBe(400);
        const reset = await post(app, '/api/user/reset', { user_id: me.id, ...day }, me);
        expect(reset.statusCode, label).toBe(400);

        const answer = { _id: unique('a'), prompt_title: 'Journal', text: 'Never saved' };
        const offline = await post(
          app,
          '/api/offline/save',
          {
            user_id: me.id,
            offline: { answered: [answer], streak: 9, last: dayKey(utc()) },
            ...day,
          },
          me,
        );
        expect(offline.statusCode, label).toBe(400);
        const saved = await get()
          .db.selectFrom('answers')
          .select('id')
          .where('id', '=', answer._id)
          .executeTakeFirst();
        expect(saved, label).toBeUndefined();

        const prompt = await post(app, '/api/prompt/today', day);
        expect(prompt.statusCode, label).toBe(400);
        const update = await post(app, '/api/prompt/today/update', {
          prompt_id: 'seed-life-01',
          ...day,
        });
        expect(update.statusCode, label).toBe(400);
        for (const response of [created, signup, login, streak, reset, offline, prompt, update]) {
          expect(response.json().error, label).toMatch(/\S/);
        }
      }
      // The anonymous user is still anonymous with the same streak; no day was picked.
      expect(await userRow(me.id)).toEqual(before);
      const far = badDays()
        .map(([, d]) => d)
        .filter((d): d is CalendarDay => 'month' in d && 'day' in d)
        .map(dayKey);
      const picked = await get()
        .db.selectFrom('daily_prompts')
        .select('day')
        .where('day', 'in', far)
        .execute();
      expect(picked).toEqual([]);
    });
  });
});
