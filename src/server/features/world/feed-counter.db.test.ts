import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database, postgresUrl } from '#server/db/database.ts';
import { buildUser, post, type TestUser } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/test-db.ts';
import { sharedAnswerOf } from '../answers/answer-fixtures.ts';
import { counterForVisitor } from './feed-counter.ts';

// PostgreSQL: visitors are served the page cached under the change counter heard by NOTIFY
// (decision 030). A change another instance commits reaches them that way, with no signed-in
// read in between to refresh the cache; a change this instance makes reaches them at once.
describe.skipIf(!process.env.TEST_DATABASE_URL)('the feed counter heard by NOTIFY', () => {
  let database: TestDatabase;
  let other: Database;
  let app: FastifyInstance;
  let author: TestUser;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    app = await buildTestApp(database.db);
    // Another instance: a pool of its own on the same database.
    other = createDatabase({ kind: 'postgres', url: postgresUrl(database.db) as string });
    author = await buildUser(database.db);
  });
  afterAll(async () => {
    await app.close();
    await other.destroy();
    await database.drop();
  });

  const visitorSees = async () => {
    const response = await post(app, '/api/answer/shared', { page: 1 });
    expect(response.statusCode).toBe(200);
    return response.json().sharedAnswers[0] as { _id: string; user_name: string };
  };

  it('hears another instance’s change and serves visitors the new page', async () => {
    const id = await sharedAnswerOf(app, author);
    expect(await visitorSees()).toMatchObject({ _id: id });
    // Heard: the counter a visitor is served under needs no query once nothing of ours is new.
    await expect.poll(() => counterForVisitor(database.db)).toBeGreaterThan(0);
    await other
      .updateTable('users')
      .set({ name: 'Renamed Elsewhere' })
      .where('id', '=', author.id)
      .execute();
    await expect
      .poll(async () => (await visitorSees()).user_name, { timeout: 5_000 })
      .toBe('Renamed Elsewhere');
  });

  it('shows a visitor what this instance just wrote, without waiting to hear it', async () => {
    const before = await visitorSees();
    const id = await sharedAnswerOf(app, author);
    expect(before._id).not.toBe(id);
    expect((await visitorSees())._id).toBe(id);
  });
});
