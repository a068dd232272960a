import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildUser, post, type TestUser } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { saveAnswerAs } from '../answers/answer-fixtures.ts';

// The `answered` ids of /api/user are cached between changes to the answers table (decision
// 018): every save, delete and merge must show in the very next read.
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
});
