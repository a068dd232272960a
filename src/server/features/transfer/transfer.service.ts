import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isUniqueViolation } from '#server/db/database-errors.ts';
import { readKeyBundle } from '#server/db/key-bundle.ts';
import type { UserRow } from '#server/db/rows.ts';
import type { AppDeps } from '#server/deps.ts';
import { conflict, forbidden } from '#server/plugins/errors.ts';
import { type ImportSummary, MAX_IMPORT_ENTRIES } from '#shared/api/transfer.ts';
import { dayKey, parseDayKey } from '#shared/domain/calendar-day.ts';
import { importTally } from '#shared/domain/import-items.ts';
import { wordScore } from '#shared/domain/score.ts';
import { mergeStreak, streakFromDays } from '#shared/domain/streak-history.ts';
import { dayInZone } from '#shared/domain/zoned-day.ts';
import {
  contentKey,
  type ImportCandidate,
  type ImportPhoto,
  type ImportSource,
  openImportSource,
} from './import-sources.ts';
import {
  deleteImportedAnswer,
  existingPromptIds,
  findImportMatches,
  type ImportedAnswerRow,
  insertImportedAnswers,
  listAnsweredTimes,
  saveStreak,
} from './transfer.repo.ts';
import { ZipRefused } from './zip-reader.ts';

const BATCH = 200;
export const ALREADY_THERE = 'already in your journal';

/** A file of words sent to an encrypted journal (docs/ENCRYPTION.md): the server keeps none. */
export const WORDS_INTO_ENCRYPTED =
  'Your journal is encrypted: import from Müse on your device, which encrypts each entry before it is sent';
/** Encrypted entries sent to a journal without encryption: nothing could ever open them. */
export const SEALED_INTO_PLAIN = 'Encryption is off for this account: import the entries as words';

/** The calendar day ('YYYY-MM-DD') of an instant in a time zone ('' for a zone we lack). */
export function dayIn(iso: string, timeZone: string): string {
  const day = dayInZone(new Date(iso), timeZone);
  return day ? dayKey(day) : '';
}

