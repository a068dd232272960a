import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FeedAnswer, ReportedAnswer } from '#shared/api/world.ts';
import { buildUser, post, type TestUser } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import {
  answerId,
  joinedAnonymousShareOf,
  saveAnswerAs,
  sharedAnswerOf,
} from '../answers/answer-fixtures.ts';

describeEachDatabase('world: reports', (get) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(get().db);
  });
  afterAll(async () => {
    await app.close();
  });

  const reported = async (user?: TestUser) =>
    app.inject({
      method: 'GET',
      url: '/api/answer/reported',
      headers: user ? { cookie: user.cookie } : {},
    });
  const feedItem = async (id: string, user?: TestUser): Promise<FeedAnswer | undefined> => {
    const { sharedAnswers } = (await post(app, '/api/answer/shared', { page: 1 }, user)).json();
    return sharedAnswers.find((a: FeedAnswer) => a._id === id);
  };

  it('flags per reporter: one person’s unreport leaves another’s flag', async () => {
    const [author, first, second] = await Promise.all([
      buildUser(get().db),
      buildUser(get().db),
      buildUser(get().db),
    ]);
    const id = await sharedAnswerOf(app, author);
    const flagged = await post(app, '/api/answer/report', { answer_id: id }, first);
    expect(flagged.statusCode).toBe(200);
    expect(flagged.json().answer).toMatchObject({ _id: id, reported: true });
    expect((await feedItem(id, first))?.reported).toBe(true);
    expect((await feedItem(id, second))?.reported).toBe(false);
    expect((await feedItem(id))?.reported).toBe(false);

    await post(app, '/api/answer/report', { answer_id: id }, second);
    await post(app, '/api/answer/report', { answer_id: id }, second); // twice is harmless
    const cleared = await post(app, '/api/answer/unreport', { answer_id: id }, second);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().answer.reported).toBe(false);
    expect((await feedItem(id, first))?.reported).toBe(true);
    const rows = await get()
      .db.selectFrom('reports')
      .select('user_id')
      .where('answer_id', '=', id)
      .execute();
    expect(rows).toEqual([{ user_id: first.id }]);
  });

  it('refuses visitors, anonymous users, the author and answers not shared', async () => {
    const [author, reporter, anonymous] = await Promise.all([
      buildUser(get().db),
      buildUser(get().db),
      buildUser(get().db, { name: '' }),
    ]);
    const id = await sharedAnswerOf(app, author);
    const privateAnswer = await saveAnswerAs(app, author);
    for (const url of ['/api/answer/report', '/api/answer/unreport']) {
      expect((await post(app, url, { answer_id: id })).statusCode).toBe(401);
      expect((await post(app, url, { answer_id: id }, anonymous)).statusCode).toBe(403);
      expect((await post(app, url, { answer_id: id }, author)).statusCode).toBe(403);
      expect((await post(app, url, { answer_id: privateAnswer._id }, reporter)).statusCode).toBe(
        404,
      );
      expect((await post(app, url, { answer_id: answerId() }, reporter)).statusCode).toBe(404);
      expect((await post(app, url, { answer_id: 7 }, reporter)).statusCode).toBe(400);
    }
    const rows = await get()
      .db.selectFrom('reports')
      .select('user_id')
      .where('answer_id', 'in', [id, privateAnswer._id])
      .execute();
    expect(rows).toEqual([]);

    // Taken out of the world, a flagged answer keeps its flags (they bring it back to the
    // admins if it is shared again): unreporting it then is a 404 that takes nothing away.
    expect((await post(app, '/api/answer/report', { answer_id: id }, reporter)).statusCode).toBe(
      200,
    );
    expect((await post(app, '/api/answer/unshare', { answer_id: id }, author)).statusCode).toBe(
      200,
    );
    expect((await post(app, '/api/answer/unreport', { answer_id: id }, reporter)).statusCode).toBe(
      404,
    );
    const kept = await get()
      .db.selectFrom('reports')
      .select('user_id')
      .where('answer_id', '=', id)
      .execute();
    expect(kept).toEqual([{ user_id: reporter.id }]);
  });

  it('lists reported shared answers for admins only, newest report first, still anonymous', async () => {
    const [author, reporter, admin, plain] = await Promise.all([
      buildUser(get().db),
      buildUser(get().db),
      buildUser(get().db, { admin: true }),
      buildUser(get().db),
    ]);
    const hidden = await joinedAnonymousShareOf(app, author, { text: 'anonymous words' });
    const named = await sharedAnswerOf(app, author);
    const unshared = await sharedAnswerOf(app, author);
    await post(app, '/api/answer/report', { answer_id: hidden }, reporter);
    await post(app, '/api/answer/report', { answer_id: hidden }, plain);
    await post(app, '/api/answer/report', { answer_id: unshared }, reporter);
    await post(app, '/api/answer/unshare', { answer_id: unshared }, author);
    await post(app, '/api/answer/report', { answer_id: named }, reporter);
    // Pin report times so the order cannot hinge on two requests landing in one millisecond.
    const setReported = (answer: string, created: string) =>
      get().db.updateTable('reports').set({ created }).where('answer_id', '=', answer).execute();
    await setReported(hidden, '2030-01-01T00:00:00.000Z');
    await setReported(named, '2030-02-01T00:00:00.000Z');

    expect((await reported()).statusCode).toBe(401);
    expect((await reported(plain)).statusCode).toBe(403);
    const response = await reported(admin);
    expect(response.statusCode).toBe(200);
    const mine = new Set([hidden, named, unshared]);
    const items = (response.json().reportedAnswers as ReportedAnswer[]).filter((a) =>
      mine.has(a._id),
    );
    expect(items.map((a) => [a._id, a.reports])).toEqual([
      [named, 1],
      [hidden, 2],
    ]);
    const anonymousItem = JSON.stringify(items[1]);
    expect(anonymousItem).toContain('anonymous words');
    expect(anonymousItem).not.toContain(author.id);
    expect(anonymousItem).not.toContain(author.name);
    expect(anonymousItem).not.toContain(reporter.id);
    expect(items[1]).toMatchObject({ user_id: null, user_name: '', reported: false, likers: [] });
  });

  it('lets an admin take a reported answer out of the world; it stays its author’s', async () => {
    const [author, reporter, admin] = await Promise.all([
      buildUser(get().db),
      buildUser(get().db),
      buildUser(get().db, { admin: true }),
    ]);
    const id = await sharedAnswerOf(app, author, { text: 'words that do not belong' });
    await post(app, '/api/answer/report', { answer_id: id }, reporter);
    const removeAs = (user: TestUser) =>
      post(app, '/api/admin/answer/unshare', { answer_id: id }, user);

    expect((await post(app, '/api/admin/answer/unshare', { answer_id: id })).statusCode).toBe(401);
    expect((await removeAs(reporter)).statusCode).toBe(403);
    expect((await removeAs(author)).statusCode).toBe(403);
    expect(await feedItem(id)).toBeDefined();

    const removed = await removeAs(admin);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ ok: true });
    expect(await feedItem(id)).toBeUndefined();
    const listed = (await reported(admin)).json().reportedAnswers as ReportedAnswer[];
    expect(listed.some((a) => a._id === id)).toBe(false);
    const { answers } = (await post(app, '/api/user/answers', { _id: author.id }, author)).json();
    expect(answers.find((a: { _id: string }) => a._id === id)).toMatchObject({
      text: 'words that do not belong',
      shared: false,
      sharedOn: null,
    });
    // Gone already, unknown or never shared: 404; not an id: 400.
    expect((await removeAs(admin)).statusCode).toBe(404);
    const privateAnswer = await saveAnswerAs(app, author);
    const remove = (answer_id: unknown) =>
      post(app, '/api/admin/answer/unshare', { answer_id }, admin);
    expect((await remove(privateAnswer._id)).statusCode).toBe(404);
    expect((await remove(answerId())).statusCode).toBe(404);
    expect((await remove(7)).statusCode).toBe(400);

    // Shared again, the old flag brings it straight back to the admins' list.
    await post(app, '/api/answer/share', { answer_id: id, anonymous: false }, author);
    const again = (await reported(admin)).json().reportedAnswers as ReportedAnswer[];
    expect(again.some((a) => a._id === id)).toBe(true);
  });

  it('lets only an admin clear every flag on an answer; it stays in the world, audited', async () => {
    const [author, first, second, admin] = await Promise.all([
      buildUser(get().db),
      buildUser(get().db),
      buildUser(get().db),
      buildUser(get().db, { admin: true }),
    ]);
    const id = await sharedAnswerOf(app, author, { text: 'words that are fine' });
    await post(app, '/api/answer/report', { answer_id: id }, first);
    await post(app, '/api/answer/report', { answer_id: id }, second);
    const clearAs = (user?: TestUser, answer_id: unknown = id) =>
      post(app, '/api/admin/answer/clear-reports', { answer_id }, user);
    const listedFlags = async () =>
      ((await reported(admin)).json().reportedAnswers as ReportedAnswer[]).find((a) => a._id === id)
        ?.reports;

    expect((await clearAs()).statusCode).toBe(401);
    for (const user of [first, author]) {
      const refused = await clearAs(user);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: 'Admins only' });
    }
    expect(await listedFlags()).toBe(2);

    const cleared = await clearAs(admin);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ ok: true });
    expect(await listedFlags()).toBeUndefined();
    expect(await feedItem(id)).toMatchObject({ text: 'words that are fine', reported: false });
    expect(await feedItem(id, first)).toMatchObject({ reported: false });
    const audit = (await post(app, '/api/admin/audit', {}, admin)).json().entries as {
      actor_id: string | null;
      action: string;
      target: string;
    }[];
    expect(audit.filter((e) => e.actor_id === admin.id)).toEqual([
      expect.objectContaining({ action: 'clear-reports', target: id }),
    ]);

    // Flagged again, it comes back. Not shared, unknown: 404; not an id: 400.
    await post(app, '/api/answer/report', { answer_id: id }, first);
    expect(await listedFlags()).toBe(1);
    expect((await clearAs(admin, answerId())).statusCode).toBe(404);
    expect((await clearAs(admin, (await saveAnswerAs(app, author))._id)).statusCode).toBe(404);
    expect((await clearAs(admin, 7)).statusCode).toBe(400);
  });
});

