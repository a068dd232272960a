import {
  answerInput,
  conflictingAnswer,
  postAnswerDelete,
  postAnswerSave,
} from '#client/api/answers.ts';
import { ApiError, isUnauthorized } from '#client/api/call.ts';
import { postPromptCreate } from '#client/api/prompts.ts';
import { postProfilePicture, postStreak, postStreakReset } from '#client/api/users.ts';
import type { Answer } from '#shared/api/answers.ts';
import type { PromptView } from '#shared/api/prompts.ts';
import type { OwnUser } from '#shared/api/users.ts';
import { addDays, dayKey, todayOf } from '#shared/domain/calendar-day.ts';
import { isDatedDraft } from '#shared/domain/dated-draft.ts';
import { scoreDelta, wordScore } from '#shared/domain/score.ts';
import { applyStreak } from '#shared/domain/streak.ts';
import { reportSessionLost } from '../session-lost.ts';
import { getState, setState } from '../store/app-store.ts';
import { onReset } from '../store/module-state.ts';
import { noteEncryptionOn, openAnswer, sealInput } from './answer-codec.ts';
import { addConflict } from './answer-conflicts.ts';
import { mergeRule } from './answer-versions.ts';
import { type FailedWrite, fallBackOffline } from './offline-fallback.ts';
import { noteOwnRevision, rebased } from './own-revisions.ts';
import { waitingPhotoQueue } from './photo-queue-trigger.ts';
import { noteRetryLater } from './write-pressure.ts';

// THE one write path (STYLE: one way to do each thing). Every client write — answer save and
// delete, prompt create, streak update and reset, profile picture — is a function here that
// 1. changes the local state at once (the screen never waits for the network), then
// 2. sends the call, in order, through one queue, and
// 3. on success takes the server's version; on failure hands the write to fallBackOffline()
//    (offline-fallback.ts: the seam where the spec's offline record plugs in), and on a 401
//    also reports the lost session to start-up, which starts a new anonymous user and re-sends.

let queue: Promise<unknown> = Promise.resolve();
/** Answers whose save is on its way: an answers load must not drop them (answer-merge.ts). */
const answersInFlight = new Map<string, number>();

onReset(() => {
  queue = Promise.resolve();
  answersInFlight.clear();
});

export function answerIdsInFlight(): ReadonlySet<string> {
  return new Set(answersInFlight.keys());
}

/**
 * Holds every later write until `ready` settles: start-up uses it while the session for a new
 * user is being created, so that no write reaches the server without a session.
 */
export function holdWritesUntil(ready: Promise<unknown>): void {
  queue = queue.then(() => ready).catch(() => undefined);
}

/**
 * Runs `call` after every earlier write, so the server sees them in the order they happened
 * (exported for the world's calls: a share must reach the server after the answer's save).
 */
export function enqueue<T>(call: () => Promise<T>): Promise<T> {
  const run = () => withinDeadline(call);
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}

/**
 * How long a queued call may go unanswered. A request lost in a dead connection (a phone
 * walking out of Wi-Fi mid-save) may never answer nor fail, and everything queued after it,
 * the offline sync that coming back online asked for included, would wait until the app is
 * opened again (issue 35). Past this, the call counts as not sent (ApiError 0: its write
 * falls back offline, idempotently sent again by the sync) and the queue moves on; a late
 * answer is ignored. Generous: a slow phone may take this long to send a big record.
 */
export const WRITE_DEADLINE_MS = 60_000;

function withinDeadline<T>(call: () => Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ApiError(0, 'No answer from the server in time')),
      WRITE_DEADLINE_MS,
    );
  });
  // A call that throws at once rejects here too, and still clears its timer.
  const sent = new Promise<T>((resolve) => resolve(call()));
  return Promise.race([sent, deadline]).finally(() => clearTimeout(timer));
}

async function send<T>(
  call: () => Promise<T>,
  failed: FailedWrite,
  options: { immediate?: boolean } = {},
): Promise<T | null> {
  try {
    return await (options.immediate ? call() : enqueue(call));
  } catch (error) {
    // Kept for the offline sync either way; a lost session is also worth a new one, and a
    // write refused for now (429, 503) is sent again when the server says.
    fallBackOffline(failed);
    if (isUnauthorized(error)) reportSessionLost();
    noteRetryLater(error);
    return null;
  }
}

function upsert(answers: readonly Answer[], answer: Answer): Answer[] {
  const index = answers.findIndex((a) => a._id === answer._id);
  if (index === -1) return [...answers, answer];
  return answers.map((a, i) => (i === index ? answer : a));
}

