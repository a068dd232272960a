import type { Database } from '#server/db/database.ts';
import { lockKeyBundle } from '#server/db/key-bundle.ts';
import { inTransaction } from '#server/db/transaction.ts';

// Setting the account's key bundle (migration 020); reading it is in db/key-bundle.ts.

/**
 * Sets the bundle; turning it off (null) only while none of the user's answers or photos is
 * encrypted. The user's row lock comes first and the look for encrypted ones after it, so an
 * encrypted save or photo racing the switch is either seen here or refused (db/key-bundle.ts).
 * False when refused.
 */
export async function writeKeyBundle(
  db: Database,
  userId: string,
  bundle: string | null,
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    await lockKeyBundle(trx, userId);
    if (bundle === null) {
      const encrypted = await trx
        .selectFrom('answers')
        .select('id')
        .where('user_id', '=', userId)
        .where('encrypted', '=', 1)
        .limit(1)
        .executeTakeFirst();
      if (encrypted) return false;
      const sealedPhoto = await trx
        .selectFrom('entry_photos')
        .select('id')
        .where('user_id', '=', userId)
        .where('encrypted', '=', 1)
        .limit(1)
        .executeTakeFirst();
      if (sealedPhoto) return false;
    }
    await trx.updateTable('users').set({ key_bundle: bundle }).where('id', '=', userId).execute();
    return true;
  });
}

/** The ids of the user's encrypted answers. */
export async function encryptedAnswerIds(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('answers')
    .select('id')
    .where('user_id', '=', userId)
    .where('encrypted', '=', 1)
    .execute();
  return rows.map((row) => row.id);
}
