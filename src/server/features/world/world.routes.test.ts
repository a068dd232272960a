import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FeedAnswer } from '#shared/api/world.ts';
import { buildUser, post } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import {
  answerId,
  joinedAnonymousShareOf,
  saveAnswerAs,
  sharedAnswerOf,
} from '../answers/answer-fixtures.ts';

const PICTURE = 'https://cdn.example/secret-face.png';

describeEachDatabase('world: share, unshare and the feed', (get) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(get().db);
  });
  afterAll(async () => {
    await app.close();
  });

  const setPicture = (userId: string, url: string) =>
    get().db.updateTable('users').set({ profile_picture: url }).where('id', '=', userId).execute();
  const likeRows = (id: string) =>
    get().db.selectFrom('likes').select('user_id').where('answer_id', '=', id).execute();
  const feed = async (user?: { cookie: string }, page = 1): Promise<FeedAnswer[]> => {
    const response = await post(app, '/api/answer/shared', { page }, user);
    expect(response.statusCode).toBe(200);
    return response.json().sharedAnswers;
  };

  it('shares under the author’s name: the author loves it and it tops the feed', async () => {
    const author = await buildUser(get().db);
    await setPicture(author.id, PICTURE);
    const saved = await saveAnswerAs(app, author);
    const response = await post(
      app,
      '/api/answer/share',
      { answer_id: saved._id, anonymous: false, user_id: author.id },
      author,
    );
    expect(response.statusCode).toBe(200);
    const { answer } = response.json();
    expect(answer).toMatchObject({
      _id: saved._id,
      shared: true,
      anonymous: false,
      likes: 1,
      likers: [author.id],
      profilePicture: PICTURE,
    });
    expect(Date.now() - Date.parse(answer.sharedOn)).toBeLessThan(60_000);
    expect(await likeRows(saved._id)).toEqual([{ user_id: author.id }]);
    const [top] = await feed();
    expect(top).toMatchObject({
      _id: saved._id,
      user_id: author.id,
      user_name: author.name,
      profilePicture: PICTURE,
      likes: 1,
      likers: [],
      reported: false,
      shared: true,
    });
  });

  it('re-sharing changes only anonymity and picture, never shared_on or likes', async () => {
    const author = await buildUser(get().db);
    await setPicture(author.id, PICTURE);
    const saved = await saveAnswerAs(app, author);
    const first = await post(
      app,
      '/api/answer/share',
      { answer_id: saved._id, anonymous: true },
      author,
    );
    expect(first.statusCode).toBe(200);
    const before = await get()
      .db.selectFrom('answers')
      .selectAll()
      .where('id', '=', saved._id)
      .executeTakeFirstOrThrow();
    // Anonymous, then under the name: the author's choice to say it is theirs.
    const again = await post(
      app,
      '/api/answer/share',
      { answer_id: saved._id, anonymous: false },
      author,
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().answer).toMatchObject({
      anonymous: false,
      likes: 1,
      sharedOn: before.shared_on,
      profilePicture: PICTURE,
    });
    expect(await likeRows(saved._id)).toHaveLength(1);
  });

  it('an answer shown under the name is not made anonymous in place (issue 34 point 3)', async () => {
    const author = await buildUser(get().db);
    const id = await sharedAnswerOf(app, author);
    const before = await get()
      .db.selectFrom('answers')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    // Everyone who saw the card knows its id and words: hiding the name now would hide nothing.
    const again = await post(app, '/api/answer/share', { answer_id: id, anonymous: true }, author);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/shared under your name/);
    const after = await get()
      .db.selectFrom('answers')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect((await feed()).find((item) => item._id === id)).toMatchObject({ user_id: author.id });
  });

  it('unshare takes it off the feed and the author’s love back; sharing again restores it', async () => {
    const author = await buildUser(get().db);
    const id = await sharedAnswerOf(app, author);
    const response = await post(app, '/api/answer/unshare', { answer_id: id }, author);
    expect(response.statusCode).toBe(200);
    expect(response.json().answer).toMatchObject({
      shared: false,
      sharedOn: null,
      likes: 0,
      likers: [],
    });
    expect(await likeRows(id)).toEqual([]);
    expect((await feed()).some((item) => item._id === id)).toBe(false);
    const reshared = await post(
      app,
      '/api/answer/share',
      { answer_id: id, anonymous: false },
      author,
    );
    expect(reshared.json().answer).toMatchObject({ shared: true, likes: 1 });
  });

  it('never names the author of an anonymous answer, to anyone', async () => {
    const author = await buildUser(get().db);
    const picture = 'https://cdn.example/face-of-the-anonymous-author.png';
    await setPicture(author.id, picture);
    const id = await joinedAnonymousShareOf(app, author, { text: 'my secret thoughts' });
    const viewer = await buildUser(get().db);
    const liked = await post(app, '/api/answer/like', { answer_id: id }, viewer);
    expect(liked.statusCode).toBe(200);
    const email = `${author.id}@example.com`;
    for (const body of [
      (await post(app, '/api/answer/shared', { page: 1 })).body,
      (await post(app, '/api/answer/shared', { page: 1 }, viewer)).body,
      liked.body,
    ]) {
      expect(body).toContain('my secret thoughts');
      expect(body).not.toContain(author.id);
      expect(body).not.toContain(author.name);
      expect(body).not.toContain(email);
      expect(body).not.toContain(picture);
      expect(body).not.toMatch(/password|hash|passcode|"code"|email/i);
    }
    const item = (await feed(viewer)).find((a) => a._id === id);
    expect(item).toMatchObject({
      user_id: null,
      user_name: '',
      profilePicture: null,
      anonymous: true,
      likes: 2,
      likers: [viewer.id],
    });
  });

  it('sends exactly the whitelisted fields in a feed item', async () => {
    const author = await buildUser(get().db);
    const id = await sharedAnswerOf(app, author);
    const item = (await feed()).find((a) => a._id === id);
    expect(Object.keys(item ?? {}).sort()).toEqual(
      [
        '_id',
        'user_id',
        'user_name',
        'prompt_id',
        'prompt_title',
        'answered',
        'modified',
        'text',
        'type',
        'categories',
        'shared',
        'sharedOn',
        'anonymous',
        'likes',
        'likers',
        'reported',
        'score',
        'profilePicture',
      ].sort(),
    );
  });

  it('needs a named user who owns a non-empty answer to share or unshare', async () => {
    const [author, other, anonymous] = await Promise.all([
      buildUser(get().db),
      buildUser(get().db),
      buildUser(get().db, { name: '' }),
    ]);
    const saved = await saveAnswerAs(app, author);
    const body = { answer_id: saved._id, anonymous: false };
    expect((await post(app, '/api/answer/share', body)).statusCode).toBe(401);
    expect((await post(app, '/api/answer/unshare', body)).statusCode).toBe(401);
    const anonymousOwn = await saveAnswerAs(app, anonymous);
    const signUpFirst = await post(
      app,
      '/api/answer/share',
      { answer_id: anonymousOwn._id, anonymous: true },
      anonymous,
    );
    expect(signUpFirst.statusCode).toBe(403);
    expect(signUpFirst.json().error).toBe('Please sign up first');
    expect((await post(app, '/api/answer/share', body, other)).statusCode).toBe(404);
    expect((await post(app, '/api/answer/unshare', body, other)).statusCode).toBe(404);
    const unknown = { answer_id: answerId(), anonymous: false };
    expect((await post(app, '/api/answer/share', unknown, author)).statusCode).toBe(404);
    const foreignId = await post(app, '/api/answer/share', { ...body, user_id: other.id }, author);
    expect(foreignId.statusCode).toBe(403);
    const blank = await saveAnswerAs(app, author, { text: '  \n ' });
    const empty = await post(
      app,
      '/api/answer/share',
      { answer_id: blank._id, anonymous: false },
      author,
    );
    expect(empty.statusCode).toBe(400);
    for (const bad of [{}, { answer_id: saved._id }, { answer_id: saved._id, anonymous: 'yes' }]) {
      expect((await post(app, '/api/answer/share', bad, author)).statusCode).toBe(400);
    }
    expect((await post(app, '/api/answer/unshare', {}, author)).statusCode).toBe(400);
    const stored = await get()
      .db.selectFrom('answers')
      .select(['shared', 'likes'])
      .where('id', 'in', [saved._id, blank._id])
      .execute();
    expect(stored).toEqual([
      { shared: 0, likes: 0 },
      { shared: 0, likes: 0 },
    ]);
  });

  it('refuses bad page numbers with 400 and defaults to page 1', async () => {
    for (const page of [0, -1, 1.5, '2', null, 100_001]) {
      const response = await post(app, '/api/answer/shared', { page });
      expect(response.statusCode, String(page)).toBe(400);
    }
    const bare = await app.inject({ method: 'POST', url: '/api/answer/shared' });
    expect(bare.statusCode).toBe(200);
    expect(bare.json().sharedAnswers.length).toBeGreaterThan(0);
    expect((await post(app, '/api/answer/shared', { page: 100_000 })).json()).toEqual({
      sharedAnswers: [],
    });
  });

  it('deleting a shared answer removes it from the feed with its loves', async () => {
    const author = await buildUser(get().db);
    const id = await sharedAnswerOf(app, author);
    const fan = await buildUser(get().db);
    await post(app, '/api/answer/like', { answer_id: id }, fan);
    expect(await likeRows(id)).toHaveLength(2);
    expect((await post(app, '/api/answer/delete', { answer_id: id }, author)).statusCode).toBe(200);
    expect(await likeRows(id)).toEqual([]);
    expect((await feed()).some((item) => item._id === id)).toBe(false);
  });
});

