import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildUser, post, type TestUser, todayFields } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { answerId, saveAnswerAs } from './answer-fixtures.ts';
import { conflictCopyId } from './answers.service.ts';

// Decision 013: a save carries the revision it was written from, and a save from an older
// revision never replaces newer text — online it is refused with 409 and the current answer,
// in the offline sync the server keeps its text and the offline text becomes a separate answer.

describeEachDatabase('answers: revisions and conflicts', (get) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(get().db);
  });
  afterAll(async () => {
    await app.close();
  });

  const stored = (id: string) =>
    get().db.selectFrom('answers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const scoreOf = async (userId: string) =>
    Number(
      (
        await get()
          .db.selectFrom('users')
          .select('score')
          .where('id', '=', userId)
          .executeTakeFirstOrThrow()
      ).score,
    );
  const save = (user: TestUser, id: string, text: string, base_revision?: number) =>
    post(
      app,
      '/api/answer/save',
      {
        answer: { _id: id, prompt_id: null, prompt_title: 'Nov 23, 2026', text, base_revision },
      },
      user,
    );

  it('starts at revision 1 and bumps it on every save from the current revision', async () => {
    const me = await buildUser(get().db);
    const id = answerId();
    const first = await save(me, id, 'A', 0);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().answer).toMatchObject({ _id: id, text: 'A', revision: 1 });
    const second = await save(me, id, 'A then B', 1);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().answer).toMatchObject({ text: 'A then B', revision: 2 });
    expect(await stored(id)).toMatchObject({ text: 'A then B', revision: 2 });
  });

  it('refuses a save from an older revision with 409 and the current text, changing nothing', async () => {
    const me = await buildUser(get().db);
    const id = answerId();
    expect((await save(me, id, 'A', 0)).statusCode).toBe(200); // the laptop writes A
    expect((await save(me, id, 'A … B from the phone', 1)).statusCode).toBe(200); // the phone
    const before = await stored(id);
    const scoreBefore = await scoreOf(me.id);

    // The laptop's stale copy, written from revision 1.
    const stale = await save(me, id, 'A and more from the laptop', 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: 'This answer was changed on another device',
      answer: { _id: id, text: 'A … B from the phone', revision: 2 },
    });
    expect(await stored(id)).toEqual(before);
    expect(await scoreOf(me.id)).toBe(scoreBefore);

    // "I think it is new" (base 0) for an answer that exists is just as stale.
    expect((await save(me, id, 'a new answer with this id', 0)).statusCode).toBe(409);
    expect(await stored(id)).toEqual(before);

    // From the current revision the same device may save, and the revision moves on.
    const current = await save(me, id, 'A … B, and C from the laptop', 2);
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json().answer).toMatchObject({ revision: 3 });
  });

  it('lets exactly one of two saves from the same revision through when they race', async () => {
    const me = await buildUser(get().db);
    const id = answerId();
    await save(me, id, 'A', 0);
    const [laptop, phone] = await Promise.all([
      save(me, id, 'A from the laptop', 1),
      save(me, id, 'A from the phone', 1),
    ]);
    expect([laptop.statusCode, phone.statusCode].sort()).toEqual([200, 409]);
    const winner = laptop.statusCode === 200 ? laptop : phone;
    const loser = laptop.statusCode === 200 ? phone : laptop;
    expect(loser.json().answer).toEqual(winner.json().answer);
    expect(await stored(id)).toMatchObject({ text: winner.json().answer.text, revision: 2 });
  });

  it('answers 200 without a change when a stale save carries the text already stored', async () => {
    const me = await buildUser(get().db);
    const id = answerId();
    await save(me, id, 'same words', 0);
    await save(me, id, 'same words', 1); // from the current revision: saved, revision 2
    // e.g. a save whose answer never arrived, sent again: nothing to refuse, nothing changes.
    const replay = await save(me, id, 'same words', 0);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().answer).toMatchObject({ text: 'same words', revision: 2 });
  });

  it('keeps a tag change sent from a revision whose answer was lost: the same words, new tags', async () => {
    const me = await buildUser(get().db);
    const id = answerId();
    await save(me, id, 'a walk by the river', 0); // saved (revision 1); its answer never came
    // The device, still at base 0, only tags the entry: not a replay, the tags are new.
    const tagging = {
      answer: {
        _id: id,
        prompt_id: null,
        prompt_title: 'Nov 23, 2026',
        text: 'a walk by the river',
        tags: ['walks'],
        base_revision: 0,
      },
    };
    const tagged = await post(app, '/api/answer/save', tagging, me);
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect(tagged.json().answer).toMatchObject({ tags: ['walks'], revision: 2 });
    expect(JSON.parse((await stored(id)).tags)).toEqual(['walks']);
    // Sent again, it is a replay: nothing moves.
    const again = await post(app, '/api/answer/save', tagging, me);
    expect(again.json().answer).toMatchObject({ tags: ['walks'], revision: 2 });
  });

  it('saves as before (last write wins) when a client sends no base revision', async () => {
    const me = await buildUser(get().db);
    const saved = await saveAnswerAs(app, me, { text: 'first' });
    const again = await saveAnswerAs(app, me, { _id: saved._id, text: 'second' });
    expect(again).toMatchObject({ text: 'second', revision: 2 });
  });

  it('fetches one answer fresh for its author only', async () => {
    const [me, other] = await Promise.all([buildUser(get().db), buildUser(get().db)]);
    const id = answerId();
    await save(me, id, 'mine', 0);
    const mine = await post(app, '/api/answer/get', { answer_id: id }, me);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().answer).toMatchObject({ _id: id, text: 'mine', revision: 1 });
    const theirs = await post(app, '/api/answer/get', { answer_id: id }, other);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('mine');
    expect((await post(app, '/api/answer/get', { answer_id: 'no such!' }, me)).statusCode).toBe(
      400,
    );
  });

  it('offline sync from an older revision keeps the server text and the offline text as a copy', async () => {
    const me = await buildUser(get().db);
    const id = answerId();
    await save(me, id, 'A', 0);
    await save(me, id, 'A … B from the phone', 1);
    const offlineText = 'A, then words written on the laptop without a network';
    const record = {
      user_id: me.id,
      offline: {
        beenOffline: true,
        answered: [
          {
            _id: id,
            prompt_id: null,
            prompt_title: 'Nov 23, 2026',
            text: offlineText,
            modified: new Date(Date.now() + 60_000).toISOString(), // newer clock: must not matter
            base_revision: 1,
          },
        ],
      },
      ...todayFields(),
    };
    const synced = await post(app, '/api/offline/save', record, me);
    expect(synced.statusCode, synced.body).toBe(200);
    const copyId = conflictCopyId(id, offlineText);
    expect(synced.json().copies).toEqual([{ answer_id: id, copy_id: copyId }]);
    expect(await stored(id)).toMatchObject({ text: 'A … B from the phone', revision: 2 });
    expect(await stored(copyId)).toMatchObject({ text: offlineText, user_id: me.id });
    const texts = synced.json().answers.map((a: { text: string }) => a.text);
    expect(texts).toEqual(expect.arrayContaining(['A … B from the phone', offlineText]));
    const score = await scoreOf(me.id);

    // A replay finds the same copy: nothing doubles.
    const replay = await post(app, '/api/offline/save', record, me);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().answers).toHaveLength(2);
    expect(await scoreOf(me.id)).toBe(score);
  });

  it('offline sync from the current revision applies, and its replay changes nothing', async () => {
    const me = await buildUser(get().db);
    const id = answerId();
    await save(me, id, 'A', 0);
    const record = {
      user_id: me.id,
      offline: {
        beenOffline: true,
        answered: [
          { _id: id, prompt_id: null, prompt_title: 'T', text: 'A, B offline', base_revision: 1 },
        ],
      },
      ...todayFields(),
    };
    const synced = await post(app, '/api/offline/save', record, me);
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json().copies).toEqual([]);
    expect(await stored(id)).toMatchObject({ text: 'A, B offline', revision: 2 });
    const replay = await post(app, '/api/offline/save', record, me);
    expect(replay.json().answers).toHaveLength(1);
    expect(await stored(id)).toMatchObject({ text: 'A, B offline', revision: 2 });
  });
});
