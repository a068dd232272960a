import { answerInput } from '#client/api/answers.ts';
import { ApiError, isUnauthorized } from '#client/api/call.ts';
import {
  type OfflinePayload,
  type OfflineSaveResponse,
  postOfflineSave,
} from '#client/api/offline.ts';
import type { PromptView } from '#shared/api/prompts.ts';
import { todayOf } from '#shared/domain/calendar-day.ts';
import { reportSessionLost } from '../session-lost.ts';
import { type AppState, emptyOfflineRecord, type OfflineRecord } from '../store/app-state.ts';
import { getState, setState } from '../store/app-store.ts';
import { onReset } from '../store/module-state.ts';
import { showStatus } from '../store/status.ts';
import { noteEncryptionOn, openAnswers, sealInput } from './answer-codec.ts';
import { noteOwnRevision } from './own-revisions.ts';
import { waitingPhotoQueue } from './photo-queue-trigger.ts';
import { noteRetryLater, onRetryAfterPressure } from './write-pressure.ts';
import { answerIdsInFlight, enqueue } from './writes.ts';

// ─── THE OFFLINE SYNC ────────────────────────────────────────────────────────────────────────
// SPEC §4 "Offline": the record kept by offline-fallback.ts is sent to /api/offline/save when
// the user was ever offline — at start-up, when the browser comes back online and when the tab
// becomes visible again. On success the answers, own prompts and user become the server's and
// the record is emptied; on failure it is kept (SPEC §8 "Queued data kept"). The server applies
// a record idempotently, so sending it again is always safe.
//
// Writes keep happening while a sync is on its way. The sync runs in the write queue (so the
// server sees it after earlier writes and before later ones), and when the answer comes back
// only what was *sent* is taken off the record, and whatever changed locally since the record
// was sent wins over the server's copy.

/** The server's limits on one record (offlineRecordSchema in src/shared/api/offline.ts, not
 *  imported so that zod stays out of the bundle). A longer record goes in several syncs. */
export const MAX_PER_SYNC = { answered: 500, created: 100, deleted: 1000 } as const;

/** The part of `record` one sync sends, and whether that is all of it. */
export function recordToSend(record: OfflineRecord): { sent: OfflineRecord; complete: boolean } {
  const sent: OfflineRecord = {
    ...record,
    answered: record.answered.slice(0, MAX_PER_SYNC.answered),
    created: record.created.slice(0, MAX_PER_SYNC.created),
    deleted: record.deleted.slice(0, MAX_PER_SYNC.deleted),
  };
  const complete =
    sent.answered.length === record.answered.length &&
    sent.created.length === record.created.length &&
    sent.deleted.length === record.deleted.length;
  return { sent, complete };
}

function promptInput(prompt: PromptView) {
  return {
    _id: prompt._id,
    title: prompt.title,
    categories: prompt.categories,
    type: prompt.type,
    user_id: prompt.user_id,
  };
}

function wholeNumber(value: number | null): number | undefined {
  return value === null || !Number.isFinite(value) ? undefined : Math.max(0, Math.round(value));
}

/** The record as the server's schema takes it: only input fields, no nulls where it wants none. */
export function offlinePayload(record: OfflineRecord): OfflinePayload {
  return {
    beenOffline: record.beenOffline,
    answered: record.answered.map(answerInput),
    created: record.created.map(promptInput),
    deleted: record.deleted,
    streak: wholeNumber(record.streak),
    longestStreak: wholeNumber(record.longestStreak),
    score: record.score ?? undefined,
    last: record.last,
  };
}

function hasStreak(record: OfflineRecord): boolean {
  return record.streak !== null || record.last !== null;
}

/**
 * What is left of the record `current` once the server has applied `sent` (an earlier version of
 * it). State updates are immutable, so an entry that is the very object that was sent has not
 * changed since; anything else (an answer edited again, a new delete, a newer streak) stays.
 */
export function remainingAfterSync(current: OfflineRecord, sent: OfflineRecord): OfflineRecord {
  const sentAnswers = new Set(sent.answered);
  const sentPrompts = new Set(sent.created);
  const sentDeletes = new Set(sent.deleted);
  const streakUnchanged =
    current.streak === sent.streak &&
    current.longestStreak === sent.longestStreak &&
    current.score === sent.score &&
    current.last === sent.last;
  const left: OfflineRecord = {
    ...emptyOfflineRecord(),
    answered: current.answered.filter((a) => !sentAnswers.has(a)),
    created: current.created.filter((p) => !sentPrompts.has(p)),
    deleted: current.deleted.filter((id) => !sentDeletes.has(id)),
    ...(streakUnchanged
      ? {}
      : {
          streak: current.streak,
          longestStreak: current.longestStreak,
          score: current.score,
          last: current.last,
        }),
  };
  const anything =
    left.answered.length > 0 ||
    left.created.length > 0 ||
    left.deleted.length > 0 ||
    hasStreak(left);
  return { ...left, beenOffline: anything };
}

