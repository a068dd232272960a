import type { Insertable } from 'kysely';
import type { Database } from '#server/db/database.ts';
import { lockKeyBundle } from '#server/db/key-bundle.ts';
import type { AnswersTable } from '#server/db/schema.ts';

export type ImportedAnswerRow = Insertable<AnswersTable>;

export type ImportMatch = Pick<AnswersTable, 'answered' | 'prompt_title' | 'text' | 'import_key'>;

/**
 * The caller's answers an import batch could repeat: those with one of its import keys, or
 * written at one of its exact times (compared by content hash in the service). Bounded by the
 * batch, never the whole journal.
 */
export async function findImportMatches(
  db: Database,
  userId: string,
  keys: string[],
  answeredTimes: string[],
): Promise<ImportMatch[]> {
  if (keys.length === 0 && answeredTimes.length === 0) return [];
  return db
    .selectFrom('answers')
    .select(['import_key', 'answered', 'prompt_title', 'text'])
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('import_key', 'in', keys.length ? keys : ['']),
        eb('answered', 'in', answeredTimes.length ? answeredTimes : ['']),
      ]),
    )
    .execute();
}

export async function existingPromptIds(db: Database, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('prompts').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

/** The journal's encryption is not what the rows were read for: their transaction rolls back. */
class EncryptionChanged extends Error {}

/**
 * Adds imported answers and their score in one transaction, if encryption is on (`sealed`) or
 * off as the rows were read for; false, and nothing added, when it is not. Asked under the
 * user's row lock after the insert (db/key-bundle.ts), as a save does: turning encryption off
 * at the same moment either sees these entries or makes this insert fail.
 */
export async function insertImportedAnswers(
  db: Database,
  userId: string,
  rows: ImportedAnswerRow[],
  sealed: boolean,
): Promise<boolean> {
  if (rows.length === 0) return true;
  const score = rows.reduce((sum, row) => sum + row.score, 0);
  try {
    await insertInTransaction(db, userId, rows, sealed, score);
    return true;
  } catch (error) {
    if (error instanceof EncryptionChanged) return false;
    throw error;
  }
}

async function insertInTransaction(
  db: Database,
  userId: string,
  rows: ImportedAnswerRow[],
  sealed: boolean,
  score: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('answers').values(rows).execute();
    if ((await lockKeyBundle(trx, userId)) !== sealed) throw new EncryptionChanged();
    if (score !== 0) {
      await trx
        .updateTable('users')
        .set((eb) => ({ score: eb('score', '+', score) }))
        .where('id', '=', userId)
        .execute();
    }
  });
}

/** Every time the caller answered, oldest first: the streak is recounted from these. */
export async function listAnsweredTimes(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('answers')
    .select('answered')
    .where('user_id', '=', userId)
    .orderBy('answered')
    .execute();
  return rows.map((row) => row.answered);
}

export async function saveStreak(
  db: Database,
  userId: string,
  fields: { streak: number; longest_streak: number; last: string | null },
): Promise<void> {
  await db.updateTable('users').set(fields).where('id', '=', userId).execute();
}

/** Removes an entry the import just wrote (a photo-only one whose photos could not come). */
export async function deleteImportedAnswer(
  db: Database,
  userId: string,
  answerId: string,
): Promise<void> {
  await db.deleteFrom('answers').where('id', '=', answerId).where('user_id', '=', userId).execute();
}
