import { createHash } from 'node:crypto';
import { findAnswerView, lockAnswerView, type OwnAnswerView } from '#server/db/answer-queries.ts';
import type { Database } from '#server/db/database.ts';
import { lockKeyBundle } from '#server/db/key-bundle.ts';
import type { AnswerRow, UserRow } from '#server/db/rows.ts';
import { inTransaction } from '#server/db/transaction.ts';
import type { AppDeps } from '#server/deps.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '#server/plugins/errors.ts';
import type { Answer, AnswerInput } from '#shared/api/answers.ts';
import { MAX_ANSWER_TEXT } from '#shared/api/common.ts';
import { seenByOthers } from '#shared/domain/hour.ts';
import { wordScore } from '#shared/domain/score.ts';
import { isSealedEntry } from '#shared/domain/sealed-entry.ts';
import { unpublishPhotos } from '../photos/photo-sharing.service.ts';
import { photoKeysOfAnswer, removeStoredPhotos } from '../photos/photos.service.ts';
import { clientTimeOrNow, isNewer } from './answer-timestamps.ts';
import { buryAnswer, isBuried } from './answer-tombstones.repo.ts';
import { presentOwnAnswer } from './answers.present.ts';
import {
  addToUserScore,
  deleteOwnAnswer,
  insertAnswerIfAbsent,
  listAnswerViewsOfUser,
  updateAnswerContent,
} from './answers.repo.ts';

export const ENCRYPTION_OFF = 'Encryption is off for this account: save the entry as words again';
export const ENCRYPTION_ON =
  'Encryption is on for this account: seal the entry on the device (docs/ENCRYPTION.md)';

/** Only the database is needed: callers pass their whole AppDeps. */
export type DataDeps = Pick<AppDeps, 'db'>;

/** Whose answer is being written: the session's user, never an id from a body. */
export type AnswerOwner = Pick<UserRow, 'id' | 'name'>;

export type SaveOptions = {
  /**
   * Offline sync of an old record without `base_revision`: skip the write when the stored
   * answer's `modified` is the same or later, so that replaying a record changes nothing and
   * never counts its score twice.
   */
  onlyIfNewer?: boolean;
  /**
   * What a save from an older revision that would change the text does (decision 013):
   * 'refuse' (the default, online) changes nothing and reports the conflict; 'keep-copy' (the
   * offline sync) keeps the stored text and saves the incoming text as a separate answer, so
   * neither side is lost.
   */
  onConflict?: 'refuse' | 'keep-copy';
};

export type SaveResult = {
  /**
   * The stored answer as its author sees it, read or written in the save's transaction: the
   * saved one, or the current one when the save was refused.
   */
  answer: OwnAnswerView;
  changed: boolean;
  /** The save was based on an older revision and would have replaced other text. */
  conflict: boolean;
  /** 'keep-copy': the separate answer that now holds the incoming text. */
  copy: AnswerRow | null;
};

const DEFAULT_TYPE = 'paragraph';

const buried = () => new HttpError(410, 'That answer was deleted');

/**
 * The id of the separate answer that keeps `text` when it conflicted with answer `answerId`:
 * derived from both, so replaying the same record finds the same copy instead of a second one.
 */
export function conflictCopyId(answerId: string, text: string): string {
  const digest = createHash('sha256').update(`${answerId}\n${text}`).digest('base64url');
  return `${answerId.slice(0, 40)}-copy-${digest.slice(0, 16)}`;
}

/** Whether a save from `base` (absent = unconditional) may replace the stored answer. */
function isStale(input: AnswerInput, existing: AnswerRow): boolean {
  if (input.base_revision === undefined || input.base_revision === null) return false;
  return input.base_revision !== Number(existing.revision) && input.text !== existing.text;
}

/**
 * Creates or updates the owner's answer `input._id` and keeps the owner's score right (SPEC §9:
 * a re-save adds the difference), all in one transaction. Someone else's answer id is a 404.
 * `changed` is false when `onlyIfNewer` skipped the write, when a stale save would not change
 * the text, or when it conflicted (decision 013).
 */
