import {
  type AnswerRowWithAuthor,
  type AnswerView,
  findAnswer,
  findAnswerView,
} from '#server/db/answer-queries.ts';
import type { AppDeps } from '#server/deps.ts';
import { badRequest, conflict, forbidden, notFound } from '#server/plugins/errors.ts';
import { checkedJson } from '#server/plugins/typed-routes.ts';
import type { Answer } from '#shared/api/answers.ts';
import {
  type FeedAnswer,
  feedAnswerSchema,
  type PublicProfile,
  type ReportedAnswer,
} from '#shared/api/world.ts';
import { currentHour, seenByOthers, startOfHour, utcDay } from '#shared/domain/hour.ts';
import { type DataDeps, getOwnAnswer } from '../answers/answers.service.ts';
import { publishPhotos, unpublishPhotos } from '../photos/photo-sharing.service.ts';
import { counterForVisitor } from './feed-counter.ts';
import { presentFeedAnswer, presentPublicProfile, presentReportedAnswer } from './world.present.ts';
import {
  addLove,
  addReport,
  clearReportsOf,
  countPublicSharedOf,
  findNamedUser,
  hasAnsweredPrompt,
  listJoinedBetween,
  listPublicSharedOf,
  listReportedViews,
  listViewerMarks,
  markShared,
  markUnshared,
  readFeedVersionAndMarks,
  removeLove,
  removeReport,
  replaceSharedText,
  type ViewerMarks,
} from './world.repo.ts';
import { type FeedPage, feedPage, lastCachedPage, promptFeedPage } from './world-feed.service.ts';

/**
 * What the calls that change the feed need: they tell every instance (world-events.ts), and
 * make or remove the public copies of shared photos (decision 062).
 */
type WorldDeps = DataDeps & Pick<AppDeps, 'worldEvents' | 'pictures'>;

/** Bounds on lists that would otherwise grow without limit. */
export const MAX_PROFILE_SHARED = 100;
export const MAX_REPORTED = 500;

/** An encrypted entry is shared with the words its device decrypted (docs/ENCRYPTION.md). */
export const NEEDS_WORDS = 'text: an encrypted entry is shared with its words';

export const SHOWN_BY_NAME =
  'This answer is shared under your name. Unshare it first: made anonymous in place, it would still be yours to anyone who saw it.';

type Viewer = { id: string };

function unmarked(row: AnswerRowWithAuthor): AnswerView {
  return { ...row, viewer_loves: 0, viewer_reported: 0 };
}
type Sharer = { id: string };

/**
 * A feed page as the viewer sees it, serialised: `{"sharedAnswers":[…]}`. The page is cached
 * already serialised as a stranger sees it; the viewer's own loves and reports (read for just
 * these ids, never cached) change only the answers they mark.
 */
export async function sharedPageBody(
  deps: DataDeps,
  viewer: Viewer | null,
  page: number,
): Promise<string> {
  // The hour is taken first: rows are read for it, never for an earlier one (decision 057).
  const hour = currentHour();
  // A visitor cannot have just changed anything: the counter last heard will do (PostgreSQL).
  if (!viewer) return (await feedPage(deps.db, page, await counterForVisitor(deps.db), hour)).body;
  // Signed in: the counter and the viewer's marks on the page cached last, in one query; only
  // when the counter has moved since (or the hour has turned), the page is read again and its
  // marks with it.
  const guess = lastCachedPage(deps.db, page);
  const read = await readFeedVersionAndMarks(deps.db, viewer.id, guess ? idsOf(guess.page) : []);
  return markedPageBody(deps, viewer, page, guess, { ...read, hour });
}

/**
 * The page with the viewer's marks, given the counter and the marks read on the page cached
 * last (`guess`): that page when it is still current, else the page read again and its marks.
 */
async function markedPageBody(
  deps: DataDeps,
  viewer: Viewer,
  page: number,
  guess: ReturnType<typeof lastCachedPage>,
  read: { version: number; marks: ViewerMarks; hour: string },
): Promise<string> {
  if (guess?.isCurrent(read.version, read.hour))
    return bodyWithMarks(guess.page, read.marks, viewer);
  const feed = await feedPage(deps.db, page, read.version, read.hour);
  return bodyWithMarks(feed, await listViewerMarks(deps.db, viewer.id, idsOf(feed)), viewer);
}

