import { expect, it } from 'vitest';
import { answerInputSchema } from '#shared/api/answers.ts';
import { buildUser } from '#tests/support/factories.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { createDiskStorage } from '../pictures/picture-storage.ts';
import { inProcessWorldEvents } from '../world/world-events.ts';
import { answerId } from './answer-fixtures.ts';
import { deleteAnswerForUser, saveAnswerForUser } from './answers.service.ts';

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

// The offline sync reuses these directly, so they are tested without HTTP too.
describeEachDatabase('answers service (offline reuse)', (get) => {
  const worldEvents = inProcessWorldEvents();
  // Deleting an answer removes its photos' files too: none are made here.
  const pictures = createDiskStorage('/nonexistent-muse-data');
  const deps = () => ({ db: get().db, worldEvents, pictures });
  const input = (fields: Record<string, unknown>) =>
    answerInputSchema.parse({ prompt_title: 'A prompt', text: '', ...fields });
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

  it('onlyIfNewer: replaying the same record changes nothing and never double-counts', async () => {
    const user = await buildUser(get().db);
    const record = input({
      _id: answerId(),
      text: words(30),
      modified: '2024-03-01T10:00:00.000Z',
    });
    const first = await saveAnswerForUser(deps(), user, record, { onlyIfNewer: true });
    expect(first.changed).toBe(true);
    expect(first.answer).toMatchObject({ user_id: user.id, score: 10 });
    const replay = await saveAnswerForUser(deps(), user, record, { onlyIfNewer: true });
    expect(replay.changed).toBe(false);
    expect(replay.answer.score).toBe(10);
    expect(await scoreOf(user.id)).toBe(10);

    const older = input({ ...record, text: words(3), modified: '2024-02-01T00:00:00.000Z' });
    expect((await saveAnswerForUser(deps(), user, older, { onlyIfNewer: true })).changed).toBe(
      false,
    );
    const newer = input({ ...record, text: words(15), modified: '2024-03-02T00:00:00.000Z' });
    const applied = await saveAnswerForUser(deps(), user, newer, { onlyIfNewer: true });
    expect(applied).toMatchObject({ changed: true, answer: { text: words(15), score: 5 } });
    expect(await scoreOf(user.id)).toBe(5);
    // Without the option a save always writes (the online path: last write wins).
    expect((await saveAnswerForUser(deps(), user, older)).changed).toBe(true);
    expect(await scoreOf(user.id)).toBe(1);
  });

  it('refuses another user’s answer id with a 404 even for the sync', async () => {
    const [owner, other] = await Promise.all([buildUser(get().db), buildUser(get().db)]);
    const id = answerId();
    await saveAnswerForUser(deps(), owner, input({ _id: id, text: words(3) }));
    await expect(
      saveAnswerForUser(deps(), other, input({ _id: id, text: words(300) }), { onlyIfNewer: true }),
    ).rejects.toMatchObject({ statusCode: 404 });
    expect(await scoreOf(other.id)).toBe(0);
  });

  it('deleteAnswerForUser: true once for the owner, false for anyone else', async () => {
    const [owner, other] = await Promise.all([buildUser(get().db), buildUser(get().db)]);
    const id = answerId();
    await saveAnswerForUser(deps(), owner, input({ _id: id, text: words(9) }));
    expect(await deleteAnswerForUser(deps(), other, id)).toBe(false);
    expect(await deleteAnswerForUser(deps(), owner, id)).toBe(true);
    expect(await deleteAnswerForUser(deps(), owner, id)).toBe(false);
    expect(await scoreOf(owner.id)).toBe(0);
  });

  it('keeps the score exact when saves of one answer race', async () => {
    const user = await buildUser(get().db);
    const id = answerId();
    // 40 saves of the same new id at once, alternating lengths: whichever lands last, the
    // user's score must equal that final answer's score.
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        saveAnswerForUser(deps(), user, input({ _id: id, text: words(i % 2 === 0 ? 30 : 3) })),
      ),
    );
    const stored = await get()
      .db.selectFrom('answers')
      .select('score')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(await scoreOf(user.id)).toBe(Number(stored.score));
  });
});