function withoutId(ids: readonly string[], id: string): string[] {
  return ids.filter((x) => x !== id);
}

/** A server user replaces the local one, except while the local user has changed identity. */
function takeServerUser(user: OwnUser): void {
  setState((state) => (state.user._id === user._id ? { user } : {}));
}

/**
 * How a save ended: on the server ('saved'), in the offline record ('offline'), or waiting for
 * the person to choose between two texts ('conflict', decision 013).
 */
export type SaveOutcome = 'saved' | 'offline' | 'conflict';

export type UploadOptions = {
  onUnload?: boolean;
  /** The text of the revision the answer was written from, when known (decision 013). */
  baseText?: string;
};

/** The server's answer replaces the local one unless the person edited it again since. */
function takeSaved(sent: Answer, server: Answer): void {
  setState((state) => {
    const local = state.answers.find((a) => a._id === sent._id);
    // A newer local edit (or a delete) since this save was sent wins over the server's copy.
    if (!local || local.modified !== sent.modified) return {};
    return {
      answers: upsert(state.answers, { ...server, modified: sent.modified }),
      offline: {
        ...state.offline,
        answered: state.offline.answered.filter((a) => a._id !== sent._id),
      },
    };
  });
}

/**
 * The save call, sealed and opened when the entries are encrypted (answer-codec.ts); a 409's
 * answer comes back opened too. Both inside the queued call: the queue moves on once this
 * resolves, and the next save must find the revision this one made (noteOwnRevision).
 */
async function postSealed(answer: Answer, keepalive?: boolean): Promise<Answer> {
  try {
    const input = await sealInput(answerInput(answer));
    return await openAnswer((await postAnswerSave(input, { keepalive })).answer);
  } catch (error) {
    const theirs = conflictingAnswer(error);
    if (!theirs || !(error instanceof ApiError)) throw error;
    const data = { ...(error.data as object), answer: await openAnswer(theirs) };
    throw new ApiError(error.status, error.message, error.retryAfter, data);
  }
}

/**
 * Sends an answer exactly as it is locally (also used to re-send after a new session). A 409
 * (the server has another text from a newer revision) never falls back offline: the merge rule
 * takes whichever side alone changed, or keeps both for the conflict dialog.
 */
export async function uploadAnswer(
  answer: Answer,
  options: UploadOptions = {},
): Promise<SaveOutcome> {
  answersInFlight.set(answer._id, (answersInFlight.get(answer._id) ?? 0) + 1);
  let sent = answer;
  let outcome: SaveOutcome = 'offline';
  let server: Answer | null = null;
  try {
    server = await (options.onUnload ? (f: () => Promise<Answer>) => f() : enqueue)(() => {
      sent = rebased(answer);
      return postSealed(sent, options.onUnload);
    });
    outcome = 'saved';
  } catch (error) {
    server = conflictingAnswer(error);
    if (!server) {
      // Kept for the offline sync; a lost session is worth a new one, and a save refused for
      // now (429, 503) gets a calm word and is sent again when the server says. Refused as
      // words for an encrypted account, it is sealed and sent once this device has the key.
      fallBackOffline({ kind: 'answer-save', answer: sent });
      noteEncryptionOn(error);
      if (isUnauthorized(error)) reportSessionLost();
      noteRetryLater(error);
    } else {
      outcome = 'conflict';
    }
  } finally {
    const left = (answersInFlight.get(answer._id) ?? 1) - 1;
    if (left > 0) answersInFlight.set(answer._id, left);
    else answersInFlight.delete(answer._id);
  }
  if (!server) return outcome;
  if (outcome === 'saved') {
    noteOwnRevision(sent._id, sent.revision ?? 0, server.revision ?? 0);
    takeSaved(sent, server);
    return 'saved';
  }
  const base = { revision: sent.revision, text: options.baseText };
  switch (mergeRule(base, sent.text, server)) {
    case 'server':
      takeSaved(sent, server);
      return 'saved';
    case 'local':
      // The server's words are the ones this text started from: continuing from its revision
      // loses nothing, and later saves of this device continue from there too.
      noteOwnRevision(sent._id, sent.revision ?? 0, server.revision ?? 0);
      return uploadAnswer({ ...sent, revision: server.revision }, { baseText: server.text });
    case 'conflict':
      addConflict({ mine: sent, theirs: server, baseText: options.baseText });
      return 'conflict';
  }
}

