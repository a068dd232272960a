import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { AnswerView } from '#server/db/answer-queries.ts';
import type { FeedAnswer } from '#shared/api/world.ts';
import { buildUser, post } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { joinedAnonymousShareOf, sharedAnswerOf } from '../answers/answer-fixtures.ts';

// Decision 025: what leaves the server is what the response schema lists. A presenter that
// leaks (here: made to leak on purpose) cannot reach a reader: an extra field is dropped, and
// an anonymous share that names its author is refused with a 500 rather than sent.

const leak = vi.hoisted(() => ({ mode: 'none' as 'none' | 'extra fields' | 'unmask' }));

vi.mock('./world.present.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('./world.present.ts')>();
  return {
    ...real,
    presentFeedAnswer(view: AnswerView, viewerId: string | null): FeedAnswer {
      const presented = real.presentFeedAnswer(view, viewerId);
      if (leak.mode === 'extra fields') {
        return Object.assign(presented, {
          password_hash: 'scrypt$leaked',
          email: 'x@leak.example',
        });
      }
      if (leak.mode === 'unmask' && presented.anonymous) {
        return { ...presented, user_id: view.user_id, user_name: view.author_name };
      }
      return presented;
    },
  };
});

const FEED_FIELDS = [
  '_id',
  'answered',
  'anonymous',
  'categories',
  'likers',
  'likes',
  'modified',
  'profilePicture',
  'prompt_id',
  'prompt_title',
  'reported',
  'score',
  'shared',
  'sharedOn',
  'text',
  'type',
  'user_id',
  'user_name',
].sort();

describeEachDatabase('response schemas: presenters cannot leak', (get) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(get().db);
  });
  afterAll(async () => {
    await app.close();
  });
  afterEach(() => {
    leak.mode = 'none';
  });

  it('drops a field the schema does not list (a password hash, an e-mail)', async () => {
    const author = await buildUser(get().db);
    const reader = await buildUser(get().db);
    const shared = await sharedAnswerOf(app, author);
    leak.mode = 'extra fields';

    const response = await post(app, '/api/answer/shared', { page: 1 }, reader);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain('scrypt$leaked');
    expect(response.body).not.toContain('leak.example');
    const answers: FeedAnswer[] = response.json().sharedAnswers;
    const mine = answers.find((answer) => answer._id === shared);
    expect(mine).toMatchObject({ user_id: author.id, user_name: author.name });
    for (const answer of answers) expect(Object.keys(answer).sort()).toEqual(FEED_FIELDS);

    // The same presenter answers a love: that answer is checked by its own schema too.
    const loved = await post(app, '/api/answer/like', { answer_id: shared }, reader);
    expect(loved.statusCode, loved.body).toBe(200);
    expect(Object.keys(loved.json().answer).sort()).toEqual(FEED_FIELDS);
  });

  it('refuses to send an anonymous share that names its author', async () => {
    const author = await buildUser(get().db);
    await joinedAnonymousShareOf(app, author);
    leak.mode = 'unmask';

    const response = await post(app, '/api/answer/shared', { page: 1 });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Something went wrong on our side' });
    expect(response.body).not.toContain(author.id);
    expect(response.body).not.toContain(author.name);

    leak.mode = 'none';
    const honest = await post(app, '/api/answer/shared', { page: 1 });
    expect(honest.statusCode).toBe(200);
    expect(honest.body).not.toContain(author.id);
  });
});