/**
 * The server's list, except where the device knows better: items changed or added locally since
 * `before` (or listed in `keep`) stay as they are here, and items removed locally since `before`
 * (or listed in `gone`) stay removed.
 */
export function mergeById<T extends { _id: string }>(
  server: readonly T[],
  before: readonly T[],
  now: readonly T[],
  keep: ReadonlySet<string>,
  gone: ReadonlySet<string>,
): T[] {
  const beforeById = new Map(before.map((item) => [item._id, item]));
  const nowById = new Map(now.map((item) => [item._id, item]));
  const removed = new Set(gone);
  for (const id of beforeById.keys()) if (!nowById.has(id)) removed.add(id);
  const local = new Set(keep);
  for (const [id, item] of nowById) if (beforeById.get(id) !== item) local.add(id);

  const merged: T[] = [];
  const seen = new Set<string>();
  for (const item of server) {
    if (removed.has(item._id) || seen.has(item._id)) continue;
    seen.add(item._id);
    const mine = nowById.get(item._id);
    merged.push(local.has(item._id) && mine ? mine : item);
  }
  for (const item of now) {
    if (local.has(item._id) && !seen.has(item._id) && !removed.has(item._id)) {
      seen.add(item._id);
      merged.push(item);
    }
  }
  return merged;
}

type SyncedPart = Pick<AppState, 'answers' | 'myPrompts' | 'user' | 'offline' | 'loaded'>;

/**
 * The state after the server answered a sync of `sent`: `before` is the state when it was sent,
 * `now` the state as it is, `inFlight` the answers whose save is still on its way.
 */
export function stateAfterSync(
  before: Pick<AppState, 'answers' | 'myPrompts'>,
  now: SyncedPart,
  response: OfflineSaveResponse,
  sent: OfflineRecord,
  inFlight: ReadonlySet<string>,
): SyncedPart {
  const offline = remainingAfterSync(now.offline, sent);
  const answers = mergeById(
    response.answers,
    before.answers,
    now.answers,
    new Set([...inFlight, ...offline.answered.map((a) => a._id)]),
    new Set(offline.deleted),
  );
  const myPrompts = mergeById(
    response.myPrompts,
    before.myPrompts,
    now.myPrompts,
    new Set(offline.created.map((p) => p._id)),
    new Set(),
  );
  const onServer = new Set(response.myPrompts.map((p) => p._id));
  const user = {
    ...response.user,
    answered: answers.map((a) => a._id),
    created: [
      ...new Set([
        ...response.user.created,
        ...myPrompts.filter((p) => !onServer.has(p._id)).map((p) => p._id),
      ]),
    ],
    // A streak day counted on this device after the record went out is newer than the server's.
    ...(hasStreak(offline)
      ? {
          streak: now.user.streak,
          longestStreak: now.user.longestStreak,
          last: now.user.last,
        }
      : {}),
  };
  return {
    answers,
    myPrompts,
    user,
    offline,
    // The sync answers with everything the start-up loads of the user would have.
    loaded: { ...now.loaded, answers: true, myPrompts: true },
  };
}

/** Said when the server kept an offline text as a separate answer (decision 013). */
export const COPY_KEPT_MESSAGE =
  'An answer was changed on another device while you were offline: your words are kept as a separate answer';

/**
 * Decision 013: answers the sync wrote are this device's own revisions (later saves from the
 * editor continue from them); an offline text the server kept as a copy is said out loud.
 */
function noteSyncedRevisions(sent: OfflineRecord, response: OfflineSaveResponse): void {
  const copied = new Set((response.copies ?? []).map((c) => c.answer_id));
  const onServer = new Map(response.answers.map((a) => [a._id, a]));
  for (const answer of sent.answered) {
    const server = onServer.get(answer._id);
    if (copied.has(answer._id) || !server || server.text !== answer.text) continue;
    noteOwnRevision(answer._id, answer.revision ?? 0, server.revision ?? 0);
  }
  if (copied.size > 0) showStatus(COPY_KEPT_MESSAGE, true);
}

export type SyncOutcome = 'nothing to send' | 'synced' | 'failed';
type SendRecord = typeof postOfflineSave;

