import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { buildUser, unique } from '#tests/support/factories.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { rekeyNames } from './005-access-hardening.ts';

// Migration 005 re-keys existing names (NFKC + case folding) without breaking the unique index.
describeEachDatabase('migration 005 name keys', (get) => {
  it('folds old lower-cased keys, and leaves a clash on its old key', async () => {
    const db = get().db;
    const base = unique('ada').toLowerCase();
    const wide = base.replace(/[a-z0-9]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
    const first = await buildUser(db, { name: wide.toUpperCase(), legacyName: true });
    const second = await buildUser(db, { name: base, legacyName: true });
    const alone = await buildUser(db, { name: `${unique('Zoë')}ﬁ`, legacyName: true });
    const keyOf = async (id: string) =>
      (
        await db
          .selectFrom('users')
          .select('name_key')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).name_key;
    expect(await keyOf(first.id)).toBe(wide);
    await rekeyNames(db as unknown as Kysely<unknown>);
    expect(await keyOf(second.id)).toBe(base);
    expect(await keyOf(first.id)).toBe(wide);
    expect(await keyOf(alone.id)).toBe(`${alone.name.slice(0, -1).toLowerCase()}fi`);
  });
});