const FEED = 'an answer of the world feed';
const idsOf = (feed: FeedPage) => feed.rows.map((row) => row.id);

/** The cached page's JSON, with the answers this viewer loves or reported presented again. */
function bodyWithMarks(feed: FeedPage, marks: ViewerMarks, viewer: Viewer): string {
  if (marks.loves.size === 0 && marks.reports.size === 0) return feed.body;
  const items = feed.rows.map((row, index) =>
    marks.loves.has(row.id) || marks.reports.has(row.id)
      ? checkedJson(feedAnswerSchema, presentFeedAnswer(withMarks(row, marks), viewer.id), FEED)
      : feed.items[index],
  );
  return `{"sharedAnswers":[${items.join(',')}]}`;
}

function withMarks(row: AnswerRowWithAuthor, marks: ViewerMarks): AnswerView {
  return {
    ...row,
    viewer_loves: marks.loves.has(row.id) ? 1 : 0,
    viewer_reported: marks.reports.has(row.id) ? 1 : 0,
  };
}

/** Feed rows as the viewer sees them: their own love and report marks, never anyone else's. */
async function presentWithMarks(
  deps: DataDeps,
  viewer: Viewer | null,
  rows: AnswerRowWithAuthor[],
): Promise<FeedAnswer[]> {
  if (!viewer) return rows.map((row) => presentFeedAnswer(unmarked(row), null));
  const marks = await listViewerMarks(
    deps.db,
    viewer.id,
    rows.map((row) => row.id),
  );
  return rows.map((row) => presentFeedAnswer(withMarks(row, marks), viewer.id));
}

/**
 * The world filtered to one prompt (decision 023): only for a caller who has answered it
 * themselves — before that the page is empty and says so (`answerFirst`), never a 403, so a
 * visitor or a person who has not answered yet is shown the way to answer, not an error.
 */
export async function sharedPageForPrompt(
  deps: DataDeps,
  viewer: Viewer | null,
  promptId: string,
  page: number,
): Promise<{ sharedAnswers: FeedAnswer[]; answerFirst: boolean }> {
  if (!viewer || !(await hasAnsweredPrompt(deps.db, viewer.id, promptId))) {
    return { sharedAnswers: [], answerFirst: true };
  }
  const rows = await promptFeedPage(deps.db, promptId, page, currentHour());
  return { sharedAnswers: await presentWithMarks(deps, viewer, rows), answerFirst: false };
}

export async function shareAnswer(
  deps: WorldDeps,
  user: Sharer,
  answerId: string,
  anonymous: boolean,
  options: { withPhotos?: boolean; text?: string | undefined } = {},
): Promise<Answer> {
  const withPhotos = options.withPhotos === true;
  const answer = await findAnswer(deps.db, answerId);
  if (!answer || answer.user_id !== user.id) throw notFound('No such answer');
  // An encrypted entry's words come from its device: the server holds only ciphertext, which
  // must never become the world's copy.
  const encrypted = Number(answer.encrypted ?? 0) === 1;
  const words = encrypted ? (options.text ?? '') : answer.text;
  if (encrypted && options.text === undefined) throw badRequest(NEEDS_WORDS);
  if (words.trim() === '') throw badRequest('Write something before sharing it');
  // Shown by name, the card's id and words are already the author's: made anonymous in place,
  // it would stay theirs to anyone who saw it (issue 34 point 3).
  if (anonymous && Number(answer.shared) === 1 && Number(answer.anonymous) === 0) {
    throw conflict(SHOWN_BY_NAME);
  }
  const now = new Date().toISOString();
  // Its photos go to the world only when the author says so: public copies, made first.
  const photos = withPhotos ? await publishPhotos(deps, user.id, answerId) : [];
  const shared = await markShared(deps.db, {
    answerId,
    userId: user.id,
    anonymous,
    // No copy of the picture: the feed shows the author's current one (decision 017).
    picture: null,
    now,
    // An anonymous share takes its place in the feed at the start of its hour, among the other
    // shares of that hour by id, so neither its time nor its neighbours say when it came.
    sharedOn: anonymous ? startOfHour(now) : now,
    photos: photos.length > 0 ? JSON.stringify(photos) : null,
    text: encrypted ? words : null,
  }).catch(async (error: unknown) => {
    await unpublishPhotos(deps, photos);
    throw error;
  });
  if (!shared) {
    await unpublishPhotos(deps, photos);
    throw notFound('No such answer');
  }
  // Shared again: the copies the world had before give way to the new ones (or to none).
  await unpublishPhotos(deps, answer.shared_photos);
  const own = await getOwnAnswer(deps, user, answerId);
  // An anonymous share joins the world on the hour (decision 057): nothing is told now, its card
  // is announced then by every instance (announceJoined). A named one, or an anonymous one
  // already in the world whose copy changed, is told at once.
  if (seenByOthers(own)) await deps.worldEvents.publish({ type: 'shared', answerId });
  return own;
}

