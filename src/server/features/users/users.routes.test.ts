import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays, dayKey, utcDayOf } from '#shared/domain/calendar-day.ts';
import { buildUser, post, todayFields } from '#tests/support/factories.ts';
import { uploadPicture } from '#tests/support/pictures.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';

describeEachDatabase('the user’s own record', (get) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(get().db);
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers the caller’s own user and hides everyone else’s', async () => {
    const me = await buildUser(get().db);
    const other = await buildUser(get().db);
    const mine = await post(app, '/api/user', { _id: me.id }, me);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().user).toMatchObject({
      _id: me.id,
      name: me.name,
      created: [],
      answered: [],
    });
    expect(mine.headers['cache-control']).toBe('no-store');
    expect((await post(app, '/api/user', { _id: other.id }, me)).statusCode).toBe(404);
    expect((await post(app, '/api/user', { _id: me.id })).statusCode).toBe(401);
  });

  it('exports everything the server keeps about the caller and nothing of anyone else', async () => {
    const me = await buildUser(get().db);
    const other = await buildUser(get().db);
    await post(
      app,
      '/api/answer/save',
      { answer: { _id: `${me.id}a`, prompt_title: 'Life', text: 'My private words' } },
      me,
    );
    await post(
      app,
      '/api/answer/save',
      { answer: { _id: `${other.id}a`, prompt_title: 'Life', text: 'Their private words' } },
      other,
    );
    await post(
      app,
      '/api/prompt/create',
      { prompt: { _id: `${me.id}p`, title: 'My own prompt', categories: ['Life'] } },
      me,
    );
    const response = await post(app, '/api/user/export', {}, me);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('muse-export.json');
    const data = response.json();
    expect(data.user._id).toBe(me.id);
    expect(data.answers.map((a: { text: string }) => a.text)).toEqual(['My private words']);
    expect(data.prompts.map((p: { title: string }) => p.title)).toEqual(['My own prompt']);
    expect(response.body).not.toContain('Their private words');
    expect(response.body).not.toMatch(/password|scrypt|argon2/);
  });

  it('updates name and e-mail, refusing taken ones with 409', async () => {
    const me = await buildUser(get().db);
    const other = await buildUser(get().db);
    const renamed = await post(
      app,
      '/api/user/update',
      { user: { _id: me.id, name: `${me.name}x`, email: `${me.id}@new.example` } },
      me,
    );
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().user).toMatchObject({
      name: `${me.name}x`,
      email: `${me.id}@new.example`,
    });
    const taken = await post(
      app,
      '/api/user/update',
      { user: { name: other.name.toLowerCase() } },
      me,
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(
      'Sorry, name or email is taken: someone already goes by this name',
    );
    expect(
      (await post(app, '/api/user/update', { user: { _id: other.id, name: 'Hijack' } }, me))
        .statusCode,
    ).toBe(403);
    const anonymous = await buildUser(get().db, { name: '' });
    expect(
      (await post(app, '/api/user/update', { user: { name: 'Sneaky' } }, anonymous)).statusCode,
    ).toBe(403);
  });

  it('sets and clears a 4-digit passcode that only its owner sees, never in clear', async () => {
    const me = await buildUser(get().db);
    const set = await post(app, '/api/user/code', { _id: me.id, code: '1234' }, me);
    expect(set.json().user.code).toMatchObject({ algorithm: 'PBKDF2-SHA256' });
    expect(set.body).not.toContain('1234');
    for (const code of ['123', '12345', 'abcd', 1234]) {
      expect((await post(app, '/api/user/code', { code }, me)).statusCode).toBe(400);
    }
    // Clearing a set passcode takes that passcode (issue 34 point 4; passcode.routes.test.ts).
    expect((await post(app, '/api/user/code', { code: '' }, me)).statusCode).toBe(403);
    const cleared = await post(app, '/api/user/code', { code: '', current: '1234' }, me);
    expect(cleared.json().user.code).toBeNull();
  });

  it('saves a picture the caller uploaded and refuses anything else', async () => {
    const me = await buildUser(get().db);
    const mine = await uploadPicture(app, me);
    const ok = await post(
      app,
      '/api/user/profilePicture',
      { _id: me.id, profilePicture: mine },
      me,
    );
    expect(ok.json().user.profilePicture).toBe(mine);
    for (const url of [
      '/media/pictures/abc_123.webp',
      'javascript:alert(1)',
      'http://evil.example/x.png',
      '/media/../../etc/passwd',
    ]) {
      expect(
        (await post(app, '/api/user/profilePicture', { profilePicture: url }, me)).statusCode,
      ).toBe(400);
    }
    const anonymous = await buildUser(get().db, { name: '' });
    expect(
      (
        await post(
          app,
          '/api/user/profilePicture',
          { profilePicture: '/media/pictures/a.webp' },
          anonymous,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('applies the streak rules on the caller’s day', async () => {
    const me = await buildUser(get().db, { name: '' });
    const today = utcDayOf(new Date());
    await get()
      .db.updateTable('users')
      .set({ last: dayKey(addDays(today, -1)), streak: 4, longest_streak: 4 })
      .where('id', '=', me.id)
      .execute();
    const first = await post(
      app,
      '/api/user/streak',
      { user: { _id: me.id }, ...todayFields() },
      me,
    );
    expect(first.json().user).toMatchObject({ streak: 5, longestStreak: 5, last: dayKey(today) });
    const again = await post(
      app,
      '/api/user/streak',
      { user: { _id: me.id }, ...todayFields() },
      me,
    );
    expect(again.json().user).toMatchObject({ streak: 5, longestStreak: 5 });
    const reset = await post(app, '/api/user/reset', { user_id: me.id, ...todayFields() }, me);
    expect(reset.json().user).toMatchObject({ streak: 1, longestStreak: 5, last: dayKey(today) });
    const far = addDays(today, 3);
    expect(
      (await post(app, '/api/user/streak', { year: far.year, month: far.month, day: far.day }, me))
        .statusCode,
    ).toBe(400);
    expect(
      (await post(app, '/api/user/streak', { year: 2026, month: 2, day: 30 }, me)).statusCode,
    ).toBe(400);
    expect(
      (await post(app, '/api/user/reset', { user_id: 'someone-else', ...todayFields() }, me))
        .statusCode,
    ).toBe(403);
  });

  it('keeps the streak of someone whose last day is one ahead (they travelled west)', async () => {
    const me = await buildUser(get().db, { name: '' });
    const today = utcDayOf(new Date());
    const tomorrow = dayKey(addDays(today, 1));
    await get()
      .db.updateTable('users')
      .set({ last: tomorrow, streak: 6, longest_streak: 8 })
      .where('id', '=', me.id)
      .execute();
    const day = { year: today.year, month: today.month, day: today.day };
    const response = await post(app, '/api/user/streak', { user: { _id: me.id }, ...day }, me);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({ streak: 6, longestStreak: 8, last: tomorrow });
  });
});
