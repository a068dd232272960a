import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_ANSWER_TEXT } from '#shared/api/common.ts';
import { buildUser, post } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { answerId, saveAnswerAs } from './answer-fixtures.ts';

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

describeEachDatabase('answers: save, delete, list', (get) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(get().db);
  });
  afterAll(async () => {
    await app.close();
  });

  const scoreOf = async (userId: string) => {
    const row = await get()
      .db.selectFrom('users')
      .select('score')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.score);
  };
  const storedAnswer = (id: string) =>
    get().db.selectFrom('answers').selectAll().where('id', '=', id).executeTakeFirst();

  it('saves an anonymous user’s answer and presents it', async () => {
    const user = await buildUser(get().db, { name: '' });
    const id = answerId();
    const answer = await saveAnswerAs(app, user, {
      _id: id,
      text: words(9),
      categories: ['Life'],
      user_id: user.id,
    });
    expect(answer).toMatchObject({
      _id: id,
      user_id: user.id,
      user_name: '',
      prompt_id: 'seed-life-01',
      text: words(9),
      type: 'paragraph',
      categories: ['Life'],
      shared: false,
      sharedOn: null,
      anonymous: false,
      likes: 0,
      likers: [],
      reported: false,
      score: 3,
      profilePicture: null,
    });
    expect(Date.parse(answer.answered)).not.toBeNaN();
    expect(await scoreOf(user.id)).toBe(3);
  });

  it('adds only the difference on a re-save and takes the score back on delete', async () => {
    const user = await buildUser(get().db);
    const id = answerId();
    await saveAnswerAs(app, user, { _id: id, text: words(30) }); // 10
    const other = await saveAnswerAs(app, user, { text: words(6) }); // 2
    expect(await scoreOf(user.id)).toBe(12);
    const resaved = await saveAnswerAs(app, user, { _id: id, text: words(15) }); // 5
    expect(resaved.score).toBe(5);
    expect(await scoreOf(user.id)).toBe(7);
    await saveAnswerAs(app, user, { _id: id, text: words(15) }); // unchanged text: +0
    expect(await scoreOf(user.id)).toBe(7);
    await saveAnswerAs(app, user, { _id: id, text: '' }); // shorter: negative difference
    expect(await scoreOf(user.id)).toBe(2);
    await saveAnswerAs(app, user, { _id: id, text: words(3) });
    expect(await scoreOf(user.id)).toBe(3);

    const deleted = await post(app, '/api/answer/delete', { answer_id: id }, user);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
    expect(await storedAnswer(id)).toBeUndefined();
    expect(await scoreOf(user.id)).toBe(2);
    await post(app, '/api/answer/delete', { answer_id: other._id }, user);
    expect(await scoreOf(user.id)).toBe(0);
  });

  it('ignores server-owned fields and keeps the first save’s answered time', async () => {
    const user = await buildUser(get().db);
    const id = answerId();
    const first = await saveAnswerAs(app, user, {
      _id: id,
      text: words(3),
      answered: '2024-01-02T03:04:05.000Z',
      modified: '2024-01-02T03:04:05.000Z',
      likes: 999,
      shared: true,
      sharedOn: '2024-01-01T00:00:00.000Z',
      anonymous: true,
      reported: true,
      score: 5000,
      likers: ['someone'],
      user_name: 'Impostor',
      profilePicture: 'https://evil.example/p.png',
    });
    expect(first).toMatchObject({
      answered: '2024-01-02T03:04:05.000Z',
      modified: '2024-01-02T03:04:05.000Z',
      likes: 0,
      shared: false,
      sharedOn: null,
      anonymous: false,
      reported: false,
      score: 1,
      likers: [],
      user_name: user.name,
      profilePicture: null,
    });
    expect(await scoreOf(user.id)).toBe(1);
    const again = await saveAnswerAs(app, user, {
      _id: id,
      text: words(6),
      answered: '2025-05-05T00:00:00.000Z',
      modified: 'not a date',
    });
    expect(again.answered).toBe('2024-01-02T03:04:05.000Z');
    expect(Date.now() - Date.parse(again.modified)).toBeLessThan(60_000);
  });

  it('uses now for an answered time far in the future or malformed', async () => {
    const user = await buildUser(get().db);
    for (const answered of ['2999-01-01T00:00:00.000Z', 'soon', 12345]) {
      const answer = await saveAnswerAs(app, user, { answered });
      expect(Math.abs(Date.now() - Date.parse(answer.answered))).toBeLessThan(60_000);
    }
  });

  it('needs a session', async () => {
    const response = await post(app, '/api/answer/save', {
      answer: { _id: answerId(), prompt_title: 'x', text: 'x' },
    });
    expect(response.statusCode).toBe(401);
    expect((await post(app, '/api/answer/delete', { answer_id: 'x' })).statusCode).toBe(401);
    expect((await post(app, '/api/user/answers', {})).statusCode).toBe(401);
  });

  it('refuses a user_id that is not the caller and changes nothing', async () => {
    const [user, other] = await Promise.all([buildUser(get().db), buildUser(get().db)]);
    const id = answerId();
    const response = await post(
      app,
      '/api/answer/save',
      { answer: { _id: id, prompt_title: 'x', text: words(9), user_id: other.id } },
      user,
    );
    expect(response.statusCode).toBe(403);
    expect(await storedAnswer(id)).toBeUndefined();
    expect(await scoreOf(user.id)).toBe(0);
  });

  it('answers someone else’s answer id with 404 and leaves it alone', async () => {
    const [owner, intruder] = await Promise.all([buildUser(get().db), buildUser(get().db)]);
    const mine = await saveAnswerAs(app, owner, { text: words(9) });
    const overwrite = await post(
      app,
      '/api/answer/save',
      { answer: { _id: mine._id, prompt_title: 'mine now', text: words(60) } },
      intruder,
    );
    expect(overwrite.statusCode).toBe(404);
    const remove = await post(app, '/api/answer/delete', { answer_id: mine._id }, intruder);
    expect(remove.statusCode).toBe(404);
    const stored = await storedAnswer(mine._id);
    expect(stored).toMatchObject({ user_id: owner.id, text: words(9), score: 3 });
    expect(await scoreOf(owner.id)).toBe(3);
    expect(await scoreOf(intruder.id)).toBe(0);
    const unknown = await post(app, '/api/answer/delete', { answer_id: answerId() }, owner);
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses bad bodies with 400', async () => {
    const user = await buildUser(get().db);
    const valid = { _id: answerId(), prompt_title: 't', text: 'x' };
    const bodies: unknown[] = [
      {},
      { answer: null },
      { answer: 'text' },
      { answer: { ...valid, _id: undefined } },
      { answer: { ...valid, _id: 'has space' } },
      { answer: { ...valid, _id: 'x'.repeat(65) } },
      { answer: { ...valid, text: 42 } },
      { answer: { ...valid, text: undefined } },
      { answer: { ...valid, prompt_title: undefined } },
      { answer: { ...valid, categories: 'Life' } },
      { answer: { ...valid, prompt_id: '../etc' } },
      // PostgreSQL cannot store NUL: refused on both databases alike.
      { answer: { ...valid, text: 'a\u0000b' } },
      { answer: { ...valid, prompt_title: '\u0000' } },
      { answer: { ...valid, type: 'para\u0000' } },
      { answer: { ...valid, categories: ['Li\u0000fe'] } },
    ];
    for (const body of bodies) {
      const response = await post(app, '/api/answer/save', body, user);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toEqual(expect.any(String));
    }
    for (const body of [{}, { answer_id: '' }, { answer_id: 5 }]) {
      expect((await post(app, '/api/answer/delete', body, user)).statusCode).toBe(400);
    }
    const stored = await get()
      .db.selectFrom('answers')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toEqual([]);
  });

  it('accepts text up to the maximum and refuses one character more', async () => {
    const user = await buildUser(get().db);
    const atMax = await saveAnswerAs(app, user, { text: 'a'.repeat(MAX_ANSWER_TEXT) });
    expect(atMax.text).toHaveLength(MAX_ANSWER_TEXT);
    const id = answerId();
    const over = await post(
      app,
      '/api/answer/save',
      { answer: { _id: id, prompt_title: 't', text: 'a'.repeat(MAX_ANSWER_TEXT + 1) } },
      user,
    );
    expect(over.statusCode).toBe(400);
    expect(over.json().error).toMatch(/text/);
    expect(await storedAnswer(id)).toBeUndefined();
  });

  it('lists only the caller’s answers, newest first', async () => {
    const [user, other] = await Promise.all([buildUser(get().db), buildUser(get().db)]);
    const older = await saveAnswerAs(app, user, { answered: '2024-01-01T00:00:00.000Z' });
    const newer = await saveAnswerAs(app, user, { answered: '2024-02-01T00:00:00.000Z' });
    const journal = await saveAnswerAs(app, user, { prompt_id: '', prompt_title: 'Mar 5, 2024' });
    await saveAnswerAs(app, other);
    for (const body of [{}, { _id: user.id }]) {
      const response = await post(app, '/api/user/answers', body, user);
      expect(response.statusCode).toBe(200);
      const { answers } = response.json();
      expect(answers.map((a: { _id: string }) => a._id)).toEqual([
        journal._id,
        newer._id,
        older._id,
      ]);
      expect(answers[0].prompt_id).toBeNull();
    }
    const bare = await app.inject({
      method: 'POST',
      url: '/api/user/answers',
      headers: { cookie: user.cookie },
    });
    expect(bare.statusCode).toBe(200);
    expect(bare.json().answers).toHaveLength(3);
    const foreign = await post(app, '/api/user/answers', { _id: other.id }, user);
    expect(foreign.statusCode).toBe(404);
  });

  // The save answers from what its own transaction read and wrote, not from a second read after
  // it: what it sends must be what a fresh read shows the author, field for field.
  it('answers each save with the answer exactly as a fresh read shows it to its author', async () => {
    const [author, reader, other] = await Promise.all([
      buildUser(get().db),
      buildUser(get().db),
      buildUser(get().db),
    ]);
    await get()
      .db.updateTable('users')
      .set({ profile_picture: 'data:image/webp;base64,UklGRg==' })
      .where('id', '=', author.id)
      .execute();
    const fresh = async (id: string) =>
      (await post(app, '/api/answer/get', { answer_id: id }, author)).json().answer;

    const created = await saveAnswerAs(app, author, { base_revision: 0 });
    expect(created).toMatchObject({ user_name: author.name, revision: 1 });
    expect(created).toEqual(await fresh(created._id));

    // Shared by name with the author's picture, loved by two others, flagged by one of them.
    const shared = await post(
      app,
      '/api/answer/share',
      { answer_id: created._id, anonymous: false },
      author,
    );
    expect(shared.statusCode, shared.body).toBe(200);
    for (const lover of [reader, other]) {
      const loved = await post(
        app,
        '/api/answer/like',
        { answer_id: created._id, user_id: lover.id },
        lover,
      );
      expect(loved.statusCode, loved.body).toBe(200);
    }
    const flagged = await post(app, '/api/answer/report', { answer_id: created._id }, reader);
    expect(flagged.statusCode, flagged.body).toBe(200);

    const edited = await saveAnswerAs(app, author, {
      _id: created._id,
      text: words(12),
      base_revision: created.revision,
    });
    expect(edited).toMatchObject({
      text: words(12),
      revision: 2,
      shared: true,
      // Sharing counts the author's own love (SPEC), then the two others'.
      likes: 3,
      likers: [author.id],
      reported: false,
      profilePicture: 'data:image/webp;base64,UklGRg==',
    });
    expect(edited).toEqual(await fresh(created._id));

    // Refused (decision 013): the answer it sends back is the current one, unchanged.
    const stale = await post(
      app,
      '/api/answer/save',
      {
        answer: {
          _id: created._id,
          prompt_title: 'What did today teach you?',
          text: words(2),
          base_revision: created.revision,
        },
      },
      author,
    );
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().answer).toEqual(await fresh(created._id));
  });
});