/** Writes an upload to a private temporary file (a zip needs random access); removed after. */
export async function withUploadFile<T>(
  upload: Readable,
  work: (file: string) => Promise<T>,
): Promise<T> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'muse-import-'));
  const file = path.join(dir, 'upload');
  try {
    await pipeline(upload, fs.createWriteStream(file, { mode: 0o600 }));
    return await work(file);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

type RunOptions = {
  timeZone: string;
  write: boolean;
  /** The most an import may insert, in bytes of what it stores (413 past it). */
  maxBytes: number;
  /**
   * Called after the whole file was read and before anything is written, with what the import
   * will insert; it throws to refuse (the write budget's 429), and then nothing is written.
   */
  beforeWrite?: (plan: { entries: number; bytes: number }) => Promise<void>;
  /**
   * Attaches one of an entry's photos once the entry is written (decision 062), charged to the
   * write budget as it is stored; false when it could not come (not a photo, the hour's budget
   * spent), and it is then counted among what was not brought over.
   */
  storePhoto?: (answerId: string, photo: ImportPhoto) => Promise<boolean>;
};

/** What writing a batch left out: photos that could not come, photo-only entries without any. */
type Written = { photosLeft: number; emptied: number };

/** Roughly what one imported row stores beyond its strings: ids, times, flags, score. */
const ROW_BYTES = 200;

/** What an imported answer stores: its strings (the text twice when shared, the world's copy). */
export function storedBytes(c: ImportCandidate): number {
  return (
    ROW_BYTES +
    Buffer.byteLength(c.text) +
    (c.shared ? Buffer.byteLength(c.sealed?.sharedText ?? c.text) : 0) +
    Buffer.byteLength(c.prompt_title) +
    Buffer.byteLength(c.importKey) +
    Buffer.byteLength(c.type) +
    Buffer.byteLength(JSON.stringify(c.categories)) +
    Buffer.byteLength(JSON.stringify(c.tags))
  );
}

const megabytes = (bytes: number) => Math.floor(bytes / 1024 / 1024);

/**
 * Reads an import file and says what it would add; when `write`, reads it a second time and
 * inserts that, but only after the first reading came within the limits (entries, bytes) and
 * `beforeWrite` accepted it: a refused import writes nothing (issue 34 point 2). Memory stays
 * bounded by one batch either way. After writing, the streak is recounted from every answer's
 * day with the shared streak rules (decision 021).
 */
export async function runImport(
  deps: Pick<AppDeps, 'db'>,
  user: UserRow,
  file: string,
  options: RunOptions,
): Promise<ImportSummary> {
  // An encrypted journal takes only entries sealed on a device; any other, only words.
  const sealed = (await readKeyBundle(deps.db, user.id)) !== null;
  const plan = await readImport(deps, user, file, options, { sealed, insert: null });
  if (!options.write || plan.summary.entries === 0) return plan.summary;
  await options.beforeWrite?.({ entries: plan.summary.entries, bytes: plan.bytes });
  const done = await readImport(deps, user, file, options, {
    sealed,
    insert: (fresh) => insertFresh(deps, user, fresh, sealed, options.storePhoto),
  });
  await recountStreak(deps, user, options.timeZone);
  return done.summary;
}

/**
 * How a reading treats what it finds: `sealed` whether the journal takes only encrypted entries
 * (true) or only words (false), the first other one refusing the whole file. `insert` writes
 * each batch's fresh entries.
 */
type Reading = {
  sealed: boolean;
  insert: ((fresh: ImportCandidate[]) => Promise<Written>) | null;
};

/**
 * One reading, in batches of 200: each entry is checked against the caller's journal (import
 * key or same time + content) and against the file itself, counted and, with `insert`,
 * inserted. Past MAX_IMPORT_ENTRIES entries or `maxBytes` of what would be stored it stops at
 * once with a 413.
 */
async function readImport(
  deps: Pick<AppDeps, 'db'>,
  user: UserRow,
  file: string,
  options: RunOptions,
  reading: Reading,
): Promise<{ summary: ImportSummary; bytes: number }> {
  const source = await openImportSource(file, options.timeZone);
  try {
    return await readSource(deps, user, source, options, reading);
  } finally {
    source.close();
  }
}

async function readSource(
  deps: Pick<AppDeps, 'db'>,
  user: UserRow,
  source: ImportSource,
  options: RunOptions,
  { sealed, insert }: Reading,
): Promise<{ summary: ImportSummary; bytes: number }> {
  const tally = importTally();
  const { skip, leave } = tally;
  const seen = new Set<string>();
  let entries = 0;
  let bytes = 0;
  let from: string | null = null;
  let to: string | null = null;
  let batch: ImportCandidate[] = [];

  const flush = async () => {
    const current = batch;
    batch = [];
    const matches = await findImportMatches(
      deps.db,
      user.id,
      current.map((c) => c.importKey),
      current.map((c) => c.answered),
    );
    const present = new Set<string>();
    for (const match of matches) {
      if (match.import_key) present.add(match.import_key);
      present.add(contentKey(match.answered, match.prompt_title, match.text));
    }
    const fresh = current.filter((c) => {
      const repeat =
        present.has(c.importKey) || present.has(contentKey(c.answered, c.prompt_title, c.text));
      if (repeat) skip(ALREADY_THERE);
      return !repeat;
    });
    for (const c of fresh) {
      // The day the journal, calendar and streak show it on (a Day One entry's own day is
      // already its wall clock in this zone): the preview's range and the list agree.
      const day = dayIn(c.answered, options.timeZone);
      leave(c.left);
      entries += 1;
      bytes += storedBytes(c);
      if (from === null || day < from) from = day;
      if (to === null || day > to) to = day;
    }
    if (bytes > options.maxBytes) {
      throw new ZipRefused(
        `This file holds more than ${megabytes(options.maxBytes)} MB of writing: import it in parts`,
        413,
      );
    }
    if (insert) {
      const written = await insert(fresh);
      leave({ photos: written.photosLeft, photoOnly: written.emptied });
      entries -= written.emptied;
    }
  };

  // Leaving the loop early (a limit) returns the generator; readImport closes the zip.
  for await (const item of source.items) {
    if ('skip' in item) {
      skip(item.skip);
      continue;
    }
    if ('left' in item) {
      leave(item.left);
      continue;
    }
    if ((item.candidate.sealed !== null) !== sealed) {
      throw sealed ? conflict(WORDS_INTO_ENCRYPTED) : forbidden(SEALED_INTO_PLAIN);
    }
    const key = item.candidate.importKey;
    if (seen.has(key)) {
      skip('repeated in the file');
      continue;
    }
    if (seen.size >= MAX_IMPORT_ENTRIES) {
      throw new ZipRefused(
        `This file holds more than ${MAX_IMPORT_ENTRIES.toLocaleString('en')} entries: import it in parts`,
        413,
      );
    }
    seen.add(key);
    batch.push(item.candidate);
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length > 0) await flush();
  return { summary: tally.summary(source.format, entries, from, to), bytes };
}

async function insertFresh(
  deps: Pick<AppDeps, 'db'>,
  user: UserRow,
  fresh: ImportCandidate[],
  sealed: boolean,
  storePhoto: RunOptions['storePhoto'],
): Promise<Written> {
  const promptIds = await existingPromptIds(
    deps.db,
    fresh.flatMap((c) => (c.prompt_id ? [c.prompt_id] : [])),
  );
  const rows: ImportedAnswerRow[] = fresh.map((c) => ({
    id: randomUUID().replaceAll('-', ''),
    user_id: user.id,
    prompt_id: c.prompt_id && promptIds.has(c.prompt_id) ? c.prompt_id : null,
    prompt_title: c.prompt_title,
    answered: c.answered,
    modified: c.modified,
    text: c.text,
    type: c.type,
    categories: JSON.stringify(c.categories),
    tags: JSON.stringify(c.tags),
    shared: c.shared ? 1 : 0,
    shared_on: c.shared ? c.sharedOn : null,
    anonymous: c.anonymous ? 1 : 0,
    likes: 0,
    // An encrypted entry's words are its device's to count (docs/ENCRYPTION.md).
    score: c.sealed ? c.sealed.score : wordScore(c.text),
    // The feed shows the author's current picture (decision 017): nothing is copied.
    profile_picture: null,
    // A shared answer's world copy is its text as exported (decision 015); an encrypted one's,
    // the words its device sent.
    shared_text: c.shared ? (c.sealed ? c.sealed.sharedText : c.text) : null,
    shared_modified: c.shared ? c.modified : null,
    import_key: c.importKey,
    encrypted: c.sealed ? 1 : 0,
  }));
  try {
    // Encryption turned on or off since the file was read: refused, this batch rolled back.
    if (!(await insertImportedAnswers(deps.db, user.id, rows, sealed))) {
      throw sealed ? forbidden(SEALED_INTO_PLAIN) : conflict(WORDS_INTO_ENCRYPTED);
    }
  } catch (error) {
    // The unique (user_id, import_key) index: the same file is being imported elsewhere.
    if (isUniqueViolation(error)) throw conflict('This file is already being imported');
    throw error;
  }
  // One photo at a time, each unpacked to a temporary file and re-encoded: memory stays bounded.
  const written: Written = { photosLeft: 0, emptied: 0 };
  for (const [index, candidate] of fresh.entries()) {
    const row = rows[index];
    if (!row || candidate.photos.length === 0) continue;
    let stored = 0;
    for (const photo of candidate.photos) {
      if (storePhoto && (await storePhoto(row.id, photo))) stored += 1;
    }
    written.photosLeft += candidate.photos.length - stored;
    // A photo-only entry none of whose photos came is no entry after all.
    if (stored === 0 && candidate.text.trim() === '') {
      await deleteImportedAnswer(deps.db, user.id, row.id);
      written.emptied += 1;
    }
  }
  return written;
}

async function recountStreak(deps: Pick<AppDeps, 'db'>, user: UserRow, timeZone: string) {
  const todayKey = dayIn(new Date().toISOString(), timeZone);
  const today = parseDayKey(todayKey);
  if (!today) return;
  const days = (await listAnsweredTimes(deps.db, user.id)).map((iso) => dayIn(iso, timeZone));
  const next = mergeStreak(
    { streak: user.streak, longestStreak: user.longest_streak, last: user.last },
    streakFromDays(days, today),
    today,
  );
  await saveStreak(deps.db, user.id, {
    streak: next.streak,
    longest_streak: next.longestStreak,
    last: next.last,
  });
}
