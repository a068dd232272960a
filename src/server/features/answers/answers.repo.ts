import type { Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import { affectedRows, preparedQuery } from '../../db/prepared.ts';
import type { AnswersTable } from '../../db/schema.ts';

export type AnswerRow = Selectable<AnswersTable>;

/**
 * An answer with what a presenter needs around it: the author's current name and picture, and
 * whether the viewer loves or reported it (1/0). Never more about the author than that.
 */
export type AnswerView = AnswerRow & {
  author_name: string;
  author_picture: string | null;
  /** 1 when the answer's prompt was written by the answer's own author. */
  own_prompt: number;
  viewer_loves: number;
  viewer_reported: number;
};

export type AnswerContent = Pick<
  AnswerRow,
  'prompt_id' | 'prompt_title' | 'text' | 'type' | 'categories' | 'modified' | 'score' | 'revision'
>;

/** Runs `work` in one transaction: all of it commits or none of it does. */
export function inTransaction<T>(db: Database, work: (trx: Database) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}

/**
 * Answers joined with their author's current name and picture, and whether the answer's prompt
 * was written by its own author (1/0). Nothing else about the author.
 */
export function selectAnswerRows(db: Database) {
  return db
    .selectFrom('answers')
    .innerJoin('users', 'users.id', 'answers.user_id')
    .selectAll('answers')
    .select(['users.name as author_name', 'users.profile_picture as author_picture'])
    .select((eb) =>
      eb
        .case()
        .when(
          eb.exists(
            eb
              .selectFrom('prompts')
              .select('prompts.id')
              .whereRef('prompts.id', '=', 'answers.prompt_id')
              .whereRef('prompts.user_id', '=', 'answers.user_id'),
          ),
        )
        .then(eb.lit(1))
        .else(eb.lit(0))
        .end()
        .as('own_prompt'),
    );
}

export type AnswerRowWithAuthor = Omit<AnswerView, 'viewer_loves' | 'viewer_reported'>;

/**
 * Answers joined with their author, plus the viewer's own love and report flags (correlated
 * EXISTS, so other people's likes and reports never leave the database).
 */
export function selectAnswerViews(db: Database, viewerId: string | null) {
  return selectAnswerRows(db).select((eb) => [
    eb
      .case()
      .when(
        eb.exists(
          eb
            .selectFrom('likes')
            .select('likes.user_id')
            .whereRef('likes.answer_id', '=', 'answers.id')
            .where('likes.user_id', '=', viewerId ?? ''),
        ),
      )
      .then(eb.lit(1))
      .else(eb.lit(0))
      .end()
      .as('viewer_loves'),
    eb
      .case()
      .when(
        eb.exists(
          eb
            .selectFrom('reports')
            .select('reports.user_id')
            .whereRef('reports.answer_id', '=', 'answers.id')
            .where('reports.user_id', '=', viewerId ?? ''),
        ),
      )
      .then(eb.lit(1))
      .else(eb.lit(0))
      .end()
      .as('viewer_reported'),
  ]);
}

// The calls of every save are compiled once (decision 030).
const answerQuery = preparedQuery((db, p: { id: string }) =>
  db.selectFrom('answers').selectAll().where('id', '=', p.id),
);

export async function findAnswer(db: Database, id: string): Promise<AnswerRow | undefined> {
  const [row] = await answerQuery(db, { id });
  return row;
}

export async function findAnswerView(
  db: Database,
  id: string,
  viewerId: string | null,
): Promise<AnswerView | undefined> {
  return selectAnswerViews(db, viewerId).where('answers.id', '=', id).executeTakeFirst();
}

/** The user's answers, newest first, as seen by their author. */
export async function listAnswerViewsOfUser(db: Database, userId: string): Promise<AnswerView[]> {
  return selectAnswerViews(db, userId)
    .where('answers.user_id', '=', userId)
    .orderBy('answers.answered', 'desc')
    .orderBy('answers.id', 'desc')
    .execute();
}

/**
 * Takes the answer's row lock for the rest of the transaction (a no-op UPDATE: portable, unlike
 * SELECT … FOR UPDATE, which SQLite lacks) so that a read-then-write of its score cannot race a
 * concurrent save. SQLite transactions are serialised anyway. False when there is no such row.
 */
export async function lockAnswer(trx: Database, id: string): Promise<boolean> {
  return (await affectedRows(lockQuery, trx, { id })) > 0n;
}
const lockQuery = preparedQuery((db, p: { id: string }) =>
  db
    .updateTable('answers')
    .set((eb) => ({ score: eb.ref('score') }))
    .where('id', '=', p.id),
);

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
  return trx
    .updateTable('answers')
    .set(content)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes the user's own answer (likes and reports cascade); its score, or null if none. */
export async function deleteOwnAnswer(
  trx: Database,
  id: string,
  userId: string,
): Promise<{ score: number; shared: number } | null> {
  const row = await trx
    .deleteFrom('answers')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(['score', 'shared'])
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
