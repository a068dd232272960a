import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatabase } from '#server/db/database.ts';
import { buildUser, post, type TestUser } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { saveAnswerAs } from '../answers/answer-fixtures.ts';
import { findOwnedIdsJson } from './users.repo.ts';

// The `answered` ids of /api/user are kept under the person's owned_version, which the database
// bumps on every change of their ids (decision 032): every save, delete, merge and change of
// date must show in the very next read, whichever instance made it.
describeEachDatabase('own user record: the answered ids stay true', (get) => {
  let app: FastifyInstance;
  let user: TestUser;
  beforeAll(async () => {
    app = await buildTestApp(get().db);
    user = await buildUser(get().db);
  });
  afterAll(async () => {
    await app.close();
  });
  const answered = async (): Promise<string[]> => {
    const response = await post(app, '/api/user', {}, user);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().user.answered;
  };

  it('lists a new answer at once and drops a deleted one at once, oldest first', async () => {
    expect(await answered()).toEqual([]);
    const first = await saveAnswerAs(app, user, { answered: '2024-01-01T10:00:00.000Z' });
    expect(await answered()).toEqual([first._id]);
    const second = await saveAnswerAs(app, user, { answered: '2024-01-02T10:00:00.000Z' });
    expect(await answered()).toEqual([first._id, second._id]);
    const deleted = await post(app, '/api/answer/delete', { answer_id: first._id }, user);
    expect(deleted.statusCode).toBe(200);
    expect(await answered()).toEqual([second._id]);
  });

  it('sees an answer written outside the answer service (straight into the table)', async () => {
    const before = await answered();
    const id = `direct${Date.now()}`;
    await get()
      .db.insertInto('answers')
      .values({
        id,
        user_id: user.id,
        prompt_id: null,
        prompt_title: 'Journal',
        answered: '2030-01-01T00:00:00.000Z',
        modified: '2030-01-01T00:00:00.000Z',
        text: 'written elsewhere',
        type: 'paragraph',
        categories: '[]',
        shared: 0,
        shared_on: null,
        anonymous: 0,
        likes: 0,
        score: 1,
        profile_picture: null,
      })
      .execute();
    expect(await answered()).toEqual([...before, id]);
  });

  it('sees what another instance did, at the next read of this one', async () => {
    const otherDb = createDatabase(get().config);
    const otherApp = await buildTestApp(otherDb);
    // What the database holds now, read without any cache.
    const truth = async (person = user) =>
      JSON.parse((await findOwnedIdsJson(get().db, person.id)).answered) as string[];
    try {
      const before = await answered();
      const written = await saveAnswerAs(otherApp, user, {});
      const after = await answered();
      expect(after).toContain(written._id);
      expect(after).toEqual(await truth());
      // A new date moves an answer in the list: the oldest becomes the newest.
      const oldest = before[0] as string;
      await otherDb
        .updateTable('answers')
        .set({ answered: '2099-01-01T00:00:00.000Z' })
        .where('id', '=', oldest)
        .execute();
      const redated = await answered();
      expect(redated.at(-1)).toBe(oldest);
      expect(redated).toEqual(await truth());
      // Moved to another person (what a merge does).
      const someoneElse = await buildUser(get().db);
      await otherDb
        .updateTable('answers')
        .set({ user_id: someoneElse.id })
        .where('id', '=', written._id)
        .execute();
      expect(await answered()).not.toContain(written._id);
      const theirs = await post(app, '/api/user', {}, someoneElse);
      expect(theirs.json().user.answered).toEqual([written._id]);
      const deleted = await post(otherApp, '/api/answer/delete', { answer_id: oldest }, user);
      expect(deleted.statusCode).toBe(200);
      const last = await answered();
      expect(last).not.toContain(oldest);
      expect(last).toEqual(await truth());
    } finally {
      await otherApp.close();
      await otherDb.destroy();
    }
  });

  it('keeps the list while nothing of the person changes, whoever else writes', async () => {
    const before = await answered();
    const other = await buildUser(get().db);
    await saveAnswerAs(app, other, {});
    const version = async () =>
      (
        await get()
          .db.selectFrom('users')
          .select('owned_version')
          .where('id', '=', user.id)
          .executeTakeFirstOrThrow()
      ).owned_version;
    const unchanged = await version();
    await saveAnswerAs(app, other, {});
    expect(await version()).toBe(unchanged);
    expect(await answered()).toEqual(before);
  });
});
