import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildUser, post } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { answerId, saveAnswerAs } from './answer-fixtures.ts';

// Issue 35 point 3: tags on an entry. Kept as written (once each, regardless of case), kept by
// a save that does not send them, changed by one that does, refused past their limits, and
// private: never on the world's card of a shared answer.

describeEachDatabase('answers: tags', (get) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(get().db);
  });
  afterAll(async () => {
    await app.close();
  });

  it('keeps tags as written, once each, and keeps them through a save that sends none', async () => {
    const user = await buildUser(get().db);
    const id = answerId();
    const saved = await saveAnswerAs(app, user, {
      _id: id,
      tags: ['#travel', ' Berlin  trip ', 'Travel'],
      base_revision: 0,
    });
    expect(saved.tags).toEqual(['travel', 'Berlin trip']);
    const again = await saveAnswerAs(app, user, {
      _id: id,
      text: 'one two three four five six seven',
      base_revision: saved.revision,
    });
    expect(again.tags).toEqual(['travel', 'Berlin trip']);
    const cleared = await saveAnswerAs(app, user, {
      _id: id,
      text: again.text,
      tags: [],
      base_revision: again.revision,
    });
    expect(cleared.tags).toEqual([]);
    const listed = await post(app, '/api/user/answers', { _id: user.id }, user);
    expect(listed.json().answers.find((a: { _id: string }) => a._id === id).tags).toEqual([]);
  });

  it('refuses more than 20 tags or a tag over 40 characters, and changes nothing', async () => {
    const user = await buildUser(get().db);
    const id = answerId();
    await saveAnswerAs(app, user, { _id: id, tags: ['kept'] });
    const save = (tags: string[]) =>
      post(
        app,
        '/api/answer/save',
        {
          answer: { _id: id, prompt_id: '', prompt_title: 'Journal', text: 'changed', tags },
        },
        user,
      );
    const many = await save(Array.from({ length: 21 }, (_, i) => `t${i}`));
    expect(many.statusCode).toBe(400);
    expect(many.json().error).toContain('at most 20 tags');
    const long = await save(['x'.repeat(41)]);
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toContain('at most 40 characters');
    const row = await get()
      .db.selectFrom('answers')
      .select(['tags', 'text'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.tags)).toEqual(['kept']);
    expect(row.text).not.toBe('changed');
  });

  it("never shows a shared answer's tags to the world", async () => {
    const author = await buildUser(get().db);
    const reader = await buildUser(get().db);
    const saved = await saveAnswerAs(app, author, { tags: ['private matter'] });
    const shared = await post(
      app,
      '/api/answer/share',
      { answer_id: saved._id, anonymous: false, user_id: author.id },
      author,
    );
    expect(shared.statusCode).toBe(200);
    const feed = await post(app, '/api/answer/shared', { page: 1 }, reader);
    expect(feed.body).toContain(saved._id);
    expect(feed.body).not.toContain('private matter');
    const visitor = await post(app, '/api/answer/shared', { page: 1 });
    expect(visitor.body).not.toContain('private matter');
  });
});