/** One sync: the record as it is when the write queue reaches it. `more` = it was cut short. */
function syncOnce(send: SendRecord, now: () => Date): Promise<SyncOutcome | 'more'> {
  return enqueue(async () => {
    const before = getState();
    if (!before.offline.beenOffline || !before.user._id) return 'nothing to send';
    const userId = before.user._id;
    const { sent, complete } = recordToSend(before.offline);
    let response: OfflineSaveResponse;
    try {
      // Sealed when the account's entries are encrypted, opened likewise (answer-codec.ts); a
      // journal locked on this device sends nothing and keeps the record.
      const payload = offlinePayload(sent);
      const answered = [];
      for (const answer of payload.answered ?? []) answered.push(await sealInput(answer));
      response = await send(userId, { ...payload, answered }, todayOf(now()));
      if (Array.isArray(response?.answers)) {
        response = { ...response, answers: await openAnswers(response.answers) };
      }
    } catch (error) {
      // SPEC §8 "Offline save failure: queued data kept". A lost session is start-up's to mend;
      // a sync refused for now (429, 503) is tried again when the server says; one that never
      // reached the server is tried again soon (see retryUnreached).
      if (isUnauthorized(error)) reportSessionLost();
      // Words refused for an account encrypted meanwhile: sealed once this device has the key.
      noteEncryptionOn(error);
      if (!noteRetryLater(error) && error instanceof ApiError && error.status === 0) {
        unreached = true;
      }
      return 'failed';
    }
    if (!Array.isArray(response?.answers) || !Array.isArray(response.myPrompts)) return 'failed';
    setState((state) =>
      state.user._id === userId && response.user?._id === userId
        ? stateAfterSync(before, state, response, sent, answerIdsInFlight())
        : {},
    );
    noteSyncedRevisions(sent, response);
    return complete ? 'synced' : 'more';
  });
}

let running: Promise<SyncOutcome> | null = null;
let askedAgain = false;
/** The last sync failed without an answer from the server (no network, or not yet). */
let unreached = false;

// Issue 35: 'online' fires when the device has a network, which is not always when requests
// get through (a phone joining Wi-Fi, a captive portal, DNS or the radio not ready yet). A sync
// sent then failed, and nothing tried again until the next start or the tab being seen again,
// so an answer written offline waited for the next app open. Now a sync that did not reach the
// server is tried again 1 s later, then 2, 4… up to a minute, while the browser says online.
const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 60_000;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let retryDelay = RETRY_FIRST_MS;
let retrying = false;

onReset(() => {
  running = null;
  askedAgain = false;
  unreached = false;
  if (retryTimer !== null) clearTimeout(retryTimer);
  retryTimer = null;
  retryDelay = RETRY_FIRST_MS;
  retrying = false;
});

function retryUnreached(outcome: SyncOutcome): void {
  if (!retrying) return;
  if (outcome !== 'failed' || !unreached) {
    retryDelay = RETRY_FIRST_MS;
    return;
  }
  // Offline: the 'online' event starts again from the first delay.
  if (retryTimer !== null || navigator.onLine === false) return;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void syncOfflineRecord();
  }, retryDelay);
  retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
}

/**
 * Sends the offline record if the user was ever offline. Never two at once: a call while one is
 * running gets that one, which then runs once more (the reason for the call — coming online,
 * a new write — may postdate what it sent).
 */
export function syncOfflineRecord(
  send: SendRecord = postOfflineSave,
  now: () => Date = () => new Date(),
): Promise<SyncOutcome> {
  if (running) {
    askedAgain = true;
    return running;
  }
  running = (async () => {
    let outcome: SyncOutcome | 'more';
    do {
      askedAgain = false;
      unreached = false;
      outcome = await syncOnce(send, now);
    } while (askedAgain || outcome === 'more');
    return outcome;
  })().finally(() => {
    running = null;
  });
  running.then(retryUnreached, () => undefined);
  // Photos added offline go once their entries are on the server (photo-queue.ts).
  running.then(
    (outcome) => {
      if (outcome !== 'failed') void waitingPhotoQueue()?.then((q) => q.uploadQueuedPhotos());
    },
    () => undefined,
  );
  return running;
}

/** SPEC §4: the record goes out when the browser is back online and when the tab is seen again. */
export function startOfflineSync(): void {
  retrying = true;
  onRetryAfterPressure(() => void syncOfflineRecord());
  window.addEventListener('online', () => {
    retryDelay = RETRY_FIRST_MS;
    void syncOfflineRecord();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void syncOfflineRecord();
  });
}
