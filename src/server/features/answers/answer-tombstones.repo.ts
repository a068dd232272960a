import type { Database } from '#server/db/database.ts';
import { preparedQuery } from '#server/db/prepared.ts';

// Tombstones (migration 006): the ids of deleted answers, so that a late offline record or a
// stale tab cannot bring one back by saving it again (issue 13, decision 017).

/** At least 90 days are promised (docs/SECURITY.md); a year covers devices offline for long. */
export const TOMBSTONE_DAYS = 365;
const DAY_MS = 86_400_000;

/** Records that the answer was deleted, and forgets tombstones past their retention. */
export async function buryAnswer(
  trx: Database,
  answerId: string,
  userId: string,
  now: Date,
): Promise<void> {
  await trx
    .insertInto('deleted_answers')
    .values({ answer_id: answerId, user_id: userId, deleted_at: now.toISOString() })
    .onConflict((oc) => oc.column('answer_id').doNothing())
    .execute();
  const expired = new Date(now.getTime() - TOMBSTONE_DAYS * DAY_MS).toISOString();
  await trx.deleteFrom('deleted_answers').where('deleted_at', '<', expired).execute();
}

const buriedQuery = preparedQuery((db, p: { answerId: string }) =>
  db.selectFrom('deleted_answers').select('answer_id').where('answer_id', '=', p.answerId),
);

export async function isBuried(trx: Database, answerId: string): Promise<boolean> {
  const [row] = await buriedQuery(trx, { answerId });
  return row !== undefined;
}
