import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FeedAnswer } from '#shared/api/world.ts';
import { atClock } from '#tests/support/clock.ts';
import { buildUser, post, type TestUser } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { sharedAnswerOf } from '../answers/answer-fixtures.ts';

// The feed's pages are found by keyset seek and cached between changes (decision 018): pages
// must still match the SPEC's numbered pages exactly, and no change may leave a stale page.
describeEachDatabase('world feed: numbered pages over keyset seek and the page cache', (get) => {
  let app: FastifyInstance;
  let author: TestUser;
  let reader: TestUser;
  const ids: string[] = [];
  beforeAll(async () => {
    app = await buildTestApp(get().db);
    author = await buildUser(get().db);
    reader = await buildUser(get().db);
    for (let n = 0; n < 34; n += 1) ids.push(await sharedAnswerOf(app, author));
    // Groups of three share one instant, so the id must break ties across page edges.
    for (const [n, id] of ids.entries()) {
      const instant = new Date(Date.UTC(2099, 0, 1, 0, 0, Math.floor(n / 3))).toISOString();
      await get()
        .db.updateTable('answers')
        .set({ shared_on: instant })
        .where('id', '=', id)
        .execute();
    }
  });
  afterAll(async () => {
    await app.close();
  });

  const page = async (number: number, user?: TestUser): Promise<FeedAnswer[]> => {
    const response = await post(app, '/api/answer/shared', { page: number }, user);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().sharedAnswers;
  };
  const expectedOrder = () =>
    ids
      .map((id, n) => ({ id, at: Math.floor(n / 3) }))
      .sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
      .map((entry) => entry.id);

  it('pages 1–4 are the newest-first order cut in tens, without overlap or gap', async () => {
    const seen: string[] = [];
    // Out of order on purpose: a page's anchor must not depend on having read the one before
    // (page 4 is first found from page 2's anchor, page 3 from the top).
    for (const number of [2, 4, 3, 1, 2, 4]) {
      const answers = await page(number, reader);
      expect(answers.map((a) => a._id)).toEqual(
        expectedOrder().slice((number - 1) * 10, number * 10),
      );
      if (seen.length < 40) seen.push(...answers.map((a) => a._id));
    }
    expect(await page(5, reader)).toEqual([]);
    expect(await page(500)).toEqual([]);
  });

  it('shows the reader’s own love at once, after the page was served (and cached)', async () => {
    const [top] = await page(1, reader);
    expect(top).toMatchObject({ likes: 1, likers: [] });
    const loved = await post(app, '/api/answer/like', { answer_id: top?._id }, reader);
    expect(loved.statusCode, loved.body).toBe(200);
    expect((await page(1, reader))[0]).toMatchObject({
      _id: top?._id,
      likes: 2,
      likers: [reader.id],
    });
    expect((await page(1))[0]).toMatchObject({ _id: top?._id, likes: 2, likers: [] });
    await post(app, '/api/answer/unlike', { answer_id: top?._id }, reader);
    expect((await page(1, reader))[0]).toMatchObject({ _id: top?._id, likes: 1, likers: [] });
  });

  it('drops an unshared answer and renames an author at once', async () => {
    const before = await page(1);
    const first = before[0]?._id;
    await post(app, '/api/answer/unshare', { answer_id: first }, author);
    const after = await page(1);
    expect(after.map((a) => a._id)).not.toContain(first);
    expect(after[0]?._id).toBe(before[1]?._id);
    await get()
      .db.updateTable('users')
      .set({ name: 'Renamed Author' })
      .where('id', '=', author.id)
      .execute();
    expect((await page(1))[0]?.user_name).toBe('Renamed Author');
  });
  it('names the prompt of an anonymous answer at once when it stops being the author’s own', async () => {
    // An anonymous answer to the author's own prompt hides the prompt (it would name them);
    // the cached page must follow a change to the prompts table too.
    const promptId = `own${Date.now()}`;
    await get()
      .db.insertInto('prompts')
      .values({
        id: promptId,
        user_id: author.id,
        created: new Date().toISOString(),
        title: 'A prompt only I wrote',
        type: 'paragraph',
        categories: '[]',
        status: 'approved',
      })
      .execute();
    const id = await sharedAnswerOf(app, author, { anonymous: true });
    await get()
      .db.updateTable('answers')
      .set({
        prompt_id: promptId,
        prompt_title: 'A prompt only I wrote',
        shared_on: '2100-01-01T00:00:00.000Z',
      })
      .where('id', '=', id)
      .execute();
    // Read once that hour has passed: an anonymous share joins the world after it (decision 057).
    const later = () => atClock('2100-01-01T01:00:01.000Z', () => page(1));
    expect((await later())[0]).toMatchObject({ _id: id, prompt_id: null, prompt_title: '' });
    await get()
      .db.updateTable('prompts')
      .set({ user_id: reader.id })
      .where('id', '=', promptId)
      .execute();
    expect((await later())[0]).toMatchObject({ _id: id, prompt_id: promptId });
  });
});
