import type { Database } from '#server/db/database.ts';

// Setting the account's key bundle (migration 020); reading it is in db/key-bundle.ts.

/**
 * Sets the bundle; turning it off (null) only while none of the user's answers is encrypted,
 * checked in the same statement, so a save racing the switch cannot leave an entry no new
 * device could open. False when that refused it.
 */
export async function writeKeyBundle(
  db: Database,
  userId: string,
  bundle: string | null,
): Promise<boolean> {
  let update = db.updateTable('users').set({ key_bundle: bundle }).where('id', '=', userId);
  if (bundle === null) {
    update = update.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('answers')
            .select('answers.id')
            .where('answers.user_id', '=', userId)
            .where('answers.encrypted', '=', 1),
        ),
      ),
    );
  }
  const result = await update.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
