import { type AnswerView, selectAnswerViews } from '#server/db/answer-queries.ts';
import type { Database } from '#server/db/database.ts';
import { affectedRows, preparedQuery } from '#server/db/prepared.ts';
import type { AnswerRow } from '#server/db/rows.ts';

export type AnswerContent = Pick<
  AnswerRow,
  | 'prompt_id'
  | 'prompt_title'
  | 'text'
  | 'type'
  | 'categories'
  | 'tags'
  | 'modified'
  | 'score'
  | 'revision'
  | 'encrypted'
>;

/** The user's answers, newest first, as seen by their author. */
export async function listAnswerViewsOfUser(db: Database, userId: string): Promise<AnswerView[]> {
  return selectAnswerViews(db, userId)
    .where('answers.user_id', '=', userId)
    .orderBy('answers.answered', 'desc')
    .orderBy('answers.id', 'desc')
    .execute();
}

/** False when a row with this id already exists (perhaps inserted a moment ago by a racer). */
export async function insertAnswerIfAbsent(trx: Database, row: AnswerRow): Promise<boolean> {
  return (await affectedRows(insertQuery, trx, row)) > 0n;
}
const insertQuery = preparedQuery((db, p: AnswerRow) =>
  db
    .insertInto('answers')
    .values(p)
    .onConflict((oc) => oc.column('id').doNothing()),
);

export async function updateAnswerContent(
  trx: Database,
  id: string,
  content: AnswerContent,
): Promise<AnswerRow> {
  const [row] = await updateContentQuery(trx, { id, ...content });
  if (!row) throw new Error(`answer ${id} vanished under its row lock`);
  return row;
}
// Every autosave of an answer already written comes here: compiled once (decision 030).
const updateContentQuery = preparedQuery((db, p: AnswerContent & { id: string }) =>
  db
    .updateTable('answers')
    .set({
      prompt_id: p.prompt_id,
      prompt_title: p.prompt_title,
      text: p.text,
      type: p.type,
      categories: p.categories,
      tags: p.tags,
      modified: p.modified,
      score: p.score,
      revision: p.revision,
      encrypted: p.encrypted ?? 0,
    })
    .where('id', '=', p.id)
    .returningAll(),
);

/** Deletes the user's own answer (likes and reports cascade); its score, or null if none. */
export async function deleteOwnAnswer(
  trx: Database,
  id: string,
  userId: string,
): Promise<{
  score: number;
  shared: number;
  anonymous: number;
  shared_on: string | null;
  shared_photos?: string | null;
} | null> {
  const row = await trx
    .deleteFrom('answers')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(['score', 'shared', 'anonymous', 'shared_on', 'shared_photos'])
    .executeTakeFirst();
  return row ?? null;
}

/** Row-level arithmetic: concurrent changes to one user's score all count. */
export async function addToUserScore(trx: Database, userId: string, delta: number): Promise<void> {
  if (delta === 0) return;
  await addScoreQuery(trx, { userId, delta });
}
const addScoreQuery = preparedQuery((db, p: { userId: string; delta: number }) =>
  db
    .updateTable('users')
    .set((eb) => ({ score: eb('score', '+', p.delta) }))
    .where('id', '=', p.userId),
);
