import { sql } from 'kysely';
import {
  type AnswerRowWithAuthor,
  type AnswerView,
  selectAnswerRows,
  selectAnswerViews,
  viewColumns,
} from '#server/db/answer-queries.ts';
import type { Database } from '#server/db/database.ts';
import { affectedRows, preparedQuery } from '#server/db/prepared.ts';
import { publicRecordColumns } from '#server/db/public-record.ts';
import type { UsersTable } from '#server/db/schema.ts';
import { inTransaction } from '#server/db/transaction.ts';
import { sharedForOthers } from '#server/db/world-visibility.ts';
import { startOfHour } from '#shared/domain/hour.ts';

export type ReportedAnswerView = AnswerView & { reports: number; last_report: string };

export type PublicUserRow = Pick<
  UsersTable,
  'id' | 'name' | 'profile_picture' | 'started' | 'streak' | 'longest_streak' | 'score'
>;

/** Where a feed page starts: just after this (shared_on, id) in newest-first order. */
export type FeedAnchor = { shared_on: string; id: string };

// Every feed query takes `hour`, the start of the current hour: an anonymous share joins the
// world on the hour after it was shared (db/world-visibility.ts, decision 057).
/** The walk to a feed page's first entry (exported for the test of its index). */
export const anchorQuery = (db: Database, hour: string) =>
  db
    .selectFrom('answers')
    .select(['answers.shared_on', 'answers.id'])
    .where((eb) => sharedForOthers(eb, hour))
    .orderBy('answers.shared_on', 'desc')
    .orderBy('answers.id', 'desc')
    .limit(1);

const anchorFromTop = preparedQuery((db, p: { offset: number; hour: string }) =>
  anchorQuery(db, p.hour).offset(p.offset),
);
// From a known anchor, only the entries after it are walked.
const anchorAfter = preparedQuery(
  (db, p: { sharedOn: string; id: string; offset: number; hour: string }) =>
    anchorQuery(db, p.hour)
      .where((eb) =>
        eb(eb.refTuple('answers.shared_on', 'answers.id'), '<', eb.tuple(p.sharedOn, p.id)),
      )
      .offset(p.offset),
);

/**
 * The (shared_on, id) of the feed entry at `offset` (0 = newest; or counted after `after`), read
 * from the feed index alone (answers_feed_seen covers shared, shared_on, id and anonymous:
 * migration 018), so skipping thousands of entries touches neither the rows nor their authors.
 */
export async function findFeedAnchor(
  db: Database,
  offset: number,
  after: FeedAnchor | null,
  hour: string,
): Promise<FeedAnchor | undefined> {
  const [row] = after
    ? await anchorAfter(db, { sharedOn: after.shared_on, id: after.id, offset, hour })
    : await anchorFromTop(db, { offset, hour });
  return row?.shared_on ? { shared_on: row.shared_on, id: row.id } : undefined;
}

const feedRows = (db: Database, hour: string) =>
  selectAnswerRows(db)
    .where((eb) => sharedForOthers(eb, hour))
    .orderBy('answers.shared_on', 'desc')
    .orderBy('answers.id', 'desc');

const pageFromTop = preparedQuery((db, p: { limit: number; hour: string }) =>
  feedRows(db, p.hour).limit(p.limit),
);
// A row-value comparison: both databases turn it into a range on the feed index (an OR of the
// two halves made PostgreSQL filter every skipped row instead).
const pageAfter = preparedQuery(
  (db, p: { sharedOn: string; id: string; limit: number; hour: string }) =>
    feedRows(db, p.hour)
      .where((eb) =>
        eb(eb.refTuple('answers.shared_on', 'answers.id'), '<', eb.tuple(p.sharedOn, p.id)),
      )
      .limit(p.limit),
);

/**
 * One page of the feed, newest shared first, id breaking ties so pages never overlap: the
 * `limit` entries after `after` (keyset seek on the feed index), or the first ones.
 * Without the viewer's flags, so one page serves every reader (see listViewerMarks).
 */
export async function listSharedPageAfter(
  db: Database,
  after: FeedAnchor | null,
  limit: number,
  hour: string,
): Promise<AnswerRowWithAuthor[]> {
  return after
    ? pageAfter(db, { sharedOn: after.shared_on, id: after.id, limit, hour })
    : pageFromTop(db, { limit, hour });
}

