import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Sharp } from 'sharp';
import { isUniqueViolation } from '#server/db/database-errors.ts';
import { lockKeyBundle, readKeyBundle } from '#server/db/key-bundle.ts';
import { inTransaction } from '#server/db/transaction.ts';
import type { AppDeps } from '#server/deps.ts';
import { HttpError, notFound } from '#server/plugins/errors.ts';
import type { Photo } from '#shared/api/photos.ts';
import { MAX_PHOTOS_PER_ENTRY, PHOTO_LONGEST_SIDE } from '#shared/domain/limits.ts';
import { type EncodedImage, withEncodedUpload } from '../pictures/pictures.service.ts';
import { unpublishPhotos } from './photo-sharing.service.ts';
import { presentPhoto } from './photos.present.ts';
import {
  deleteOwnPhotoRow,
  deleteSealedPhotoRows,
  findOwnPhoto,
  insertPhotoIfRoom,
  isOwnAnswer,
  listPhotosOfAnswer,
  listPhotosOfUser,
  type PhotoRow,
  takeSharedCopyOf,
} from './photos.repo.ts';
import {
  checkPhotoForm,
  PHOTO_TOO_BIG,
  type PhotoForm,
  withSealedUpload,
} from './sealed-photos.ts';

// Photos attached to an entry (issue 35 point 3, decision 062). They are private personal
// data: every read and change is asked with the caller's own id, and someone else's photo or
// entry is answered as if it did not exist (404), admins included.

type PhotoDeps = Pick<AppDeps, 'db' | 'pictures'>;

export const TOO_MANY_PHOTOS = `An entry holds at most ${MAX_PHOTOS_PER_ENTRY} photos`;
const NO_ENTRY = 'No such entry';
const KEY_USED_ELSEWHERE = 'That upload key was used for a photo of another entry';

/**
 * What a photo becomes: turned upright, its longest side at most PHOTO_LONGEST_SIDE, WebP.
 * The camera's metadata (EXIF with its GPS location, XMP) goes unless the person keeps it.
 */
export function encodePhoto(keepMetadata: boolean) {
  return (image: Sharp) => {
    const scaled = image.resize(PHOTO_LONGEST_SIDE, PHOTO_LONGEST_SIDE, {
      fit: 'inside',
      withoutEnlargement: true,
    });
    return (keepMetadata ? scaled.keepMetadata() : scaled).webp({ quality: 80 });
  };
}

/**
 * The id of the photo a client uploads under its own `upload_key`: the same key from the same
 * person names the same photo, so an upload sent again after its answer was lost (a photo
 * queued offline) finds the first one instead of adding a second. Derived with the user's id,
 * so one person's keys can never meet another's photos.
 */
export function keyedPhotoId(userId: string, uploadKey: string): string {
  return createHash('sha256').update(`${userId}\n${uploadKey}`).digest('base64url').slice(0, 32);
}

/**
 * A new stored file's name: random, never the photo's id (a keyed upload sent twice at once
 * stores two files, and the one whose row loses must not take the winner's file with it), and
 * `.p1` for a sealed photo.
 */
export function newPhotoKey(sealed: boolean): string {
  return `${randomBytes(16).toString('base64url')}.${sealed ? 'p1' : 'webp'}`;
}

/**
 * Stores a photo (encoded, or `sealed` as it came) and records it on the entry; the file goes
 * again if the row can't.
 */
export async function storePhoto(
  deps: PhotoDeps,
  userId: string,
  answerId: string,
  encoded: EncodedImage,
  photoId: string = randomBytes(16).toString('base64url'),
  sealed = false,
): Promise<Photo> {
  const id = photoId;
  const key = newPhotoKey(sealed);
  await deps.pictures.putPrivate(encoded.file, key);
  let stored: PhotoRow | 'full' | 'no-answer';
  try {
    stored = await inTransaction(deps.db, async (trx) => {
      const row = await insertPhotoIfRoom(
        trx,
        {
          id,
          user_id: userId,
          answer_id: answerId,
          storage_key: key,
          width: encoded.width,
          height: encoded.height,
          bytes: encoded.bytes,
          created_at: new Date().toISOString(),
          encrypted: sealed ? 1 : 0,
        },
        MAX_PHOTOS_PER_ENTRY,
      );
      // Asked again after the insert, under the user's row lock (db/key-bundle.ts), as a save
      // does: encryption switched at the same moment either sees this photo or refuses it.
      if (typeof row !== 'string') checkPhotoForm(await lockKeyBundle(trx, userId), sealed);
      return row;
    });
  } catch (error) {
    await deps.pictures.removePrivate(key);
    const first = isUniqueViolation(error) && (await findOwnPhoto(deps.db, id, userId));
    if (first && first.answer_id === answerId) return presentPhoto(first);
    throw error;
  }
  if (stored === 'full' || stored === 'no-answer') {
    await deps.pictures.removePrivate(key);
    throw stored === 'full' ? new HttpError(409, TOO_MANY_PHOTOS) : notFound(NO_ENTRY);
  }
  return presentPhoto(stored);
}

