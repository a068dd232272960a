import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { buildUser, unique } from '#tests/support/factories.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { down, up } from './015-public-record.ts';

// Issue 34 point 3: anonymous shares already in the world take their place by the hour, and the
// public record is kept from the first change of a day — on a database that had rows before.

describeEachDatabase('migration 015 keeps a public record and places anonymous shares', (get) => {
  it('moves existing anonymous shares to their hour, named ones stay, and keeps yesterday', async () => {
    const db = get().db;
    const author = await buildUser(db);
    await down(db as unknown as Kysely<unknown>);
    const answer = (anonymous: boolean) => ({
      id: unique('a'),
      user_id: author.id,
      prompt_id: null,
      prompt_title: '',
      answered: '2026-11-20T14:03:40.123Z',
      modified: '2026-11-20T14:03:40.123Z',
      text: 'one two three',
      type: 'paragraph',
      categories: '[]',
      shared: 1,
      shared_on: '2026-11-20T14:03:40.123Z',
      anonymous: anonymous ? 1 : 0,
      likes: 1,
      score: 1,
      profile_picture: null,
      shared_text: 'one two three',
    });
    const [hidden, named] = [answer(true), answer(false)];
    await db.insertInto('answers').values([hidden, named]).execute();

    await up(db as unknown as Kysely<unknown>);

    const placed = await db
      .selectFrom('answers')
      .select(['id', 'shared_on'])
      .where('id', 'in', [hidden.id, named.id])
      .execute();
    expect(new Map(placed.map((row) => [row.id, row.shared_on]))).toEqual(
      new Map([
        [hidden.id, '2026-11-20T14:00:00.000Z'],
        [named.id, '2026-11-20T14:03:40.123Z'],
      ]),
    );

    // The first change of the day keeps what stood before it; later ones keep nothing more.
    const read = () =>
      db
        .selectFrom('users')
        .select(['score', 'public_score', 'public_day'])
        .where('id', '=', author.id)
        .executeTakeFirstOrThrow();
    await db.updateTable('users').set({ score: 5 }).where('id', '=', author.id).execute();
    const first = await read();
    expect(first).toMatchObject({ score: 5, public_score: 0 });
    expect(first.public_day).toBe(new Date().toISOString().slice(0, 10));
    await db.updateTable('users').set({ score: 9 }).where('id', '=', author.id).execute();
    expect(await read()).toMatchObject({ score: 9, public_score: 0 });
  });
});