describeEachDatabase('world: report rate limit', (get) => {
  it('answers 429 past the per-address limit', async () => {
    const app = await buildTestApp(get().db, { relaxedRateLimits: false });
    try {
      const [author, reporter] = await Promise.all([buildUser(get().db), buildUser(get().db)]);
      const id = await sharedAnswerOf(app, author);
      const statuses: number[] = [];
      for (let i = 0; i < 31; i += 1) {
        statuses.push(
          (await post(app, '/api/answer/report', { answer_id: id }, reporter)).statusCode,
        );
      }
      expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
      expect(statuses[30]).toBe(429);
    } finally {
      await app.close();
    }
  });
});

describeEachDatabase('world: other users’ profiles', (get) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(get().db);
  });
  afterAll(async () => {
    await app.close();
  });

  it('shows a named user’s public profile with only their named shared answers', async () => {
    const [author, viewer] = await Promise.all([buildUser(get().db), buildUser(get().db)]);
    await get()
      .db.updateTable('users')
      .set({
        streak: 4,
        longest_streak: 9,
        passcode_hash: 'pbkdf2-sha256$1$U0FMVA==$UEFTU0NPREVIQVNI',
        profile_picture: 'https://cdn.example/p.png',
      })
      .where('id', '=', author.id)
      .execute();
    const first = await sharedAnswerOf(app, author, { text: 'first public words' });
    const second = await sharedAnswerOf(app, author, { text: 'second public words' });
    await sharedAnswerOf(app, author, { anonymous: true, text: 'hidden anonymous words' });
    await saveAnswerAs(app, author, { text: 'private journal words' });
    await post(app, '/api/answer/like', { answer_id: first }, viewer);
    // The profile shows the record as of the end of yesterday (issue 34 point 3): let the day
    // turn so today's writing counts.
    await get()
      .db.updateTable('users')
      .set({ public_day: '2000-01-01' })
      .where('id', '=', author.id)
      .execute();

    for (const who of [undefined, viewer]) {
      const response = await post(app, '/api/user/other', { _id: author.id }, who);
      expect(response.statusCode).toBe(200);
      const { user } = response.json();
      expect(Object.keys(user).sort()).toEqual(
        [
          '_id',
          'name',
          'profilePicture',
          'started',
          'streak',
          'longestStreak',
          'score',
          'sharedCount',
          'sharedAnswers',
        ].sort(),
      );
      expect(user).toMatchObject({
        _id: author.id,
        name: author.name,
        profilePicture: 'https://cdn.example/p.png',
        streak: 4,
        longestStreak: 9,
        score: 4, // four answers of three words each
        sharedCount: 2,
      });
      expect(user.sharedAnswers.map((a: FeedAnswer) => a._id)).toEqual([second, first]);
      expect(response.body).not.toContain('hidden anonymous words');
      expect(response.body).not.toContain('private journal words');
      expect(response.body).not.toContain('@example.com');
      expect(response.body).not.toContain('1234');
      expect(response.body).not.toContain('UEFTU0NPREVIQVNI');
      const loved = user.sharedAnswers[1];
      expect(loved.likers).toEqual(who ? [viewer.id] : []);
    }
  });

  it('has no profile for anonymous or unknown users, and refuses bad bodies', async () => {
    const anonymous = await buildUser(get().db, { name: '' });
    await saveAnswerAs(app, anonymous);
    expect((await post(app, '/api/user/other', { _id: anonymous.id })).statusCode).toBe(404);
    expect((await post(app, '/api/user/other', { _id: 'nobody-at-all' })).statusCode).toBe(404);
    for (const body of [{}, { _id: '' }, { _id: 3 }, { _id: 'a b' }]) {
      expect((await post(app, '/api/user/other', body)).statusCode).toBe(400);
    }
  });
});
