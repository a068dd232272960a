import type { Expression, ExpressionBuilder } from 'kysely';
import type { Database } from './database.ts';
import { preparedQuery } from './prepared.ts';
import type { AnswerRow } from './rows.ts';
import type { DB } from './schema.ts';

// The answer queries more than one feature builds on (answers, world): an answer with its
// author's current name and picture and the viewer's own marks. Shared query helpers live under
// db/, never inside one feature's repository, so features need not import each other's.

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

/** Where an answer's own columns are in scope: a SELECT from it, or an UPDATE of it. */
type OnAnswers = ExpressionBuilder<DB, 'answers'>;

/** 1 when the subquery finds a row, else 0 (the same on both databases). */
function flag(eb: OnAnswers, found: Expression<unknown>) {
  return eb.case().when(eb.exists(found)).then(eb.lit(1)).else(eb.lit(0)).end();
}

/** Whether the answer's prompt was written by the answer's own author (1/0). */
function ownPromptFlag(eb: OnAnswers) {
  return flag(
    eb,
    eb
      .selectFrom('prompts')
      .select('prompts.id')
      .whereRef('prompts.id', '=', 'answers.prompt_id')
      .whereRef('prompts.user_id', '=', 'answers.user_id'),
  );
}

/**
 * The viewer's own love and report on the answer (1/0): correlated EXISTS, so other people's
 * likes and reports never leave the database.
 */
function viewerMarkFlags(eb: OnAnswers, viewerId: string | null) {
  return [
    flag(
      eb,
      eb
        .selectFrom('likes')
        .select('likes.user_id')
        .whereRef('likes.answer_id', '=', 'answers.id')
        .where('likes.user_id', '=', viewerId ?? ''),
    ).as('viewer_loves'),
    flag(
      eb,
      eb
        .selectFrom('reports')
        .select('reports.user_id')
        .whereRef('reports.answer_id', '=', 'answers.id')
        .where('reports.user_id', '=', viewerId ?? ''),
    ).as('viewer_reported'),
  ] as const;
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
    .select((eb) => ownPromptFlag(eb).as('own_prompt'));
}

export type AnswerRowWithAuthor = Omit<AnswerView, 'viewer_loves' | 'viewer_reported'>;

/** What an answer's own author is shown: whose prompt it answers plays no part. */
export type OwnAnswerView = Omit<AnswerView, 'own_prompt'>;

/** Answers joined with their author, plus the viewer's own love and report flags. */
export function selectAnswerViews(db: Database, viewerId: string | null) {
  return selectAnswerRows(db).select((eb) => viewerMarkFlags(eb, viewerId));
}

/**
 * Takes answer `id`'s row lock for the rest of the transaction and reads it, as `viewerId` sees
 * it, in the same statement: a no-op UPDATE … RETURNING (portable, unlike SELECT … FOR UPDATE,
 * which SQLite lacks), so a read-then-write of its score cannot race a concurrent save. SQLite
 * transactions are serialised anyway. Undefined when there is no such answer.
 */
export async function lockAnswerView(
  trx: Database,
  id: string,
  viewerId: string,
): Promise<AnswerView | undefined> {
  const [row] = await lockViewQuery(trx, { id, viewerId });
  return row;
}
// The first statement of every save (decision 030: compiled once).
const lockViewQuery = preparedQuery((db, p: { id: string; viewerId: string }) =>
  db
    .updateTable('answers')
    .set((eb) => ({ score: eb.ref('score') }))
    .where('answers.id', '=', p.id)
    .returningAll()
    .returning((eb) => viewColumns(eb, p.viewerId)),
);

/**
 * What selectAnswerViews adds to an answer's own columns, as subqueries for an UPDATE of
 * answers … RETURNING: the write and the read of the answer it changed in one statement, under
 * the row lock the write takes.
 */
export function viewColumns(eb: OnAnswers, viewerId: string) {
  return [
    eb
      .selectFrom('users')
      .select('users.name')
      .whereRef('users.id', '=', 'answers.user_id')
      .$asScalar()
      .as('author_name'),
    eb
      .selectFrom('users')
      .select('users.profile_picture')
      .whereRef('users.id', '=', 'answers.user_id')
      .as('author_picture'),
    ownPromptFlag(eb).as('own_prompt'),
    ...viewerMarkFlags(eb, viewerId),
  ] as const;
}

// Read on every save, love and flag: compiled once (decision 030).
const answerQuery = preparedQuery((db, p: { id: string }) =>
  db.selectFrom('answers').selectAll().where('id', '=', p.id),
);

export async function findAnswer(db: Database, id: string): Promise<AnswerRow | undefined> {
  const [row] = await answerQuery(db, { id });
  return row;
}

// Read after every save, love and flag, to answer with the answer as its caller sees it: its
// joins and EXISTS were most of Kysely's share of a save's profile; compiled once.
const answerViewQuery = preparedQuery((db, p: { id: string; viewerId: string }) =>
  selectAnswerViews(db, p.viewerId).where('answers.id', '=', p.id),
);

export async function findAnswerView(
  db: Database,
  id: string,
  viewerId: string | null,
): Promise<AnswerView | undefined> {
  const [row] = await answerViewQuery(db, { id, viewerId: viewerId ?? '' });
  return row;
}
