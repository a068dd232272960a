import type { Database } from './database.ts';

// The account's encryption key bundle (migration 020, docs/ENCRYPTION.md), JSON the server keeps
// and cannot open: read by the encryption calls, and by saves to know encryption is on.

export async function readKeyBundle(db: Database, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('key_bundle')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.key_bundle ?? null;
}

/**
 * Takes the user's row lock for the rest of the transaction (a no-op UPDATE, as in
 * answer-queries.ts) and says whether encryption is on. A save of an encrypted entry asks last,
 * after its own writes, and turning encryption off asks first, before it looks for encrypted
 * entries: whichever comes second sees what the first committed.
 */
export async function lockKeyBundle(trx: Database, userId: string): Promise<boolean> {
  const row = await trx
    .updateTable('users')
    .set((eb) => ({ key_bundle: eb.ref('key_bundle') }))
    .where('id', '=', userId)
    .returning('key_bundle')
    .executeTakeFirst();
  return Boolean(row?.key_bundle);
}