export async function saveAnswerForUser(
  deps: DataDeps,
  user: AnswerOwner,
  input: AnswerInput,
  options: SaveOptions = {},
): Promise<SaveResult> {
  // The schema already bounds the text; callers that build inputs themselves get the same rule.
  if (input.encrypted ? !isSealedEntry(input.text) : input.text.length > MAX_ANSWER_TEXT) {
    throw badRequest(
      input.encrypted
        ? 'text: is not an encrypted entry'
        : `text: is longer than ${MAX_ANSWER_TEXT.toLocaleString('en')} characters`,
    );
  }
  const now = new Date();
  const modified = clientTimeOrNow(input.modified, now);
  // An encrypted entry's words are its device's to count (docs/ENCRYPTION.md).
  const encrypted = input.encrypted ? 1 : 0;
  const score = input.encrypted ? (input.score ?? 0) : wordScore(input.text);
  const newRow = (id: string): AnswerRow => ({
    id,
    user_id: user.id,
    prompt_id: input.prompt_id,
    prompt_title: input.prompt_title,
    answered: clientTimeOrNow(input.answered, now),
    modified,
    text: input.text,
    type: input.type ?? DEFAULT_TYPE,
    categories: JSON.stringify(input.categories ?? []),
    tags: JSON.stringify(input.tags ?? []),
    shared: 0,
    shared_on: null,
    anonymous: 0,
    likes: 0,
    score,
    profile_picture: null,
    revision: 1,
    shared_text: null,
    shared_photos: null,
    shared_modified: null,
    import_key: null,
    encrypted,
  });
  const unchanged = (answer: OwnAnswerView, conflict = false): SaveResult => ({
    answer,
    changed: false,
    conflict,
    copy: null,
  });

  const created = async (trx: Database, row: AnswerRow): Promise<SaveResult> => {
    await addToUserScore(trx, user.id, score);
    // New and unshared: no one has loved or flagged it, and no picture shows on it.
    const answer: OwnAnswerView = {
      ...row,
      author_name: user.name,
      author_picture: null,
      viewer_loves: 0,
      viewer_reported: 0,
    };
    return { answer, changed: true, conflict: false, copy: null };
  };

  const write = async (trx: Database): Promise<SaveResult> => {
    // What the editor's first save sends (base_revision 0: new, as the client believes) is
    // inserted first, and the insert decides: a row under that id already makes it write nothing,
    // and a tombstone takes it back (the transaction rolls back with the 410).
    if (input.base_revision === 0) {
      const row = newRow(input._id);
      if (await insertAnswerIfAbsent(trx, row)) {
        if (await isBuried(trx, input._id)) throw buried();
        return created(trx, row);
      }
    }
    // Two rounds at most: a racer may create the same id between our lock and our insert.
    for (let round = 0; round < 2; round += 1) {
      const existing = await lockAnswerView(trx, input._id, user.id);
      if (existing) {
        if (existing.user_id !== user.id) throw notFound('No such answer');
        // An encrypted entry sent again after its answer was lost, sealed afresh after a reload
        // (other ciphertext, same words), carries the same version stamp: a replay, as the same
        // text is for words, and never a second entry (docs/ENCRYPTION.md).
        if (
          input.encrypted &&
          Number(existing.encrypted) === 1 &&
          modified === existing.modified &&
          typeof input.base_revision === 'number' &&
          input.base_revision !== Number(existing.revision)
        ) {
          return unchanged(existing);
        }
        if (isStale(input, existing)) {
          if (options.onConflict !== 'keep-copy') return unchanged(existing, true);
          const copy = newRow(conflictCopyId(input._id, input.text));
          if (await insertAnswerIfAbsent(trx, copy)) await addToUserScore(trx, user.id, score);
          return { answer: existing, changed: false, conflict: true, copy };
        }
        const hasBase = input.base_revision !== undefined && input.base_revision !== null;
        // A replay of a save that already went through (same text, revision moved on). Only
        // the same words and tags: new tags on the same words, sent by a device whose last
        // answer was lost, are a change (and lose no one's words).
        const sameTags = !input.tags || JSON.stringify(input.tags) === existing.tags;
        if (hasBase && input.base_revision !== Number(existing.revision) && sameTags) {
          return unchanged(existing);
        }
        if (!hasBase && options.onlyIfNewer && !isNewer(modified, existing.modified)) {
          return unchanged(existing);
        }
        const updated = await updateAnswerContent(trx, input._id, {
          prompt_id: input.prompt_id,
          prompt_title: input.prompt_title,
          text: input.text,
          // Absent fields keep what was stored: clients send whole objects, the queue may not.
          type: input.type ?? existing.type,
          categories: input.categories ? JSON.stringify(input.categories) : existing.categories,
          tags: input.tags ? JSON.stringify(input.tags) : existing.tags,
          modified,
          score,
          revision: Number(existing.revision) + 1,
          encrypted,
        });
        await addToUserScore(trx, user.id, score - existing.score);
        // The author, picture and marks read under the row lock; the answer's columns as written.
        return { answer: { ...existing, ...updated }, changed: true, conflict: false, copy: null };
      }
      // A deleted answer stays deleted: a late offline record skips it (4xx), a stale tab hears 410.
      if (await isBuried(trx, input._id)) throw buried();
      const row = newRow(input._id);
      if (await insertAnswerIfAbsent(trx, row)) return created(trx, row);
    }
    throw conflict('That answer is being saved elsewhere; please try again');
  };

  return inTransaction(deps.db, async (trx) => {
    const result = await write(trx);
    // Only an account with encryption on keeps encrypted entries, and only an account with it
    // off takes words (unless sent as words on purpose, turning it off): a device that missed
    // the switch hears so, and seals or opens the entry again. Asked after the write, under the
    // user's row lock (db/key-bundle.ts), so a switch at the same moment either sees this entry
    // or makes this save fail.
    const on = await lockKeyBundle(trx, user.id);
    if (encrypted && !on) throw forbidden(ENCRYPTION_OFF);
    if (!encrypted && on && !input.plain) throw conflict(ENCRYPTION_ON);
    return result;
  });
}

