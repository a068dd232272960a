import { deviceKey } from '#client/encryption/device-key.ts';
import { decryptEntry, encryptEntry, UnreadableEntryError } from '#client/encryption/entries.ts';
import { JournalLockedError } from '#client/state/answers/answer-codec.ts';
import { getState, setState } from '#client/state/store/app-store.ts';
import type { ImportSummary } from '#shared/api/transfer.ts';
import { dayKey } from '#shared/domain/calendar-day.ts';
import { MAX_PHOTO_BYTES } from '#shared/domain/limits.ts';
import { wordScore } from '#shared/domain/score.ts';
import { dayInZone } from '#shared/domain/zoned-day.ts';
import { type ImportEntry, readImportOnDevice } from './read-on-device.ts';
import type { DeviceZipEntry } from './zip-on-device.ts';

// Issue 37 point 4: an import into an encrypted journal (docs/ENCRYPTION.md). This device reads
// the file (any format Müse reads, read-on-device.ts), leaves out what the journal already
// holds, encrypts each entry and makes of them a Müse JSON file of encrypted entries, which the
// ordinary import then writes as it writes any file: its budgets, all or nothing, and the same
// file again adding nothing. None of the file's words leave the device unsealed.

/** Why an entry of the file stays out, beside the server's reasons. */
export const ALREADY_THERE = 'already in your journal';
export const OTHER_KEY = 'encrypted with a key this journal does not have';

/** An entry's photos to add once the import has written it, found again by its words. */
export type PhotosToAdd = {
  answered: string;
  title: string;
  text: string;
  files: DeviceZipEntry[];
};

/** How many photos a plan adds. */
export const photoCount = (plan: readonly PhotosToAdd[]) =>
  plan.reduce((sum, entry) => sum + entry.files.length, 0);

/** An encrypted journal's import, ready: the file to send, what it adds, what stays behind. */
export type SealedImport = {
  file: File;
  summary: ImportSummary;
  /** The photos of the entries it adds (a Day One zip's), sealed and sent after it. */
  photos: PhotosToAdd[];
};

const sameEntry = (answered: string, title: string, text: string) =>
  `${answered}\u0000${title}\u0000${text}`;

/**
 * Reads `file` here, encrypts its new entries with this device's key and returns
 * them as a Müse JSON file, with the preview of what importing it adds. JournalLockedError
 * without the key.
 */
export async function sealImport(file: File, timeZone: string): Promise<SealedImport> {
  const { user } = getState();
  const key = deviceKey(user._id);
  if (!key) {
    setState({ journalKey: 'missing' });
    throw new JournalLockedError();
  }
  const read = await readImportOnDevice(file, timeZone);
  // The journal as this device holds it, opened: what an import would repeat.
  const present = new Set(
    getState().answers.map((a) => sameEntry(a.answered, a.prompt_title, a.text)),
  );
  const skipped = new Map(read.preview.skipped.map((s) => [s.reason, s.count]));
  const skip = (reason: string) => skipped.set(reason, (skipped.get(reason) ?? 0) + 1);
  const sealed: Record<string, unknown>[] = [];
  const photos: PhotosToAdd[] = [];
  let from: string | null = null;
  let to: string | null = null;
  for (const entry of read.entries) {
    const words = await wordsOf(key, entry);
    if (!words) {
      skip(OTHER_KEY);
      continue;
    }
    const seen = sameEntry(entry.answered, entry.prompt_title, words.text);
    if (present.has(seen)) {
      skip(ALREADY_THERE);
      continue;
    }
    present.add(seen);
    sealed.push(await sealEntry(key, entry, words));
    if (entry.photos.length > 0) {
      const { answered, prompt_title: title } = entry;
      photos.push({ answered, title, text: words.text, files: entry.photos });
    }
    const written = dayInZone(new Date(entry.answered), timeZone);
    const day = written ? dayKey(written) : null;
    if (day && (from === null || day < from)) from = day;
    if (day && (to === null || day > to)) to = day;
  }
  const body = JSON.stringify({ exported: new Date().toISOString(), answers: sealed });
  return {
    file: new File([body], 'encrypted-import.json', { type: 'application/json' }),
    summary: {
      ...read.preview,
      entries: sealed.length,
      from,
      to,
      skipped: [...skipped].map(([reason, count]) => ({ reason, count })),
    },
    photos,
  };
}

/** An entry's words and tags: as read, or opened when the file held it encrypted. */
async function wordsOf(
  key: CryptoKey,
  entry: ImportEntry,
): Promise<{ text: string; tags: string[] } | null> {
  if (!entry.encrypted) return { text: entry.text, tags: entry.tags };
  try {
    return await decryptEntry(key, entry.text);
  } catch (error) {
    if (error instanceof UnreadableEntryError) return null;
    throw error;
  }
}

/** One answer of the Müse JSON file the import takes (docs/ENCRYPTION.md). */
async function sealEntry(
  key: CryptoKey,
  entry: ImportEntry,
  words: { text: string; tags: string[] },
): Promise<Record<string, unknown>> {
  return {
    prompt_id: entry.prompt_id,
    prompt_title: entry.prompt_title,
    text: await encryptEntry(key, words),
    encrypted: true,
    score: wordScore(words.text),
    type: entry.type,
    categories: entry.categories,
    answered: entry.answered,
    modified: entry.modified,
    shared: entry.shared,
    sharedOn: entry.sharedOn,
    anonymous: entry.anonymous,
    // A shared entry's world copy stays words, by the person's choice: as an import of words
    // makes it, its text.
    ...(entry.shared ? { sharedText: entry.sharedText ?? words.text } : {}),
    ...(entry.importKey ? { importKey: entry.importKey } : {}),
  };
}

/**
 * After the import: each entry's photos from the file, kept on this device sealed and sent by
 * the photo queue (photo-queue.ts), so a photo the connection or the hour's budget holds back
 * is sent later, and one this browser cannot read says so on its entry. Entries are found by
 * their time, title and words among the journal's, as loaded after the import. How many were
 * queued.
 */
export async function addImportedPhotos(plan: readonly PhotosToAdd[]): Promise<number> {
  if (plan.length === 0) return 0;
  const byWords = new Map(
    getState().answers.map((a) => [sameEntry(a.answered, a.prompt_title, a.text), a._id]),
  );
  const queue = await import('#client/state/answers/photo-queue.ts');
  let queued = 0;
  for (const entry of plan) {
    const answerId = byWords.get(sameEntry(entry.answered, entry.title, entry.text));
    if (!answerId) continue;
    const files = await Promise.all(
      entry.files.map(
        async (photo) =>
          new File([await photo.read(MAX_PHOTO_BYTES)], photo.name.split('/').pop() ?? 'photo'),
      ),
    );
    queued += (await queue.queuePhotos(answerId, files, false)).length;
  }
  void queue.uploadQueuedPhotos();
  return queued;
}