/**
 * SPEC §4 "Saving an answer": the answer replaces or is appended to the answers list with
 * modified = now, its word score is set and the difference added to the user's score.
 * `draft.revision` is the server revision its text was written from. Returns the saved answer
 * (to become the current answer) and how sending it ended.
 */
export function saveAnswerAndSend(
  draft: Answer,
  options: UploadOptions = {},
): { saved: Answer; sent: Promise<SaveOutcome> } {
  const state = getState();
  const previous = state.answers.find((a) => a._id === draft._id) ?? null;
  const now = new Date().toISOString();
  const saved: Answer = {
    ...draft,
    user_id: state.user._id,
    user_name: state.user.name,
    // A new answer is dated when first saved, unless it was begun for an earlier day
    // (answer-draft.ts: a draft dated before it was made, decision 058).
    answered: previous?.answered ?? (isDatedDraft(draft) ? draft.answered : now),
    modified: now,
    score: wordScore(draft.text),
  };
  setState((s) => ({
    answers: upsert(s.answers, saved),
    user: {
      ...s.user,
      score: s.user.score + scoreDelta(previous?.text ?? null, saved.text),
      answered: s.user.answered.includes(saved._id)
        ? s.user.answered
        : [...s.user.answered, saved._id],
    },
  }));
  return { saved, sent: uploadAnswer(saved, options) };
}

/** saveAnswerAndSend without waiting for the server. */
export function saveAnswer(draft: Answer, options: UploadOptions = {}): Answer {
  return saveAnswerAndSend(draft, options).saved;
}

/** SPEC §4: deleting removes the answer and its id from the user's answered list. */
export function deleteAnswer(answerId: string): void {
  setState((s) => ({
    answers: s.answers.filter((a) => a._id !== answerId),
    answer: s.answer?._id === answerId ? null : s.answer,
    user: { ...s.user, answered: withoutId(s.user.answered, answerId) },
  }));
  void send(() => postAnswerDelete(answerId), { kind: 'answer-delete', answerId });
  void waitingPhotoQueue()?.then((q) => q.forgetQueuedPhotos(answerId));
}

/**
 * SPEC §4: a new prompt by a user is appended to their own prompts (status submitted), and to
 * the submitted prompts when an admin has that list loaded.
 */
export async function createPrompt(prompt: PromptView): Promise<void> {
  setState((s) => ({
    myPrompts: [...s.myPrompts.filter((p) => p._id !== prompt._id), prompt],
    user: { ...s.user, created: [...withoutId(s.user.created, prompt._id), prompt._id] },
    adminData: s.adminData.prompts
      ? {
          ...s.adminData,
          prompts: [...s.adminData.prompts.filter((p) => p._id !== prompt._id), prompt],
        }
      : s.adminData,
  }));
  const response = await send(
    () =>
      postPromptCreate({
        _id: prompt._id,
        title: prompt.title,
        categories: prompt.categories,
        type: prompt.type,
        user_id: prompt.user_id,
      }),
    { kind: 'prompt-create', prompt },
  );
  if (!response) return;
  setState((s) => ({
    myPrompts: s.myPrompts.map((p) => (p._id === prompt._id ? response.prompt : p)),
  }));
}

function streakFailure(user: OwnUser): FailedWrite {
  const { streak, longestStreak, score, last } = user;
  return { kind: 'streak', fields: { streak, longestStreak, score, last } };
}

/**
 * SPEC §4 streak, for an answer written today: same day → nothing; the day after the last
 * streak day → streak + 1; later → the streak starts again at 1 (sent as a reset).
 */
export async function recordStreakDay(now: Date = new Date()): Promise<void> {
  const today = todayOf(now);
  const { user } = getState();
  const next = applyStreak(user, today);
  if (next.last === user.last) return;
  const broken = user.last !== null && user.last !== dayKey(addDays(today, -1));
  const updated = { ...user, ...next };
  setState({ user: updated });
  const response = await send(
    () => (broken ? postStreakReset(user._id, today) : postStreak(user._id, today)),
    streakFailure(updated),
  );
  if (response) takeServerUser(response.user);
}

/** Saves the URL of an uploaded picture on the user (the upload itself is another call). */
export async function setProfilePicture(profilePicture: string): Promise<void> {
  const { user } = getState();
  setState({ user: { ...user, profilePicture } });
  const response = await send(() => postProfilePicture(user._id, profilePicture), {
    kind: 'profile-picture',
    userId: user._id,
    profilePicture,
  });
  if (response) takeServerUser(response.user);
}
