import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedAnswer } from '#shared/api/world.ts';
import { anHourAgo } from '#tests/support/clock.ts';
import { buildUser, post, type TestUser, unique } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { saveAnswerAs } from '../answers/answer-fixtures.ts';

// Issue 17 A (decision 023): the world filtered to one prompt, for those who answered it.

describeEachDatabase('world: how others answered one prompt', (get) => {
  let app: FastifyInstance;
  let admin: TestUser;
  beforeAll(async () => {
    app = await buildTestApp(get().db);
    admin = await buildUser(get().db, { admin: true });
  });
  afterAll(async () => {
    await app.close();
  });

  const ok = async (response: Promise<{ statusCode: number; body: string }>) => {
    const done = await response;
    expect(done.statusCode, done.body).toBe(200);
  };
  /** A prompt `author` wrote, approved into the public library. */
  const promptBy = async (author: TestUser) => {
    const prompt = { _id: unique('p'), title: `${unique('Question')}?` };
    await ok(
      post(app, '/api/prompt/create', { prompt: { ...prompt, categories: ['Self'] } }, author),
    );
    await ok(post(app, '/api/prompt/approve', { prompt_id: prompt._id }, admin));
    return prompt;
  };
  const answer = (user: TestUser, prompt: { _id: string; title: string }, text = 'my words') =>
    saveAnswerAs(app, user, { prompt_id: prompt._id, prompt_title: prompt.title, text });
  const share = async (user: TestUser, id: string, anonymous = false) =>
    ok(post(app, '/api/answer/share', { answer_id: id, anonymous }, user));
  /** `user` after answering `prompt` (so the filtered view opens for them). */
  const answered = async (user: TestUser, prompt: { _id: string; title: string }) => {
    await answer(user, prompt);
    return user;
  };
  const filtered = async (promptId: string, user?: TestUser, page = 1) => {
    const response = await post(app, '/api/answer/shared', { page, prompt_id: promptId }, user);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { sharedAnswers: FeedAnswer[]; answerFirst: boolean };
  };

  describe('answer first, then read', () => {
    it('is empty with answerFirst for a visitor and for someone who has not answered', async () => {
      const writer = await buildUser(get().db);
      const reader = await buildUser(get().db);
      const prompt = await promptBy(writer);
      const other = await buildUser(get().db);
      await share(other, (await answer(other, prompt))._id);

      expect(await filtered(prompt._id)).toEqual({ sharedAnswers: [], answerFirst: true });
      expect(await filtered(prompt._id, reader)).toEqual({ sharedAnswers: [], answerFirst: true });
      // An empty answer is not an answer.
      await answer(reader, prompt, '');
      expect(await filtered(prompt._id, reader)).toEqual({ sharedAnswers: [], answerFirst: true });

      await answer(reader, prompt, 'now I have written');
      const after = await filtered(prompt._id, reader);
      expect(after.answerFirst).toBe(false);
      expect(after.sharedAnswers.map((a) => a.user_id)).toEqual([other.id]);
    });
  });

  it('lists only shares of that prompt, newest first, never private answers', async () => {
    const writer = await buildUser(get().db);
    const prompt = await promptBy(writer);
    const elsewhere = await promptBy(writer);
    const reader = await buildUser(get().db);
    await answer(reader, prompt);
    const first = await buildUser(get().db);
    const second = await buildUser(get().db);
    const quiet = await buildUser(get().db);
    const firstId = (await answer(first, prompt))._id;
    await share(first, firstId);
    const secondId = (await answer(second, prompt))._id;
    // An hour ago: an anonymous share joins the world on the hour after it (decision 057).
    await anHourAgo(() => share(second, secondId, true));
    await answer(quiet, prompt, 'never shared'); // private
    await share(first, (await answer(first, elsewhere))._id); // another prompt

    const { sharedAnswers, answerFirst } = await filtered(prompt._id, reader);
    expect(answerFirst).toBe(false);
    // Newest first, the anonymous share at the start of its hour (issue 34 point 3).
    expect(sharedAnswers.map((a) => a._id).sort()).toEqual([firstId, secondId].sort());
    const key = (a: FeedAnswer) => `${a.sharedOn} ${a._id}`;
    expect(sharedAnswers.map(key)).toEqual(sharedAnswers.map(key).sort().reverse());
    expect(sharedAnswers.find((a) => a._id === secondId)).toMatchObject({
      user_id: null,
      user_name: '',
      anonymous: true,
    });
    expect(sharedAnswers.every((a) => a.prompt_id === prompt._id)).toBe(true);

    // The reader's own love shows on the (cached) page at once; nobody else's marks do.
    await ok(post(app, '/api/answer/like', { answer_id: firstId }, reader));
    const loved = (await filtered(prompt._id, reader)).sharedAnswers.find((a) => a._id === firstId);
    expect(loved).toMatchObject({ likes: 2, likers: [reader.id] });
    const other = (await filtered(prompt._id, await answered(writer, prompt))).sharedAnswers;
    expect(other.find((a) => a._id === firstId)).toMatchObject({ likes: 2, likers: [] });
  });

  it('leaves out an anonymous answer to a prompt its author wrote, which would re-link them', async () => {
    const author = await buildUser(get().db);
    const own = await promptBy(author);
    const anonymousId = (await answer(author, own, 'secretly mine'))._id;
    await share(author, anonymousId, true);
    const named = await buildUser(get().db);
    const namedId = (await answer(named, own))._id;
    await share(named, namedId);
    const reader = await buildUser(get().db);
    await answer(reader, own);

    const seen = await filtered(own._id, reader);
    expect(seen.sharedAnswers.map((a) => a._id)).toEqual([namedId]);
    // Not even the author gets it listed under the prompt (the view is the same for all).
    const byAuthor = await filtered(own._id, author);
    expect(byAuthor.sharedAnswers.map((a) => a._id)).toEqual([namedId]);

    // Shared under their name, the author's answer to their own prompt is listed as usual.
    await share(author, anonymousId, false);
    const named2 = await filtered(own._id, reader);
    expect(named2.sharedAnswers.map((a) => a._id).sort()).toEqual([anonymousId, namedId].sort());
  });

  it('pages ten at a time without overlap', async () => {
    const writer = await buildUser(get().db);
    const prompt = await promptBy(writer);
    const ids: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const sharer = await buildUser(get().db);
      const id = (await answer(sharer, prompt))._id;
      await share(sharer, id);
      ids.push(id);
    }
    await answer(writer, prompt);
    const one = await filtered(prompt._id, writer, 1);
    const two = await filtered(prompt._id, writer, 2);
    expect(one.sharedAnswers).toHaveLength(10);
    expect(two.sharedAnswers).toHaveLength(2);
    const all = [...one.sharedAnswers, ...two.sharedAnswers].map((a) => a._id);
    expect(new Set(all).size).toBe(12);
    expect([...all].sort()).toEqual([...ids].sort());
  });

  it('refuses a malformed prompt id with a 400', async () => {
    const reader = await buildUser(get().db);
    for (const prompt_id of ['', 'x'.repeat(65), 42, null]) {
      const response = await post(app, '/api/answer/shared', { page: 1, prompt_id }, reader);
      expect(response.statusCode).toBe(400);
    }
  });
});
