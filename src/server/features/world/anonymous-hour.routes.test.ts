import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { FeedAnswer } from '#shared/api/world.ts';
import { WORLD_PAGE_SIZE } from '#shared/api/world.ts';
import { nextHour } from '#shared/domain/hour.ts';
import { realClock, setClock } from '#tests/support/clock.ts';
import { buildUser, post, type TestUser } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { saveAnswerAs, sharedAnswerOf } from '../answers/answer-fixtures.ts';

// Decision 057: an anonymous share joins the world on the hour after it was shared. A watcher
// polling any door sees nothing of it before then (so not its minute either), and sees it from
// the hour on; its author has it as shared at once. Each test lives in an hour of its own, ahead
// of the machine's clock: shared at :37, looked at one second before the hour and one after.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let hours = 0;

/** An hour of its own for each test, two hours ahead and on: its start, :37, :59:59 and the next. */
function anHour() {
  hours += 1;
  const start = Date.parse(nextHour(new Date().toISOString())) + (hours + 1) * HOUR;
  return {
    sharedAt: new Date(start + 37 * MINUTE),
    justBefore: new Date(start + HOUR - 1_000),
    justAfter: new Date(start + HOUR + 1_000),
  };
}

describeEachDatabase('an anonymous share joins the world on the hour', (get) => {
  let app: FastifyInstance;
  let author: TestUser;
  let watcher: TestUser;

  beforeAll(async () => {
    app = await buildTestApp(get().db);
    author = await buildUser(get().db);
    watcher = await buildUser(get().db);
  });
  afterEach(() => {
    realClock();
  });
  afterAll(async () => {
    await app.close();
  });

  const ok = async (url: string, body: unknown, who?: TestUser) => {
    const response = await post(app, url, body, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const feedIds = async (page: number, who?: TestUser): Promise<string[]> =>
    ((await ok('/api/answer/shared', { page }, who)).sharedAnswers as FeedAnswer[]).map(
      (a) => a._id,
    );

  it('is on no page of the feed, for visitors or the signed-in, until the hour; then it is', async () => {
    const { sharedAt, justBefore, justAfter } = anHour();
    setClock(sharedAt);
    const id = await sharedAnswerOf(app, author, { anonymous: true });
    // Ten named shares after it: at the hour it opens page 2 (the start of its hour is below them).
    for (let n = 0; n < WORLD_PAGE_SIZE; n += 1) await sharedAnswerOf(app, author);
    // The author has it as shared, at once.
    expect((await ok('/api/answer/get', { answer_id: id }, author)).answer.shared).toBe(true);

    setClock(justBefore);
    for (const who of [undefined, watcher, author]) {
      expect(await feedIds(1, who)).not.toContain(id);
      expect(await feedIds(2, who)).not.toContain(id);
    }

    setClock(justAfter);
    for (const who of [undefined, watcher]) {
      expect(await feedIds(1, who)).not.toContain(id);
      expect((await feedIds(2, who))[0]).toBe(id);
    }
  });

  it('a named share is in the feed at once, as before', async () => {
    const { sharedAt } = anHour();
    setClock(sharedAt);
    const id = await sharedAnswerOf(app, author);
    expect((await feedIds(1))[0]).toBe(id);
    expect((await feedIds(1, watcher))[0]).toBe(id);
  });

  it('no cached page outlives the hour, in either direction, though nothing else changed', async () => {
    const { sharedAt, justBefore, justAfter } = anHour();
    setClock(sharedAt);
    const id = await sharedAnswerOf(app, author, { anonymous: true });
    // Cached before the hour, for a visitor and for the signed-in (the guess they check).
    setClock(justBefore);
    expect(await feedIds(1)).not.toContain(id);
    expect(await feedIds(1, watcher)).not.toContain(id);
    // The hour turns with no write at all: the change counter has not moved.
    setClock(justAfter);
    expect(await feedIds(1)).toContain(id);
    expect(await feedIds(1, watcher)).toContain(id);
    // A reader whose clock is still before the hour is not served the page cached after it.
    setClock(justBefore);
    expect(await feedIds(1)).not.toContain(id);
    expect(await feedIds(1, watcher)).not.toContain(id);
  });

  it('is not under its prompt until the hour; then it is', async () => {
    const { sharedAt, justBefore, justAfter } = anHour();
    setClock(sharedAt);
    const id = await sharedAnswerOf(app, author, { anonymous: true });
    await saveAnswerAs(app, watcher);
    const underPrompt = async () =>
      (
        (await ok('/api/answer/shared', { page: 1, prompt_id: 'seed-life-01' }, watcher))
          .sharedAnswers as FeedAnswer[]
      ).map((a) => a._id);
    setClock(justBefore);
    expect(await underPrompt()).not.toContain(id);
    setClock(justAfter);
    expect(await underPrompt()).toContain(id);
  });

  it('cannot be loved, unloved, flagged or unflagged by id until the hour: 404, nothing stored', async () => {
    const { sharedAt, justBefore, justAfter } = anHour();
    setClock(sharedAt);
    const id = await sharedAnswerOf(app, author, { anonymous: true });
    const privateId = (await saveAnswerAs(app, author))._id;

    setClock(justBefore);
    for (const url of [
      '/api/answer/like',
      '/api/answer/unlike',
      '/api/answer/report',
      '/api/answer/unreport',
    ]) {
      const response = await post(app, url, { answer_id: id }, watcher);
      // What a private answer gets: nothing to tell the two apart.
      const forPrivate = await post(app, url, { answer_id: privateId }, watcher);
      expect([response.statusCode, response.json()]).toEqual([404, forPrivate.json()]);
    }
    const marks = async () => ({
      likes: await get()
        .db.selectFrom('likes')
        .select('user_id')
        .where('answer_id', '=', id)
        .execute(),
      reports: await get()
        .db.selectFrom('reports')
        .select('user_id')
        .where('answer_id', '=', id)
        .execute(),
    });
    expect(await marks()).toEqual({ likes: [{ user_id: author.id }], reports: [] });

    setClock(justAfter);
    const loved = (await ok('/api/answer/like', { answer_id: id }, watcher)).answer;
    expect(loved).toMatchObject({ _id: id, likes: 2, likers: [watcher.id] });
    await ok('/api/answer/report', { answer_id: id }, watcher);
    expect((await marks()).reports).toEqual([{ user_id: watcher.id }]);
    await ok('/api/answer/unreport', { answer_id: id }, watcher);
    await ok('/api/answer/unlike', { answer_id: id }, watcher);
    expect(await marks()).toEqual({ likes: [{ user_id: author.id }], reports: [] });
  });

  it('is kept from admins as from everyone until the hour: reported list, unshare, clear flags', async () => {
    const admin = await buildUser(get().db, { admin: true });
    const { sharedAt, justAfter } = anHour();
    setClock(sharedAt);
    const id = await sharedAnswerOf(app, author, { anonymous: true });
    // Flagged once in the world, taken back, shared anonymously again in the next hour: the
    // flag stays (it always has), the share waits for the hour after that one.
    setClock(justAfter);
    await ok('/api/answer/report', { answer_id: id }, watcher);
    await ok('/api/answer/unshare', { answer_id: id }, author);
    await ok('/api/answer/share', { answer_id: id, anonymous: true }, author);
    const reported = async () =>
      (
        (
          await app.inject({
            method: 'GET',
            url: '/api/answer/reported',
            headers: { cookie: admin.cookie },
          })
        ).json().reportedAnswers as FeedAnswer[]
      ).map((a) => a._id);
    expect(await reported()).not.toContain(id);
    for (const url of ['/api/admin/answer/unshare', '/api/admin/answer/clear-reports']) {
      expect((await post(app, url, { answer_id: id }, admin)).statusCode).toBe(404);
    }

    setClock(new Date(justAfter.getTime() + HOUR));
    expect(await reported()).toContain(id);
    await ok('/api/admin/answer/clear-reports', { answer_id: id }, admin);
    expect(await reported()).not.toContain(id);
  });
});
