import { lockKeyBundle } from '#server/db/key-bundle.ts';
import { inTransaction } from '#server/db/transaction.ts';
import type { AppDeps } from '#server/deps.ts';
import { notFound } from '#server/plugins/errors.ts';
import type { Photo } from '#shared/api/photos.ts';
import { presentPhoto } from './photos.present.ts';
import { findOwnPhoto, type PhotoRow, swapPhotoFile } from './photos.repo.ts';
import {
  encryptsPhotos,
  newPhotoKey,
  type PhotoUpload,
  withPhotoUpload,
} from './photos.service.ts';
import { checkPhotoForm, type PhotoForm } from './sealed-photos.ts';

// Turning encryption on or off (docs/ENCRYPTION.md *Photos*): a device sends each of its
// person's photos again in the other form. The photo keeps its id, its entry and its place.

type PhotoDeps = Pick<AppDeps, 'db' | 'pictures'>;

/**
 * One of the caller's photos in another form: checked and stored as an upload is, charged by
 * `beforeStore`, then put in place of the file read first, in one statement only while the photo
 * still names that file; the old file goes after. Sealed only with a key bundle (403); in words
 * also while the bundle is there, since that is how encryption goes off (the save's `plain`).
 * Not the caller's, or gone meanwhile: 404. Replaced by someone else meanwhile: these bytes are
 * not kept and the photo as it now is is answered, its `encrypted` saying which form it holds.
 */
export async function replacePhoto(
  deps: PhotoDeps,
  userId: string,
  photoId: string,
  upload: PhotoUpload,
  options: { form: PhotoForm; beforeStore: (bytes: number) => Promise<void> },
): Promise<Photo> {
  const before = await findOwnPhoto(deps.db, photoId, userId);
  if (!before) throw notFound('No such photo');
  const sealed = options.form.sealed !== undefined;
  checkPhotoForm(await encryptsPhotos(deps, userId), sealed, { turningOff: true });
  return withPhotoUpload(upload, options.form, async (image) => {
    await options.beforeStore(image.bytes);
    const key = newPhotoKey(sealed);
    await deps.pictures.putPrivate(image.file, key);
    let swapped: PhotoRow | undefined;
    try {
      swapped = await inTransaction(deps.db, async (trx) => {
        const row = await swapPhotoFile(trx, photoId, userId, before.storage_key, {
          storage_key: key,
          bytes: image.bytes,
          width: image.width,
          height: image.height,
          encrypted: sealed ? 1 : 0,
        });
        // Asked again under the user's row lock (db/key-bundle.ts), as an upload does.
        if (row) checkPhotoForm(await lockKeyBundle(trx, userId), sealed, { turningOff: true });
        return row;
      });
    } catch (error) {
      await deps.pictures.removePrivate(key);
      throw error;
    }
    if (!swapped) {
      await deps.pictures.removePrivate(key);
      const now = await findOwnPhoto(deps.db, photoId, userId);
      if (!now) throw notFound('No such photo');
      return presentPhoto(now);
    }
    await deps.pictures.removePrivate(before.storage_key);
    return presentPhoto(swapped);
  });
}