/** The checks an upload can fail before its bytes are read: the entry is the caller's, with room. */
async function assertRoomFor(deps: PhotoDeps, userId: string, answerId: string): Promise<void> {
  if (!(await isOwnAnswer(deps.db, answerId, userId))) throw notFound(NO_ENTRY);
  const photos = await listPhotosOfAnswer(deps.db, answerId, userId);
  if (photos.length >= MAX_PHOTOS_PER_ENTRY) throw new HttpError(409, TOO_MANY_PHOTOS);
}

/** An upload read from the request: its stream, and whether it was cut at the size limit. */
export type PhotoUpload = { stream: Readable; truncated: () => boolean };

/**
 * Streams an upload to a temporary file and checks it: an image is re-encoded (encodePhoto), a
 * sealed photo kept as it came (withSealedUpload). `use` is given what will be stored.
 */
export function withPhotoUpload<T>(
  upload: PhotoUpload,
  form: PhotoForm,
  use: (image: EncodedImage) => Promise<T>,
): Promise<T> {
  if (form.sealed) return withSealedUpload(upload.stream, upload.truncated, form.sealed, use);
  return withEncodedUpload(
    upload.stream,
    upload.truncated,
    PHOTO_TOO_BIG,
    encodePhoto(form.keepMetadata),
    use,
  );
}

/** Whether the user's account has a key bundle: its photos are sealed on its devices. */
export async function encryptsPhotos(deps: PhotoDeps, userId: string): Promise<boolean> {
  return (await readKeyBundle(deps.db, userId)) !== null;
}

/**
 * An upload attached to one of the caller's entries: its form checked against the account's
 * encryption before anything is read, streamed to a temporary file, checked, re-encoded or kept
 * sealed (withPhotoUpload), charged to the write budget by what is kept (`beforeStore`), stored
 * privately, recorded.
 */
export async function attachUploadedPhoto(
  deps: PhotoDeps,
  userId: string,
  answerId: string,
  upload: PhotoUpload,
  options: {
    form: PhotoForm;
    beforeStore: (bytes: number) => Promise<void>;
    /** The client's key for this upload: sent again, it gets the photo kept the first time. */
    uploadKey?: string | undefined;
  },
): Promise<Photo> {
  const photoId = options.uploadKey ? keyedPhotoId(userId, options.uploadKey) : undefined;
  const first = photoId ? await findOwnPhoto(deps.db, photoId, userId) : undefined;
  if (first) {
    upload.stream.resume();
    if (first.answer_id !== answerId) throw new HttpError(409, KEY_USED_ELSEWHERE);
    return presentPhoto(first);
  }
  const sealed = options.form.sealed !== undefined;
  checkPhotoForm(await encryptsPhotos(deps, userId), sealed);
  await assertRoomFor(deps, userId, answerId);
  return withPhotoUpload(upload, options.form, async (image) => {
    await options.beforeStore(image.bytes);
    return storePhoto(deps, userId, answerId, image, photoId, sealed);
  });
}

/**
 * A photo brought by an import (Day One's photos/<md5>.<type>) for an entry the import just
 * wrote: unpacked to a temporary file, checked and re-encoded like an upload (the camera's
 * metadata dropped), charged by `beforeStore`, stored. Null when it could not come: not a photo
 * we can read, or refused by the budget; any other failure is thrown.
 */
