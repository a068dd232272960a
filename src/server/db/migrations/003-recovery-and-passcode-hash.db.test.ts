import { pbkdf2Sync } from 'node:crypto';
import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { passcodeLockOf } from '#server/features/users/passcode-hash.ts';
import { unique } from '#tests/support/factories.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { down, up } from './003-recovery-and-passcode-hash.ts';

// Existing clear passcodes become hashes and the clear column goes, on both databases.

type OldUsers = {
  users: {
    id: string;
    name: string;
    started: string;
    categories: string;
    created_at: string;
    code: string | null;
  };
};

describeEachDatabase('migration 003 hashes the clear passcodes', (get) => {
  it('hashes every 4-digit code, drops bad ones and the clear column', async () => {
    const db = get().db as unknown as Kysely<unknown>;
    await down(db);
    const old = db as unknown as Kysely<OldUsers>;
    const now = new Date().toISOString();
    const ids = { four: unique('u'), none: unique('u'), broken: unique('u') };
    const codes = { [ids.four]: '5831', [ids.none]: null, [ids.broken]: 'abcd' };
    await old
      .insertInto('users')
      .values(
        Object.entries(codes).map(([id, code]) => ({
          id,
          name: '',
          started: now.slice(0, 10),
          categories: '[]',
          created_at: now,
          code,
        })),
      )
      .execute();

    await up(db);

    const rows = await get()
      .db.selectFrom('users')
      .selectAll()
      .where('id', 'in', Object.keys(codes))
      .execute();
    expect(JSON.stringify(rows)).not.toContain('5831');
    for (const row of rows) expect(row).not.toHaveProperty('code');
    const byId = new Map(rows.map((row) => [row.id, row]));
    const lock = passcodeLockOf(byId.get(ids.four)?.passcode_hash ?? null);
    expect(lock).not.toBeNull();
    if (!lock) return;
    const derived = pbkdf2Sync(
      '5831',
      Buffer.from(lock.salt, 'base64'),
      lock.iterations,
      32,
      'sha256',
    );
    expect(derived.toString('base64')).toBe(lock.hash);
    expect(byId.get(ids.none)?.passcode_hash).toBeNull();
    expect(byId.get(ids.broken)?.passcode_hash).toBeNull();
  });
});
