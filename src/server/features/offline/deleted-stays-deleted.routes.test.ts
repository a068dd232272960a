import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildUser, post, type TestUser, todayFields, unique } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';

// Issue 13 point 8: deleted stays deleted, and a client clock cannot win every later edit.
function answer(id: string, text: string, modified: string) {
  return {
    _id: id,
    prompt_id: 'seed-life-01',
    prompt_title: 'Life',
    text,
    answered: modified,
    modified,
  };
}

describeEachDatabase('deleted stays deleted', (get) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(get().db);
  });
  afterAll(async () => {
    await app.close();
  });

  const sync = (user: TestUser, offline: Record<string, unknown>) =>
    post(app, '/api/offline/save', { user_id: user.id, offline, ...todayFields() }, user);
  const stored = (id: string) =>
    get().db.selectFrom('answers').selectAll().where('id', '=', id).executeTakeFirst();

  it('an offline record cannot bring back an answer deleted online after it was written', async () => {
    const me = await buildUser(get().db);
    const id = unique('ans');
    const saved = await post(
      app,
      '/api/answer/save',
      { answer: answer(id, 'first words', new Date().toISOString()) },
      me,
    );
    expect(saved.statusCode).toBe(200);
    // Edited on a device that is offline…
    const offlineEdit = answer(id, 'edited while offline', new Date().toISOString());
    // …while another device deletes it.
    expect((await post(app, '/api/answer/delete', { answer_id: id }, me)).statusCode).toBe(200);

    const response = await sync(me, { beenOffline: true, answered: [offlineEdit] });
    expect(response.statusCode).toBe(200);
    expect(response.json().answers.map((a: { _id: string }) => a._id)).not.toContain(id);
    expect(await stored(id)).toBeUndefined();
    // A stale tab saving it again is told it is gone.
    const again = await post(app, '/api/answer/save', { answer: offlineEdit }, me);
    expect(again.statusCode).toBe(410);
    expect(await stored(id)).toBeUndefined();
    // So is one whose editor believes it new (base_revision 0: its insert goes first).
    const asNew = await post(
      app,
      '/api/answer/save',
      { answer: { ...offlineEdit, base_revision: 0 } },
      me,
    );
    expect(asNew.statusCode).toBe(410);
    expect(await stored(id)).toBeUndefined();
    const user = (await post(app, '/api/user', {}, me)).json().user;
    expect(user.score).toBe(0);
  });

  it('an offline deletion leaves a tombstone too', async () => {
    const me = await buildUser(get().db);
    const id = unique('ans');
    const written = answer(id, 'soon deleted offline', new Date().toISOString());
    expect((await post(app, '/api/answer/save', { answer: written }, me)).statusCode).toBe(200);
    expect((await sync(me, { beenOffline: true, deleted: [id] })).statusCode).toBe(200);
    const later = answer(id, 'an older device still had it', new Date().toISOString());
    expect((await sync(me, { beenOffline: true, answered: [later] })).statusCode).toBe(200);
    expect(await stored(id)).toBeUndefined();
    const tombstone = await get()
      .db.selectFrom('deleted_answers')
      .selectAll()
      .where('answer_id', '=', id)
      .executeTakeFirst();
    expect(tombstone?.user_id).toBe(me.id);
  });

  it('a client time in the future is clamped, so a later edit still wins', async () => {
    const me = await buildUser(get().db);
    const id = unique('ans');
    const future = new Date(Date.now() + 20 * 3_600_000).toISOString();
    expect(
      (await sync(me, { beenOffline: true, answered: [answer(id, 'from the future', future)] }))
        .statusCode,
    ).toBe(200);
    const first = await stored(id);
    expect(Date.parse(first?.modified ?? '')).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(first?.answered ?? '')).toBeLessThanOrEqual(Date.now());

    // A later edit from a device with a right clock (sent a moment after the first).
    await new Promise((resolve) => setTimeout(resolve, 5));
    const later = answer(id, 'a later edit', new Date().toISOString());
    expect((await sync(me, { beenOffline: true, answered: [later] })).statusCode).toBe(200);
    expect((await stored(id))?.text).toBe('a later edit');
  });
});
