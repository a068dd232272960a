import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer } from '#shared/api/answers.ts';
import type { FeedAnswer } from '#shared/api/world.ts';
import { atTheNextHour } from '#tests/support/clock.ts';
import { buildUser, post, type TestUser } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { saveAnswerAs } from '../answers/answer-fixtures.ts';

// Decision 015: the world shows a shared answer's world copy. A private save never changes it;
// only sharing and the author's "Update" do, and the private text never leaves through any call
// someone else can make.

describeEachDatabase('world: the shared copy of an answer', (get) => {
  let app: FastifyInstance;
  let admin: TestUser;
  beforeAll(async () => {
    app = await buildTestApp(get().db);
    admin = await buildUser(get().db, { admin: true });
  });
  afterAll(async () => {
    await app.close();
  });

  const ok = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const feedItem = async (answerId: string, viewer?: TestUser): Promise<FeedAnswer | undefined> => {
    const { sharedAnswers } = ok(await post(app, '/api/answer/shared', { page: 1 }, viewer));
    return (sharedAnswers as FeedAnswer[]).find((a) => a._id === answerId);
  };
  const ownCopy = async (user: TestUser, answerId: string): Promise<Answer | undefined> => {
    const { answers } = ok(await post(app, '/api/user/answers', { _id: user.id }, user));
    return (answers as Answer[]).find((a) => a._id === answerId);
  };
  /** Saves `text` over the author's answer, as the editor does (a private save). */
  const saveText = (user: TestUser, answer: Answer, text: string) =>
    saveAnswerAs(app, user, {
      _id: answer._id,
      prompt_id: answer.prompt_id,
      prompt_title: answer.prompt_title,
      text,
    });
  const share = (user: TestUser, answerId: string, anonymous = false) =>
    post(app, '/api/answer/share', { answer_id: answerId, anonymous }, user);
  const updateShared = (user: TestUser | null, answerId: string, text: string) =>
    post(app, '/api/answer/share/update', { answer_id: answerId, text }, user);

  async function sharedAnswer(text = 'Words the world may read') {
    const author = await buildUser(get().db);
    const answer = await saveAnswerAs(app, author, { text });
    ok(await share(author, answer._id));
    return { author, answer };
  }

  it('shows the text as it was when shared', async () => {
    const { answer } = await sharedAnswer('Words the world may read');
    expect(await feedItem(answer._id)).toMatchObject({
      text: 'Words the world may read',
      score: 2,
    });
  });

  it('keeps the world’s copy when the author saves a private edit, until they update it', async () => {
    const { author, answer } = await sharedAnswer('Words the world may read');
    const before = await feedItem(answer._id);
    await saveText(author, answer, 'A private thought the world must not see yet');

    // The author has the new text; the world still has the old copy, word count and time too.
    expect((await ownCopy(author, answer._id))?.text).toBe(
      'A private thought the world must not see yet',
    );
    const stranger = await buildUser(get().db);
    const after = await feedItem(answer._id, stranger);
    expect(after).toMatchObject({ text: 'Words the world may read', score: 2 });
    expect(after?.modified).toBe(before?.modified);
    expect(after?.shared).toBe(true);

    // "Update": the world's copy becomes what the author chose.
    const updated = ok(
      await updateShared(author, answer._id, 'A private thought the world must not see yet'),
    );
    expect(updated.answer).toMatchObject({ _id: answer._id, shared: true });
    const now = await feedItem(answer._id, stranger);
    expect(now?.text).toBe('A private thought the world must not see yet');
    expect(now?.score).toBe(3);
    expect(Date.parse(now?.modified ?? '')).toBeGreaterThanOrEqual(
      Date.parse(before?.modified ?? ''),
    );
  });

  it('takes the world’s copy away on unshare and shares the current text again', async () => {
    const { author, answer } = await sharedAnswer('First version for everyone');
    await saveText(author, answer, 'Second version, private for now');
    ok(await post(app, '/api/answer/unshare', { answer_id: answer._id }, author));
    expect(await feedItem(answer._id)).toBeUndefined();
    const row = await get()
      .db.selectFrom('answers')
      .select(['shared_text', 'shared_modified'])
      .where('id', '=', answer._id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ shared_text: null, shared_modified: null });

    ok(await share(author, answer._id, true));
    // Shared anonymously this time: it joins the world on the hour (decision 057), as it is now.
    expect(await feedItem(answer._id)).toBeUndefined();
    const joined = await atTheNextHour(() => feedItem(answer._id));
    expect(joined?.text).toBe('Second version, private for now');
  });

  describe('refuses to update what is not one’s own shared answer', () => {
    it('a stranger’s update is a 404 and changes nothing', async () => {
      const { answer } = await sharedAnswer('The author’s own words');
      const stranger = await buildUser(get().db);
      const response = await updateShared(stranger, answer._id, 'Graffiti');
      expect(response.statusCode).toBe(404);
      expect((await feedItem(answer._id))?.text).toBe('The author’s own words');
    });

    it('a private answer cannot be published through an update', async () => {
      const author = await buildUser(get().db);
      const answer = await saveAnswerAs(app, author, { text: 'Private' });
      expect((await updateShared(author, answer._id, 'Private')).statusCode).toBe(404);
      expect(await feedItem(answer._id)).toBeUndefined();
    });

    it('needs a named user and some text', async () => {
      const { author, answer } = await sharedAnswer('Still here');
      expect((await updateShared(null, answer._id, 'x')).statusCode).toBe(401);
      expect((await updateShared(author, answer._id, '   ')).statusCode).toBe(400);
      expect((await updateShared(author, answer._id, 'x'.repeat(50_001))).statusCode).toBe(400);
      expect((await updateShared(author, 'no such id!', 'x')).statusCode).toBe(400);
      expect((await feedItem(answer._id))?.text).toBe('Still here');
    });
  });

  it('never lets anyone but the author read the private text, through any call', async () => {
    const SECRET = 'Secret private edit zebra';
    const { author, answer } = await sharedAnswer('Public words only');
    await saveText(author, answer, SECRET);
    const stranger = await buildUser(get().db);
    const visitor = null;
    // A stranger loves and flags it, so the love, report and admin paths all carry it.
    ok(await post(app, '/api/answer/like', { answer_id: answer._id }, stranger));
    ok(await post(app, '/api/answer/report', { answer_id: answer._id }, stranger));

    const responses: LightMyRequestResponse[] = [
      await post(app, '/api/answer/shared', { page: 1 }, visitor),
      await post(app, '/api/answer/shared', { page: 1 }, stranger),
      await post(app, '/api/user/other', { _id: author.id }, stranger),
      await post(app, '/api/user/other', { _id: author.id }, visitor),
      await post(app, '/api/answer/unlike', { answer_id: answer._id }, stranger),
      await post(app, '/api/answer/like', { answer_id: answer._id }, stranger),
      await post(app, '/api/answer/unreport', { answer_id: answer._id }, stranger),
      await post(app, '/api/answer/report', { answer_id: answer._id }, stranger),
      await app.inject({
        method: 'GET',
        url: '/api/answer/reported',
        headers: { cookie: admin.cookie },
      }),
      await post(app, '/api/admin/answers', { page: 1 }, admin),
      await post(app, '/api/user/answers', { _id: author.id }, stranger),
      await post(app, '/api/answer/get', { answer_id: answer._id }, stranger),
      await post(app, '/api/answer/share/update', { answer_id: answer._id, text: 'x' }, stranger),
      await post(app, '/api/answer/unshare', { answer_id: answer._id }, stranger),
      await post(app, '/api/answer/share', { answer_id: answer._id, anonymous: true }, stranger),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBeLessThan(500);
      expect(response.body).not.toContain('zebra');
    }
    // The calls that show the answer show the world's copy.
    expect(responses[0]?.body).toContain('Public words only');
    expect(responses[2]?.body).toContain('Public words only');
    expect(responses[8]?.body).toContain('Public words only');
    expect(responses[9]?.body).toContain('Public words only');
    // And the author still has both: their text, and the world still showing the old copy.
    expect((await ownCopy(author, answer._id))?.text).toBe(SECRET);
  });
});