const feedVersionQuery = preparedQuery((db, _p: Record<string, never>) =>
  db.selectFrom('feed_version').select('n').where('id', '=', 1),
);

/**
 * The feed's change counter (migration 012): bumped by the database itself, in the same
 * transaction, whenever a row the feed is made of changes. Read per request: what any instance
 * committed before this read is reflected in it.
 */
export async function readFeedVersion(db: Database): Promise<number> {
  const [row] = await feedVersionQuery(db, {});
  return Number(row?.n ?? 0);
}

/**
 * One page of the shares of answers to one prompt, newest first (decision 023). An anonymous
 * answer to a prompt its own author wrote is left out: the feed hides that prompt to keep the
 * author unnamed, and listing it under the prompt would link the two again.
 */
export async function listSharedForPrompt(
  db: Database,
  promptId: string,
  offset: number,
  limit: number,
  hour: string,
): Promise<AnswerRowWithAuthor[]> {
  // Offset over the prompt's own index (migration 010): one prompt's shares are few, and the
  // index walks them in feed order without touching rows it skips (decision 023).
  return selectAnswerRows(db)
    .where('answers.prompt_id', '=', promptId)
    .where((eb) => sharedForOthers(eb, hour))
    .where((eb) =>
      eb.or([
        eb('answers.anonymous', '=', 0),
        eb.not(
          eb.exists(
            eb
              .selectFrom('prompts')
              .select('prompts.id')
              .whereRef('prompts.id', '=', 'answers.prompt_id')
              .whereRef('prompts.user_id', '=', 'answers.user_id'),
          ),
        ),
      ]),
    )
    .orderBy('answers.shared_on', 'desc')
    .orderBy('answers.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** True when the user has written an answer (with words) to the prompt. */
export async function hasAnsweredPrompt(
  db: Database,
  userId: string,
  promptId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('answers')
    .select('answers.id')
    .where('answers.user_id', '=', userId)
    .where('answers.prompt_id', '=', promptId)
    .where('answers.text', '<>', '')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

const lovesOf = (db: Database, viewerId: string, ids: string[]) =>
  db
    .selectFrom('likes')
    .select([sql.lit('love').as('mark'), 'likes.answer_id as value'])
    .where('likes.user_id', '=', viewerId)
    .where('likes.answer_id', 'in', ids);
const reportsOf = (db: Database, viewerId: string, ids: string[]) =>
  db
    .selectFrom('reports')
    .select([sql.lit('report').as('mark'), 'reports.answer_id as value'])
    .where('reports.user_id', '=', viewerId)
    .where('reports.answer_id', 'in', ids);

const viewerMarksQuery = preparedQuery((db, p: { viewerId: string; ids: string[] }) =>
  lovesOf(db, p.viewerId, p.ids).unionAll(reportsOf(db, p.viewerId, p.ids)),
);

// The feed's counter and the viewer's marks on a page in one round trip: when the page cached
// under that counter is the one the marks were read for, a signed-in feed read is one query.
const versionAndMarksQuery = preparedQuery((db, p: { viewerId: string; ids: string[] }) =>
  db
    .selectFrom('feed_version')
    .select([sql.lit('version').as('mark'), sql<string>`cast(n as text)`.as('value')])
    .where('id', '=', 1)
    .unionAll(lovesOf(db, p.viewerId, p.ids))
    .unionAll(reportsOf(db, p.viewerId, p.ids)),
);

export type ViewerMarks = { loves: Set<string>; reports: Set<string> };

function marksOf(rows: { mark: string; value: string }[]): ViewerMarks {
  const loves = new Set<string>();
  const reports = new Set<string>();
  for (const row of rows) {
    if (row.mark === 'love') loves.add(row.value);
    else if (row.mark === 'report') reports.add(row.value);
  }
  return { loves, reports };
}

/** Which of these answers the viewer loves and which they reported: only their own rows. */
export async function listViewerMarks(
  db: Database,
  viewerId: string,
  answerIds: string[],
): Promise<ViewerMarks> {
  if (answerIds.length === 0) return { loves: new Set(), reports: new Set() };
  return marksOf(await viewerMarksQuery(db, { viewerId, ids: answerIds }));
}

/** The feed's change counter (as readFeedVersion) and the viewer's marks on these answers. */
export async function readFeedVersionAndMarks(
  db: Database,
  viewerId: string,
  answerIds: string[],
): Promise<{ version: number; marks: ViewerMarks }> {
  if (answerIds.length === 0) {
    return { version: await readFeedVersion(db), marks: { loves: new Set(), reports: new Set() } };
  }
  const rows = await versionAndMarksQuery(db, { viewerId, ids: answerIds });
  const version = rows.find((row) => row.mark === 'version')?.value;
  return { version: Number(version ?? 0), marks: marksOf(rows) };
}

/** A named user's non-anonymous shared answers, newest first. */
export async function listPublicSharedOf(
  db: Database,
  userId: string,
  viewerId: string | null,
  limit: number,
): Promise<AnswerView[]> {
  return selectAnswerViews(db, viewerId)
    .where('answers.user_id', '=', userId)
    .where('answers.shared', '=', 1)
    .where('answers.anonymous', '=', 0)
    .orderBy('answers.shared_on', 'desc')
    .orderBy('answers.id', 'desc')
    .limit(limit)
    .execute();
}

export async function countPublicSharedOf(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom('answers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('shared', '=', 1)
    .where('anonymous', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Only users who signed up have a public profile. Its score and streaks are as of the end of the
 * UTC day before `today` (publicRecordColumns).
 */
export async function findNamedUser(
  db: Database,
  id: string,
  today: string,
): Promise<PublicUserRow | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'profile_picture', 'started'])
    .select((eb) => publicRecordColumns(eb, today))
    .where('id', '=', id)
    .where('name', '<>', '')
    .executeTakeFirst();
}

/** Shared answers with at least one report, the most recently reported first. */
export async function listReportedViews(
  db: Database,
  viewerId: string,
  limit: number,
  hour: string,
): Promise<ReportedAnswerView[]> {
  return (
    selectAnswerViews(db, viewerId)
      .innerJoin(
        (eb) =>
          eb
            .selectFrom('reports')
            .select((inner) => [
              'reports.answer_id',
              inner.fn.countAll<number>().as('reports'),
              inner.fn.max('reports.created').as('last_report'),
            ])
            .groupBy('reports.answer_id')
            .as('r'),
        (join) => join.onRef('r.answer_id', '=', 'answers.id'),
      )
      .select(['r.reports', 'r.last_report'])
      // Admins see an anonymous share when the world does (decision 057).
      .where((eb) => sharedForOthers(eb, hour))
      .orderBy('r.last_report', 'desc')
      .orderBy('answers.id', 'desc')
      .limit(limit)
      .execute()
  );
}

/**
 * Shares the author's answer. The first share sets shared_on and the author's love (likes+1
 * only when the love row is new); sharing again changes only `anonymous` and the picture. Either
 * way the world's copy (`shared_text`) becomes the answer's text as stored now (decision 015).
 * False when the author has no such answer.
 */
export async function markShared(
  db: Database,
  change: {
    answerId: string;
    userId: string;
    anonymous: boolean;
    picture: string | null;
    now: string;
    /** Where the first share puts it in the feed: `now`, or its hour when anonymous. */
    sharedOn: string;
    /** The world's copy of its photos (JSON), or null: none shared (decision 062). */
    photos: string | null;
    /**
     * The world's copy of its words from the device, for an encrypted entry; null: its text.
     * A plain entry's copy is taken only while it is plain, so ciphertext never becomes one.
     */
    text: string | null;
  },
): Promise<boolean> {
  const { answerId, userId, now } = change;
  const anonymous = change.anonymous ? 1 : 0;
  return inTransaction(db, async (trx) => {
    // `shared = 0` in the WHERE makes the first share win exactly once, even when two race.
    const first = await trx
      .updateTable('answers')
      .set((eb) => ({
        shared: 1,
        shared_on: change.sharedOn,
        anonymous,
        profile_picture: change.picture,
        shared_text: change.text ?? eb.ref('text'),
        shared_modified: now,
        shared_photos: change.photos,
      }))
      .where('id', '=', answerId)
      .where('user_id', '=', userId)
      .where('shared', '=', 0)
      .where('encrypted', '=', change.text === null ? 0 : 1)
      .executeTakeFirst();
    if (first.numUpdatedRows > 0n) {
      await addLoveRow(trx, answerId, userId, now);
      return true;
    }
    const again = await trx
      .updateTable('answers')
      .set((eb) => ({
        anonymous,
        profile_picture: change.picture,
        shared_text: change.text ?? eb.ref('text'),
        shared_modified: now,
        shared_photos: change.photos,
      }))
      .where('id', '=', answerId)
      .where('user_id', '=', userId)
      .where('encrypted', '=', change.text === null ? 0 : 1)
      .executeTakeFirst();
    return again.numUpdatedRows > 0n;
  });
}

/** Takes the author's answer off the feed and their love back. False when there is no such answer. */
export async function markUnshared(
  db: Database,
  answerId: string,
  userId: string,
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const result = await trx
      .updateTable('answers')
      // The world's copy goes with it: nothing of it is kept once it has left the world.
      .set({
        shared: 0,
        shared_on: null,
        shared_text: null,
        shared_modified: null,
        shared_photos: null,
      })
      .where('id', '=', answerId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    await removeLoveRow(trx, answerId, userId);
    return true;
  });
}

/**
 * The author chose to show `text` to the world instead of the copy it has (decision 015). Only
 * while the answer is shared: false when the author has no such shared answer.
 */
export async function replaceSharedText(
  db: Database,
  change: { answerId: string; userId: string; text: string; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('answers')
    .set({ shared_text: change.text, shared_modified: change.now })
    .where('id', '=', change.answerId)
    .where('user_id', '=', change.userId)
    .where('shared', '=', 1)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * One love per person: the row insert decides, and the count moves (row-level `likes + 1`,
 * never a value computed in JS) only when the row is new. The row is inserted only while the
 * answer is shared and someone else's, straight from the answers table, so a love never lands
 * on a private, deleted or own answer. The answer as the lover sees it now, read by the count's
 * update under its row lock; undefined when this call added no love (the caller reads to say why).
 */
export async function addLove(
  db: Database,
  answerId: string,
  userId: string,
  now: string,
): Promise<AnswerView | undefined> {
  return inTransaction(db, async (trx) => {
    const hour = startOfHour(now);
    if ((await affectedRows(addLoveQuery, trx, { answerId, userId, now, hour })) === 0n) {
      return undefined;
    }
    const [view] = await bumpLovesViewQuery(trx, { answerId, delta: 1, viewerId: userId });
    return view;
  });
}

/**
 * Takes one person's love of someone else's shared answer back, as addLove gives it: the count
 * drops only when a row was deleted, and the answer comes back as they see it now.
 */
export async function removeLove(
  db: Database,
  answerId: string,
  userId: string,
  now: string,
): Promise<AnswerView | undefined> {
  const hour = startOfHour(now);
  return inTransaction(db, async (trx) => {
    if ((await affectedRows(removeOthersLoveQuery, trx, { answerId, userId, hour })) === 0n) {
      return undefined;
    }
    const [view] = await bumpLovesViewQuery(trx, { answerId, delta: -1, viewerId: userId });
    return view;
  });
}

// A love and its taking back are among the calls made most (issue 14's love scenario): their
// statements are compiled once.
const addLoveQuery = preparedQuery(
  (db, p: { answerId: string; userId: string; now: string; hour: string }) =>
    db
      .insertInto('likes')
      .columns(['answer_id', 'user_id', 'created'])
      .expression((eb) =>
        eb
          .selectFrom('answers')
          .select((s) => ['answers.id', s.val(p.userId).as('user_id'), s.val(p.now).as('created')])
          .where('answers.id', '=', p.answerId)
          .where((w) => sharedForOthers(w, p.hour))
          .where('answers.user_id', '<>', p.userId),
      )
      .onConflict((oc) => oc.columns(['answer_id', 'user_id']).doNothing()),
);

const removeLoveQuery = preparedQuery((db, p: { answerId: string; userId: string }) =>
  db.deleteFrom('likes').where('answer_id', '=', p.answerId).where('user_id', '=', p.userId),
);

const removeOthersLoveQuery = preparedQuery(
  (db, p: { answerId: string; userId: string; hour: string }) =>
    db
      .deleteFrom('likes')
      .where('likes.answer_id', '=', p.answerId)
      .where('likes.user_id', '=', p.userId)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('answers')
            .select('answers.id')
            .where('answers.id', '=', p.answerId)
            .where((w) => sharedForOthers(w, p.hour))
            .where('answers.user_id', '<>', p.userId),
        ),
      ),
);

const bumpLovesQuery = preparedQuery((db, p: { answerId: string; delta: number }) =>
  db
    .updateTable('answers')
    .set((eb) => ({ likes: eb('likes', '+', p.delta) }))
    .where('id', '=', p.answerId),
);

const bumpLovesViewQuery = preparedQuery(
  (db, p: { answerId: string; delta: number; viewerId: string }) =>
    db
      .updateTable('answers')
      .set((eb) => ({ likes: eb('likes', '+', p.delta) }))
      .where('answers.id', '=', p.answerId)
      .returningAll()
      .returning((eb) => viewColumns(eb, p.viewerId)),
);

async function addLoveRow(trx: Database, answerId: string, userId: string, now: string) {
  const inserted = await trx
    .insertInto('likes')
    .values({ answer_id: answerId, user_id: userId, created: now })
    .onConflict((oc) => oc.columns(['answer_id', 'user_id']).doNothing())
    .executeTakeFirst();
  if ((inserted.numInsertedOrUpdatedRows ?? 0n) === 0n) return;
  await trx
    .updateTable('answers')
    .set((eb) => ({ likes: eb('likes', '+', 1) }))
    .where('id', '=', answerId)
    .execute();
}

async function removeLoveRow(trx: Database, answerId: string, userId: string): Promise<boolean> {
  if ((await affectedRows(removeLoveQuery, trx, { answerId, userId })) === 0n) return false;
  await bumpLovesQuery(trx, { answerId, delta: -1 });
  return true;
}

/**
 * One report per person and answer, only on someone else's shared answer; reporting twice is
 * harmless.
 */
export async function addReport(
  db: Database,
  answerId: string,
  userId: string,
  now: string,
): Promise<void> {
  await db
    .insertInto('reports')
    .columns(['answer_id', 'user_id', 'created'])
    .expression((eb) =>
      eb
        .selectFrom('answers')
        .select((s) => ['answers.id', s.val(userId).as('user_id'), s.val(now).as('created')])
        .where('answers.id', '=', answerId)
        .where((w) => sharedForOthers(w, startOfHour(now)))
        .where('answers.user_id', '<>', userId),
    )
    .onConflict((oc) => oc.columns(['answer_id', 'user_id']).doNothing())
    .execute();
}

/**
 * Removes only this reporter's flag, and only from someone else's shared answer (as addReport
 * adds it): other people's reports stand.
 */
export async function removeReport(
  db: Database,
  answerId: string,
  userId: string,
  now: string,
): Promise<void> {
  await db
    .deleteFrom('reports')
    .where('reports.answer_id', '=', answerId)
    .where('reports.user_id', '=', userId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('answers')
          .select('answers.id')
          .where('answers.id', '=', answerId)
          .where((w) => sharedForOthers(w, startOfHour(now)))
          .where('answers.user_id', '<>', userId),
      ),
    )
    .execute();
}

/**
 * An admin found nothing wrong: every flag on this shared answer goes (issue 35). Only a shared
 * answer's flags, so a stale queue cannot clear an unshared one's; false when it is not shared.
 */
export async function clearReportsOf(
  db: Database,
  answerId: string,
  hour: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const shared = await trx
      .selectFrom('answers')
      .select('answers.id')
      .where('answers.id', '=', answerId)
      .where((eb) => sharedForOthers(eb, hour))
      .executeTakeFirst();
    if (!shared) return false;
    await trx.deleteFrom('reports').where('reports.answer_id', '=', answerId).execute();
    return true;
  });
}

/**
 * The anonymous shares that joined the world between `from` and `to` (starts of hours): shared
 * in the hours from `from` up to, not including, `to` (decision 057). Oldest first, by id within
 * an hour, as the feed orders them from the bottom up.
 */
export async function listJoinedBetween(db: Database, from: string, to: string): Promise<string[]> {
  const rows = await db
    .selectFrom('answers')
    .select('answers.id')
    .where('answers.shared', '=', 1)
    .where('answers.anonymous', '=', 1)
    .where('answers.shared_on', '>=', from)
    .where('answers.shared_on', '<', to)
    .orderBy('answers.shared_on')
    .orderBy('answers.id')
    .execute();
  return rows.map((row) => row.id);
}
