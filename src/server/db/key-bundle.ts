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
