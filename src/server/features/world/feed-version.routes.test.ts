import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildUser, post, type TestUser } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { saveAnswerAs, sharedAnswerOf } from '../answers/answer-fixtures.ts';
import { readFeedVersion } from './world.repo.ts';

// The feed's cached pages live until the change counter moves (migration 012, decision 030).
// The database moves it itself, in the writing transaction: every change to what the feed is
// made of must move it, on both databases, and a private save must not (or every save would
// throw the cached pages away).
describeEachDatabase('the feed’s change counter', (get) => {
  let app: FastifyInstance;
  let author: TestUser;
  let reader: TestUser;
  beforeAll(async () => {
    app = await buildTestApp(get().db);
    author = await buildUser(get().db);
    reader = await buildUser(get().db);
  });
  afterAll(async () => {
    await app.close();
  });

  /** The counter moves (true) or stays (false) across `change`. */
  const moves = async (change: () => Promise<unknown>): Promise<boolean> => {
    const before = await readFeedVersion(get().db);
    await change();
    return (await readFeedVersion(get().db)) !== before;
  };
  const ok = async (response: Promise<{ statusCode: number; body: string }>) => {
    const done = await response;
    expect(done.statusCode, done.body).toBe(200);
  };

  it('stays for private writes: a save, an edit, a score, a streak', async () => {
    const db = get().db;
    expect(await moves(() => saveAnswerAs(app, author))).toBe(false);
    const saved = await saveAnswerAs(app, author);
    expect(await moves(() => saveAnswerAs(app, author, { _id: saved._id, text: 'again' }))).toBe(
      false,
    );
    expect(
      await moves(() =>
        db.updateTable('users').set({ score: 99, streak: 3 }).where('id', '=', author.id).execute(),
      ),
    ).toBe(false);
  });

  it('moves for sharing, loving, flags aside, the world’s copy, unsharing and deleting', async () => {
    const saved = await saveAnswerAs(app, author);
    const share = () =>
      post(app, '/api/answer/share', { answer_id: saved._id, anonymous: false }, author);
    expect(await moves(() => ok(share()))).toBe(true);
    expect(
      await moves(() => ok(post(app, '/api/answer/like', { answer_id: saved._id }, reader))),
    ).toBe(true);
    expect(
      await moves(() => ok(post(app, '/api/answer/unlike', { answer_id: saved._id }, reader))),
    ).toBe(true);
    // A flag is the flagger's own mark, read per request: the shared rows do not change.
    expect(
      await moves(() => ok(post(app, '/api/answer/report', { answer_id: saved._id }, reader))),
    ).toBe(false);
    expect(
      await moves(() =>
        ok(
          post(
            app,
            '/api/answer/share/update',
            { answer_id: saved._id, text: 'The world sees this now' },
            author,
          ),
        ),
      ),
    ).toBe(true);
    expect(
      await moves(() => ok(post(app, '/api/answer/unshare', { answer_id: saved._id }, author))),
    ).toBe(true);
    expect(await moves(() => ok(share()))).toBe(true);
    expect(
      await moves(() => ok(post(app, '/api/answer/delete', { answer_id: saved._id }, author))),
    ).toBe(true);
  });

  it('moves when an author’s name or picture changes, or the account goes', async () => {
    const db = get().db;
    const leaving = await buildUser(db);
    await sharedAnswerOf(app, leaving);
    expect(
      await moves(() =>
        db
          .updateTable('users')
          .set({ name: 'Another Name' })
          .where('id', '=', leaving.id)
          .execute(),
      ),
    ).toBe(true);
    expect(
      await moves(() =>
        db
          .updateTable('users')
          .set({ profile_picture: '/media/pictures/x.webp' })
          .where('id', '=', leaving.id)
          .execute(),
      ),
    ).toBe(true);
    expect(await moves(() => db.deleteFrom('users').where('id', '=', leaving.id).execute())).toBe(
      true,
    );
  });

  it('moves when a prompt is added, changed or removed (an anonymous answer may name it)', async () => {
    const db = get().db;
    const id = `fv${Date.now()}`;
    expect(
      await moves(() =>
        db
          .insertInto('prompts')
          .values({
            id,
            user_id: author.id,
            created: new Date().toISOString(),
            title: 'Counted',
            type: 'paragraph',
            categories: '[]',
            status: 'approved',
          })
          .execute(),
      ),
    ).toBe(true);
    expect(
      await moves(() =>
        db.updateTable('prompts').set({ user_id: reader.id }).where('id', '=', id).execute(),
      ),
    ).toBe(true);
    expect(await moves(() => db.deleteFrom('prompts').where('id', '=', id).execute())).toBe(true);
  });
});
