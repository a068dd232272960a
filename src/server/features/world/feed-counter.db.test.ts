import { DatabaseSync } from 'node:sqlite';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database, postgresUrl } from '#server/db/database.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { buildUser, post, type TestUser } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/test-db.ts';
import { sharedAnswerOf } from '../answers/answer-fixtures.ts';
import { counterForVisitor } from './feed-counter.ts';

/** The first answer on page 1 of the world as a visitor (no session) gets it. */
async function firstOnVisitorsPage(app: FastifyInstance) {
  const response = await post(app, '/api/answer/shared', { page: 1 });
  expect(response.statusCode).toBe(200);
  return response.json().sharedAnswers[0] as { _id: string; user_name: string };
}

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

  const visitorSees = () => firstOnVisitorsPage(app);

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

// SQLite: a visitor's read asks the file for the counter, so another process's commit is seen
// at once, and a group whose COMMIT fails was never seen (reads go to a query-only connection).
describe('the feed counter on SQLite', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let author: TestUser;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    app = await buildTestApp(database.db);
    author = await buildUser(database.db);
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const visitorSees = () => firstOnVisitorsPage(app);

  it('shows a visitor what another process committed to the same file', async () => {
    const id = await sharedAnswerOf(app, author);
    expect(await visitorSees()).toMatchObject({ _id: id });
    const kept = await counterForVisitor(database.db);
    expect(await counterForVisitor(database.db)).toBe(kept);
    if (database.config.kind !== 'sqlite') throw new Error('expected SQLite');
    const other = new DatabaseSync(database.config.file);
    try {
      other.exec('PRAGMA busy_timeout = 5000');
      other.prepare('UPDATE users SET name = ? WHERE id = ?').run('Renamed Elsewhere', author.id);
    } finally {
      other.close();
    }
    expect(await counterForVisitor(database.db)).toBeGreaterThan(kept);
    expect(await visitorSees()).toMatchObject({ _id: id, user_name: 'Renamed Elsewhere' });
  });

  it('never shows a visitor the counter of a group whose COMMIT then fails', async () => {
    const before = await counterForVisitor(database.db);
    let seen: Promise<number> | null = null;
    // A group whose COMMIT fails: its foreign keys are checked only then (defer_foreign_keys),
    // and it holds a session of nobody. A visitor reads between its member's end and that COMMIT.
    const lost = inTransaction(database.db, async (trx) => {
      await sql`PRAGMA defer_foreign_keys = ON`.execute(trx);
      await sql`UPDATE feed_version SET n = n + 1 WHERE id = 1`.execute(trx);
      await sql`INSERT INTO sessions (token_hash, user_id, created_at, expires_at)
        VALUES ('lost-group', 'nobody-at-all', '2026-01-01', '2099-01-01')`.execute(trx);
      seen = counterForVisitor(database.db);
    });
    await expect(lost).rejects.toThrow(/FOREIGN KEY/);
    expect(await (seen as Promise<number> | null)).toBe(before);
    expect(await counterForVisitor(database.db)).toBe(before);
  });
});
