import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildUser, post } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { answerId, saveAnswerAs, sharedAnswerOf } from '../answers/answer-fixtures.ts';

describeEachDatabase('world: love (like/unlike)', (get) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(get().db);
  });
  afterAll(async () => {
    await app.close();
  });

  const counts = async (id: string) => {
    const answer = await get()
      .db.selectFrom('answers')
      .select('likes')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const rows = await get()
      .db.selectFrom('likes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('answer_id', '=', id)
      .executeTakeFirstOrThrow();
    return { likes: Number(answer.likes), rows: Number(rows.n) };
  };

  it('loves once per person and takes it back', async () => {
    const [author, fan] = await Promise.all([buildUser(get().db), buildUser(get().db)]);
    const id = await sharedAnswerOf(app, author);
    const liked = await post(app, '/api/answer/like', { answer_id: id, user_id: fan.id }, fan);
    expect(liked.statusCode).toBe(200);
    expect(liked.json().answer).toMatchObject({ _id: id, likes: 2, likers: [fan.id] });
    const twice = await post(app, '/api/answer/like', { answer_id: id }, fan);
    expect(twice.json().answer).toMatchObject({ likes: 2, likers: [fan.id] });
    expect(await counts(id)).toEqual({ likes: 2, rows: 2 });

    const unliked = await post(app, '/api/answer/unlike', { answer_id: id }, fan);
    expect(unliked.statusCode).toBe(200);
    expect(unliked.json().answer).toMatchObject({ likes: 1, likers: [] });
    const again = await post(app, '/api/answer/unlike', { answer_id: id }, fan);
    expect(again.json().answer).toMatchObject({ likes: 1 });
    expect(await counts(id)).toEqual({ likes: 1, rows: 1 });
  });

  // A love answers from its own update of the count, not from a read after the commit: what it
  // sends must be what the feed shows the lover a moment later, field for field.
  it('answers a love and its taking back as the feed then shows the answer to the lover', async () => {
    const [author, fan] = await Promise.all([buildUser(get().db), buildUser(get().db)]);
    await get()
      .db.updateTable('users')
      .set({ profile_picture: 'data:image/webp;base64,UklGRg==' })
      .where('id', '=', author.id)
      .execute();
    const id = await sharedAnswerOf(app, author);
    const flagged = await post(app, '/api/answer/report', { answer_id: id }, fan);
    expect(flagged.statusCode, flagged.body).toBe(200);
    const asFeedShows = async () => {
      const page = await post(app, '/api/answer/shared', { page: 1 }, fan);
      return page.json().sharedAnswers.find((item: { _id: string }) => item._id === id);
    };

    const loved = await post(app, '/api/answer/like', { answer_id: id }, fan);
    expect(loved.statusCode, loved.body).toBe(200);
    expect(loved.json().answer).toMatchObject({
      likes: 2,
      likers: [fan.id],
      reported: true,
      profilePicture: 'data:image/webp;base64,UklGRg==',
    });
    expect(loved.json().answer).toEqual(await asFeedShows());

    const unloved = await post(app, '/api/answer/unlike', { answer_id: id }, fan);
    expect(unloved.statusCode, unloved.body).toBe(200);
    expect(unloved.json().answer).toMatchObject({ likes: 1, likers: [], reported: true });
    expect(unloved.json().answer).toEqual(await asFeedShows());
  });

  it('refuses with the right status and changes nothing', async () => {
    const [author, fan, anonymous] = await Promise.all([
      buildUser(get().db),
      buildUser(get().db),
      buildUser(get().db, { name: '' }),
    ]);
    const id = await sharedAnswerOf(app, author);
    const privateAnswer = await saveAnswerAs(app, author);
    for (const url of ['/api/answer/like', '/api/answer/unlike']) {
      expect((await post(app, url, { answer_id: id })).statusCode).toBe(401);
      const anon = await post(app, url, { answer_id: id }, anonymous);
      expect(anon.statusCode).toBe(403);
      expect(anon.json().error).toBe('Please sign up first');
      expect((await post(app, url, { answer_id: id, user_id: author.id }, fan)).statusCode).toBe(
        403,
      );
      expect((await post(app, url, { answer_id: id }, author)).statusCode).toBe(403);
      expect((await post(app, url, { answer_id: answerId() }, fan)).statusCode).toBe(404);
      expect((await post(app, url, { answer_id: privateAnswer._id }, fan)).statusCode).toBe(404);
      for (const bad of [{}, { answer_id: '' }, { answer_id: ['x'] }]) {
        expect((await post(app, url, bad, fan)).statusCode).toBe(400);
      }
    }
    expect(await counts(id)).toEqual({ likes: 1, rows: 1 });
    expect(await counts(privateAnswer._id)).toEqual({ likes: 0, rows: 0 });
  });

  it('counts 200 different people loving one answer at once exactly', async () => {
    const author = await buildUser(get().db);
    const id = await sharedAnswerOf(app, author);
    const fans = await Promise.all(Array.from({ length: 200 }, () => buildUser(get().db)));
    const responses = await Promise.all(
      fans.map((fan) => post(app, '/api/answer/like', { answer_id: id }, fan)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(fans.map(() => 200));
    expect(await counts(id)).toEqual({ likes: 201, rows: 201 });

    // And all of them taking it back at once, while 50 of them love it again.
    const back = await Promise.all([
      ...fans.map((fan) => post(app, '/api/answer/unlike', { answer_id: id }, fan)),
    ]);
    expect(back.every((r) => r.statusCode === 200)).toBe(true);
    expect(await counts(id)).toEqual({ likes: 1, rows: 1 });
  });

  it('counts one person sending 50 loves at once as one', async () => {
    const [author, fan] = await Promise.all([buildUser(get().db), buildUser(get().db)]);
    const id = await sharedAnswerOf(app, author);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => post(app, '/api/answer/like', { answer_id: id }, fan)),
    );
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    expect(await counts(id)).toEqual({ likes: 2, rows: 2 });
    const unlikes = await Promise.all(
      Array.from({ length: 50 }, () => post(app, '/api/answer/unlike', { answer_id: id }, fan)),
    );
    expect(unlikes.every((r) => r.statusCode === 200)).toBe(true);
    expect(await counts(id)).toEqual({ likes: 1, rows: 1 });
  });

  it('keeps counts exact when loves race an unshare', async () => {
    const author = await buildUser(get().db);
    const id = await sharedAnswerOf(app, author);
    const fans = await Promise.all(Array.from({ length: 30 }, () => buildUser(get().db)));
    const responses = await Promise.all([
      ...fans.map((fan) => post(app, '/api/answer/like', { answer_id: id }, fan)),
      post(app, '/api/answer/unshare', { answer_id: id }, author),
    ]);
    expect(responses.every((r) => r.statusCode === 200 || r.statusCode === 404)).toBe(true);
    const { likes, rows } = await counts(id);
    expect(likes).toBe(rows);
  });
});

describeEachDatabase('world: love rate limit', (get) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(get().db, { relaxedRateLimits: false });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 429 past the per-address limit', async () => {
    const [author, fan] = await Promise.all([buildUser(get().db), buildUser(get().db)]);
    const id = await sharedAnswerOf(app, author);
    const statuses: number[] = [];
    for (let i = 0; i < 121; i += 1) {
      statuses.push((await post(app, '/api/answer/like', { answer_id: id }, fan)).statusCode);
    }
    expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true);
    expect(statuses[120]).toBe(429);
  });
});