describeEachDatabase('world: paging', (get) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(get().db);
  });
  afterAll(async () => {
    await app.close();
  });

  const page = async (n: number): Promise<FeedAnswer[]> =>
    (await post(app, '/api/answer/shared', { page: n })).json().sharedAnswers;

  it('pages 25 shared answers as 10, 10, 5 without overlaps, newest first', async () => {
    const author = await buildUser(get().db);
    const ids: string[] = [];
    for (let i = 0; i < 25; i += 1) ids.push(await sharedAnswerOf(app, author));
    // Private answers never appear.
    await saveAnswerAs(app, author);
    const pages = [await page(1), await page(2), await page(3), await page(4)];
    expect(pages.map((p) => p.length)).toEqual([10, 10, 5, 0]);
    const seen = pages.flat();
    expect(new Set(seen.map((a) => a._id))).toEqual(new Set(ids));
    const times = seen.map((a) => a.sharedOn ?? '');
    expect(times).toEqual([...times].sort().reverse());
    expect(seen[0]?._id).toBe(ids[24]);
  });

  it('stays stable when many answers share the same moment', async () => {
    await get().db.updateTable('answers').set({ shared_on: '2024-01-01T00:00:00.000Z' }).execute();
    const seen = [...(await page(1)), ...(await page(2)), ...(await page(3))];
    expect(seen).toHaveLength(25);
    expect(new Set(seen.map((a) => a._id)).size).toBe(25);
    const ids = seen.map((a) => a._id);
    expect(ids).toEqual([...ids].sort().reverse());
  });
});