/**
 * Deletes the owner's answer, takes its score back and leaves a tombstone (online and offline
 * deletions alike). False when they have no such answer.
 */
export async function deleteAnswerForUser(
  deps: DataDeps & Pick<AppDeps, 'worldEvents' | 'pictures'>,
  user: AnswerOwner,
  answerId: string,
): Promise<boolean> {
  // The entry's photos go with it: their rows by the foreign key, their files after the commit.
  const photoKeys = await photoKeysOfAnswer(deps, user.id, answerId);
  const deleted = await inTransaction(deps.db, async (trx) => {
    const row = await deleteOwnAnswer(trx, answerId, user.id);
    if (!row) return null;
    await addToUserScore(trx, user.id, -row.score);
    await buryAnswer(trx, answerId, user.id, new Date());
    return row;
  });
  if (!deleted) return false;
  await removeStoredPhotos(deps, photoKeys);
  await unpublishPhotos(deps, deleted.shared_photos);
  // A shared answer leaves every open /world too (after the commit, like every feed change);
  // an anonymous one that had not joined the world yet was in none (decision 057).
  const share = {
    shared: Number(deleted.shared) === 1,
    anonymous: Number(deleted.anonymous) === 1,
    sharedOn: deleted.shared_on,
  };
  if (seenByOthers(share)) {
    await deps.worldEvents.publish({ type: 'unshared', answerId });
  }
  return true;
}

/** The owner's answers newest first, presented for the owner. */
export async function listOwnAnswers(deps: DataDeps, user: AnswerOwner): Promise<Answer[]> {
  const views = await listAnswerViewsOfUser(deps.db, user.id);
  return views.map(presentOwnAnswer);
}

/** One of the owner's answers presented for the owner; 404 when it is not theirs. */
export async function getOwnAnswer(
  deps: DataDeps,
  user: Pick<AnswerOwner, 'id'>,
  answerId: string,
): Promise<Answer> {
  const view = await findAnswerView(deps.db, answerId, user.id);
  if (!view || view.user_id !== user.id) throw notFound('No such answer');
  return presentOwnAnswer(view);
}

/**
 * The route's save: write, then answer with the stored answer as its author sees it. A save
 * from an older revision that would replace other text changes nothing: `conflict` is then
 * true and `answer` is the current one (decision 013).
 */
export async function saveAnswer(
  deps: DataDeps,
  user: AnswerOwner,
  input: AnswerInput,
): Promise<{ answer: Answer; conflict: boolean }> {
  const { answer, conflict } = await saveAnswerForUser(deps, user, input);
  return { answer: presentOwnAnswer(answer), conflict };
}

export async function deleteAnswer(
  deps: DataDeps & Pick<AppDeps, 'worldEvents' | 'pictures'>,
  user: AnswerOwner,
  answerId: string,
): Promise<void> {
  if (!(await deleteAnswerForUser(deps, user, answerId))) throw notFound('No such answer');
}