export async function attachImportedPhoto(
  deps: PhotoDeps,
  userId: string,
  answerId: string,
  open: () => Promise<Readable>,
  beforeStore: (bytes: number) => Promise<void>,
): Promise<Photo | null> {
  try {
    return await withPhotoUpload(
      { stream: await open(), truncated: () => false },
      { keepMetadata: false },
      async (encoded) => {
        await beforeStore(encoded.bytes);
        return storePhoto(deps, userId, answerId, encoded);
      },
    );
  } catch (error) {
    if (error instanceof HttpError && error.statusCode >= 400 && error.statusCode < 500)
      return null;
    throw error;
  }
}

/**
 * The photos of one of the caller's entries. Anyone else's entry, or one not on the server
 * yet (a new entry, one written offline), has none the caller can see: an empty list, so
 * opening an editor never makes a 404 to fetch.
 */
export async function listEntryPhotos(
  deps: PhotoDeps,
  userId: string,
  answerId: string,
): Promise<Photo[]> {
  return (await listPhotosOfAnswer(deps.db, answerId, userId)).map(presentPhoto);
}

/** Every photo of the caller's, entry by entry in order. */
export async function listUserPhotos(deps: PhotoDeps, userId: string): Promise<Photo[]> {
  return (await listPhotosOfUser(deps.db, userId)).map(presentPhoto);
}

/** Every photo of the caller's with its stored file's key: for their exports. */
export async function listOwnPhotos(
  deps: PhotoDeps,
  userId: string,
): Promise<(Photo & { key: string })[]> {
  return (await listPhotosOfUser(deps.db, userId)).map((row) => ({
    ...presentPhoto(row),
    key: row.storage_key,
  }));
}

/**
 * The bytes of one of the caller's photos, and whether they are sealed; 404 for anyone else's,
 * admins included.
 */
export async function openOwnPhoto(
  deps: PhotoDeps,
  userId: string,
  photoId: string,
): Promise<{ stream: Readable; bytes: number; sealed: boolean }> {
  const row = await findOwnPhoto(deps.db, photoId, userId);
  const stream = row ? await deps.pictures.readPrivate(row.storage_key) : null;
  if (!row || !stream) throw notFound('No such photo');
  return { stream, bytes: Number(row.bytes), sealed: Number(row.encrypted) === 1 };
}

/** A stored photo's bytes by its key (the caller's own, from listOwnPhotos): for exports. */
export function readOwnPhotoFile(deps: PhotoDeps, key: string): Promise<Readable | null> {
  return deps.pictures.readPrivate(key);
}

/**
 * Removes one of the caller's photos: the row, then the file; and its public copy, if it was
 * shared with its entry (what the person takes away leaves the world too).
 */
export async function deletePhoto(deps: PhotoDeps, userId: string, photoId: string): Promise<void> {
  const removed = await deleteOwnPhotoRow(deps.db, photoId, userId);
  if (!removed) throw notFound('No such photo');
  await deps.pictures.removePrivate(removed.storage_key);
  const shared = await takeSharedCopyOf(deps.db, removed.answer_id, userId, photoId);
  if (shared) await unpublishPhotos(deps, [shared]);
}

/**
 * The stored files of an entry's photos, listed before it is deleted (the rows go with the
 * answer, by their foreign key); removeStoredPhotos takes the files after.
 */
export async function photoKeysOfAnswer(
  deps: PhotoDeps,
  userId: string,
  answerId: string,
): Promise<string[]> {
  return (await listPhotosOfAnswer(deps.db, answerId, userId)).map((row) => row.storage_key);
}

/** Every stored file of the user's photos: listed before an account is erased. */
export async function photoKeysOfUser(deps: PhotoDeps, userId: string): Promise<string[]> {
  return (await listPhotosOfUser(deps.db, userId)).map((row) => row.storage_key);
}

/**
 * Deletes the user's sealed photos (their key forfeited: nobody can open them any more): the
 * rows, then the files.
 */
export async function deleteSealedPhotos(deps: PhotoDeps, userId: string): Promise<void> {
  await removeStoredPhotos(deps, await deleteSealedPhotoRows(deps.db, userId));
}

/** Removes stored photo files whose rows are gone; one that fails does not stop the rest. */
export async function removeStoredPhotos(deps: PhotoDeps, keys: string[]): Promise<void> {
  const failed: unknown[] = [];
  for (const key of keys) {
    await deps.pictures.removePrivate(key).catch((error: unknown) => failed.push(error));
  }
  if (failed.length > 0) throw failed[0];
}
