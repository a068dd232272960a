import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FeedAnswer } from '#shared/api/world.ts';
import { buildUser, post, type TestUser } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { saveAnswerAs, sharedAnswerOf } from '../answers/answer-fixtures.ts';

// Who reads the feed comes from the session alone: each reader sees their own loves and flags,
// cached page or not, and an ended session reads as a visitor.
describeEachDatabase('world feed: the reader and their own marks', (get) => {
  let app: FastifyInstance;
  let author: TestUser;
  let reader: TestUser;
  let other: TestUser;
  let lovedByReader = '';
  let lovedByOther = '';
  let flaggedByReader = '';
  beforeAll(async () => {
    app = await buildTestApp(get().db);
    author = await buildUser(get().db);
    reader = await buildUser(get().db);
    other = await buildUser(get().db);
    flaggedByReader = await sharedAnswerOf(app, author);
    lovedByOther = await sharedAnswerOf(app, author);
    lovedByReader = await sharedAnswerOf(app, author);
    for (const [user, answer] of [
      [reader, lovedByReader],
      [other, lovedByOther],
    ] as const) {
      const loved = await post(app, '/api/answer/like', { answer_id: answer }, user);
      expect(loved.statusCode, loved.body).toBe(200);
    }
    const flagged = await post(app, '/api/answer/report', { answer_id: flaggedByReader }, reader);
    expect(flagged.statusCode, flagged.body).toBe(200);
  });
  afterAll(async () => {
    await app.close();
  });

  const page = async (user?: TestUser | { cookie: string }): Promise<FeedAnswer[]> => {
    const response = await post(app, '/api/answer/shared', { page: 1 }, user);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().sharedAnswers;
  };
  const marksOn = (answers: FeedAnswer[]) =>
    Object.fromEntries(
      answers.map((answer) => [answer._id, { likers: answer.likers, reported: answer.reported }]),
    );

  it('marks only what the session’s own person loves and flagged, cached page or not', async () => {
    const expected = {
      [lovedByReader]: { likers: [reader.id], reported: false },
      [lovedByOther]: { likers: [], reported: false },
      [flaggedByReader]: { likers: [], reported: true },
    };
    // The first read caches the page; the second is served from it with the marks read anew.
    expect(marksOn(await page(reader))).toEqual(expected);
    expect(marksOn(await page(reader))).toEqual(expected);
    expect(marksOn(await page(other))).toEqual({
      [lovedByReader]: { likers: [], reported: false },
      [lovedByOther]: { likers: [other.id], reported: false },
      [flaggedByReader]: { likers: [], reported: false },
    });
  });

  it('reads an ended session, or a cookie no session has, as a visitor', async () => {
    const unmarked = {
      [lovedByReader]: { likers: [], reported: false },
      [lovedByOther]: { likers: [], reported: false },
      [flaggedByReader]: { likers: [], reported: false },
    };
    expect(marksOn(await page({ cookie: 'muse_session=not-a-session' }))).toEqual(unmarked);
    const ending = await buildUser(get().db);
    await post(app, '/api/answer/like', { answer_id: lovedByReader }, ending);
    expect(marksOn(await page(ending))[lovedByReader]?.likers).toEqual([ending.id]);
    await get()
      .db.updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', ending.id)
      .execute();
    const answers = await page(ending);
    expect(marksOn(answers)[lovedByReader]?.likers).toEqual([]);
    // The visitor's page is the one every stranger gets, to the byte.
    const visitor = await post(app, '/api/answer/shared', { page: 1 });
    const ended = await post(app, '/api/answer/shared', { page: 1 }, ending);
    expect(ended.body).toBe(visitor.body);
  });

  it('knows the reader of the world filtered to one prompt too', async () => {
    // Only someone who answered the prompt sees its answers: the reader must be known.
    const [answer] = await page(reader);
    const filtered = { page: 1, prompt_id: answer?.prompt_id };
    expect((await post(app, '/api/answer/shared', filtered, reader)).json()).toEqual({
      sharedAnswers: [],
      answerFirst: true,
    });
    await saveAnswerAs(app, reader);
    const response = await post(app, '/api/answer/shared', filtered, reader);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().answerFirst).toBe(false);
    const answers: FeedAnswer[] = response.json().sharedAnswers;
    expect(marksOn(answers)[lovedByReader]).toEqual({ likers: [reader.id], reported: false });
    expect(marksOn(answers)[flaggedByReader]).toEqual({ likers: [], reported: true });
  });

  it('answers readers who arrive together, each with their own session and marks only', async () => {
    const ending = await buildUser(get().db);
    await get()
      .db.updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', ending.id)
      .execute();
    const readers = [reader, other, ending, { cookie: 'muse_session=not-a-session' }, reader];
    const pages = await Promise.all(readers.map((user) => page(user)));
    const lovers = pages.map((answers) => marksOn(answers)[lovedByReader]?.likers);
    expect(lovers).toEqual([[reader.id], [], [], [], [reader.id]]);
    expect(pages.map((answers) => marksOn(answers)[flaggedByReader]?.reported)).toEqual([
      true,
      false,
      false,
      false,
      true,
    ]);
    expect(pages.map((answers) => marksOn(answers)[lovedByOther]?.likers)).toEqual([
      [],
      [other.id],
      [],
      [],
      [],
    ]);
  });
});
