import { fetchExport } from '#client/api/account.ts';
import { fetchPhotoBytes } from '#client/api/transfer.ts';
import { UnreadableEntryError } from '#client/encryption/entries.ts';
import { openAnswer } from '#client/state/answers/answer-codec.ts';
import { photoImage } from '#client/state/answers/photo-sealing.ts';
import type { Answer } from '#shared/api/answers.ts';
import type { Photo } from '#shared/api/photos.ts';
import { MARKDOWN_FOLDER, markdownExportFiles } from '#shared/domain/markdown-format.ts';
import { storedZip } from './markdown-zip.ts';

// Issue 37 point 4: with encryption on, the server holds ciphertext, so the exports a person
// takes away are made here, where the entries open (docs/ENCRYPTION.md). The JSON export is the
// server's with its answers opened; the Markdown zip is built here with the server's own format
// (src/shared/domain/markdown-format.ts) and the same photos beside each entry.

/**
 * `answers` as words: each encrypted one opened and no longer marked encrypted, so the file says
 * what it holds. One that does not open on this device (sealed with another key, altered) stays
 * as it came, still marked: kept, never passed off as words. JournalLockedError without the key.
 */
export async function openForExport(answers: readonly Answer[]): Promise<Answer[]> {
  const opened: Answer[] = [];
  for (const answer of answers) {
    if (!answer.encrypted) {
      opened.push(answer);
      continue;
    }
    try {
      const { encrypted: _sealed, ...words } = await openAnswer(answer);
      opened.push(words);
    } catch (error) {
      if (!(error instanceof UnreadableEntryError)) throw error;
      opened.push(answer);
    }
  }
  return opened;
}

const utf8 = new TextEncoder();

/** A photo's image, opened here when it is sealed (docs/ENCRYPTION.md *Photos*). */
async function photoBytes(photo: Photo): Promise<Uint8Array<ArrayBuffer>> {
  if (!photo.encrypted) return fetchPhotoBytes(photo.url);
  return new Uint8Array(await (await photoImage(photo)).arrayBuffer());
}

/**
 * The Markdown export of an encrypted journal, built on this device: the same files, names and
 * photos as the server's zip (/api/user/export/markdown), with the words. Photos are read one
 * at a time from /api/answer/photo/{id}, and opened here when sealed.
 */
export async function markdownZipOnDevice(timeZone: string): Promise<Blob> {
  const data = await fetchExport();
  const answers = await openForExport(data.answers);
  const photosOf = new Map<string, Photo[]>();
  for (const photo of data.photos ?? []) {
    photosOf.set(photo.answer_id, [...(photosOf.get(photo.answer_id) ?? []), photo]);
  }
  const files = markdownExportFiles(answers, timeZone, (id) => photosOf.get(id)?.length ?? 0);
  const parts: { name: string; bytes: Uint8Array }[] = [];
  for (const [at, file] of files.entries()) {
    parts.push({ name: `${MARKDOWN_FOLDER}/${file.name}`, bytes: utf8.encode(file.markdown) });
    const photos = photosOf.get(answers[at]?._id ?? '') ?? [];
    for (const [index, name] of file.photoNames.entries()) {
      const photo = photos[index];
      if (photo) parts.push({ name: `${MARKDOWN_FOLDER}/${name}`, bytes: await photoBytes(photo) });
    }
  }
  return new Blob([storedZip(parts)], { type: 'application/zip' });
}