export async function unshareAnswer(
  deps: WorldDeps,
  user: Viewer,
  answerId: string,
): Promise<Answer> {
  const before = await findAnswer(deps.db, answerId);
  if (!(await markUnshared(deps.db, answerId, user.id))) throw notFound('No such answer');
  // Its photos leave the world with it.
  await unpublishPhotos(deps, before?.user_id === user.id ? before.shared_photos : null);
  // Taken back before it joined the world: nobody saw it, so nobody is told (decision 057).
  if (before && seenByOthers(rowShare(before))) {
    await deps.worldEvents.publish({ type: 'unshared', answerId });
  }
  return getOwnAnswer(deps, user, answerId);
}

/** A stored answer's share, as seenByOthers reads it. */
function rowShare(row: { shared: number; anonymous: number; shared_on: string | null }) {
  return {
    shared: Number(row.shared) === 1,
    anonymous: Number(row.anonymous) === 1,
    sharedOn: row.shared_on,
  };
}

/**
 * The author chose "Update" (decision 015): the world's copy of their shared answer becomes
 * `text`, the answer as they see it now. Private saves never do this by themselves.
 */
export async function updateSharedCopy(
  deps: WorldDeps,
  user: Viewer,
  answerId: string,
  text: string,
): Promise<Answer> {
  if (text.trim() === '') throw badRequest('Write something before sharing it');
  const now = new Date().toISOString();
  if (!(await replaceSharedText(deps.db, { answerId, userId: user.id, text, now }))) {
    throw notFound('No such shared answer');
  }
  const own = await getOwnAnswer(deps, user, answerId);
  if (seenByOthers(own)) await deps.worldEvents.publish({ type: 'changed', answerId });
  return own;
}

/**
 * An admin takes a shared answer out of the world (after reviewing a report, say). The answer
 * stays its author's, private again, exactly as if they had unshared it; its reports stay, so
 * sharing it again brings it straight back to the reported list.
 */
export async function removeFromWorld(deps: WorldDeps, answerId: string): Promise<void> {
  const answer = await findAnswer(deps.db, answerId);
  // Admins see an anonymous share when the world does (decision 057): before, it is not shared.
  if (!answer || !seenByOthers(rowShare(answer))) throw notFound('No such shared answer');
  if (!(await markUnshared(deps.db, answerId, answer.user_id))) {
    throw notFound('No such shared answer');
  }
  await unpublishPhotos(deps, answer.shared_photos);
  await deps.worldEvents.publish({ type: 'unshared', answerId });
}

/**
 * An admin looked at a flagged answer and found it fine: its flags go, it stays in the world and
 * leaves the flagged queue. Flagged again later, it comes back.
 */
export async function clearReports(deps: WorldDeps, answerId: string): Promise<void> {
  if (!(await clearReportsOf(deps.db, answerId, currentHour()))) {
    throw notFound('No such shared answer');
  }
}

/**
 * A shared answer as a stranger sees it now (the live feed); null once it left the world, or
 * before it joins it (an anonymous share until the hour after it was shared, decision 057).
 */
export async function liveAnswer(deps: DataDeps, answerId: string): Promise<FeedAnswer | null> {
  const view = await findAnswerView(deps.db, answerId, null);
  if (!view || !seenByOthers(rowShare(view))) return null;
  return presentFeedAnswer(view, null);
}

/**
 * The anonymous shares that joined the world from hour `from` up to hour `to` (starts of UTC
 * hours): what the live stream announces when the hour turns (world-live.ts).
 */
export async function joinedBetween(deps: DataDeps, from: string, to: string): Promise<string[]> {
  return listJoinedBetween(deps.db, from, to);
}

export async function loveAnswer(
  deps: WorldDeps,
  viewer: Viewer,
  answerId: string,
): Promise<FeedAnswer> {
  const view = await addLove(deps.db, answerId, viewer.id, new Date().toISOString());
  // No love added: given already, or not someone else's shared answer (the read says which).
  if (!view) return presentOthersShared(deps, viewer, answerId, 'love');
  await deps.worldEvents.publish({ type: 'loves', answerId });
  return presentLoved(view, viewer);
}

export async function unloveAnswer(
  deps: WorldDeps,
  viewer: Viewer,
  answerId: string,
): Promise<FeedAnswer> {
  const view = await removeLove(deps.db, answerId, viewer.id, new Date().toISOString());
  if (!view) return presentOthersShared(deps, viewer, answerId, 'love');
  await deps.worldEvents.publish({ type: 'loves', answerId });
  return presentLoved(view, viewer);
}

/** The answer as the love's own update read it: unshared by a racer meanwhile, it left the feed. */
function presentLoved(view: AnswerView, viewer: Viewer): FeedAnswer {
  if (Number(view.shared) !== 1) throw notFound('No such shared answer');
  return presentFeedAnswer(view, viewer.id);
}

/** Someone else's shared answer as the viewer sees it now: 404 / 403 otherwise. */
async function presentOthersShared(
  deps: DataDeps,
  viewer: Viewer,
  answerId: string,
  verb: 'love' | 'flag',
): Promise<FeedAnswer> {
  const view = await findAnswerView(deps.db, answerId, viewer.id);
  // Before an anonymous share joins the world it is not shared to anyone but its author, who
  // cannot love or flag it anyway: the same 404 as a private answer, so an id probes nothing.
  if (!view || !seenByOthers(rowShare(view))) throw notFound('No such shared answer');
  if (view.user_id === viewer.id) throw forbidden(`You cannot ${verb} your own answer`);
  return presentFeedAnswer(view, viewer.id);
}

export async function reportAnswer(
  deps: DataDeps,
  viewer: Viewer,
  answerId: string,
): Promise<FeedAnswer> {
  // Written only on someone else's shared answer; the read then says 404 or 403 when it was not.
  await addReport(deps.db, answerId, viewer.id, new Date().toISOString());
  return presentOthersShared(deps, viewer, answerId, 'flag');
}

export async function unreportAnswer(
  deps: DataDeps,
  viewer: Viewer,
  answerId: string,
): Promise<FeedAnswer> {
  await removeReport(deps.db, answerId, viewer.id, new Date().toISOString());
  return presentOthersShared(deps, viewer, answerId, 'flag');
}

export async function reportedAnswers(deps: DataDeps, admin: Viewer): Promise<ReportedAnswer[]> {
  const views = await listReportedViews(deps.db, admin.id, MAX_REPORTED, currentHour());
  return views.map((view) => presentReportedAnswer(view, admin.id));
}

/**
 * A named user's public profile; anonymous and unknown ids are both a 404. Its score and streaks
 * are yesterday's (migration 015): they never move at the moment the person writes.
 */
export async function publicProfile(
  deps: DataDeps,
  viewer: Viewer | null,
  userId: string,
): Promise<PublicProfile> {
  const user = await findNamedUser(deps.db, userId, utcDay(new Date()));
  if (!user) throw notFound('No such user');
  const viewerId = viewer?.id ?? null;
  const [count, views] = await Promise.all([
    countPublicSharedOf(deps.db, userId),
    listPublicSharedOf(deps.db, userId, viewerId, MAX_PROFILE_SHARED),
  ]);
  const answers = views.map((view) => presentFeedAnswer(view, viewerId));
  return presentPublicProfile(user, count, answers);
}

/**
 * The world's copy of the user's shared entry gained a photo from its device (a sealed one,
 * photo-publish.service.ts): told as a share is, so an anonymous one still waits for its hour.
 */
export async function sharedCopyChanged(
  deps: WorldDeps,
  user: Viewer,
  answerId: string,
): Promise<void> {
  if (seenByOthers(await getOwnAnswer(deps, user, answerId))) {
    await deps.worldEvents.publish({ type: 'shared', answerId });
  }
}
