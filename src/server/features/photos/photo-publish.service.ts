import { randomBytes } from 'node:crypto';
import type { AppDeps } from '#server/deps.ts';
import { conflict, notFound } from '#server/plugins/errors.ts';
import { withEncodedUpload } from '../pictures/pictures.service.ts';
import { unpublishPhotos } from './photo-sharing.service.ts';
import { addSharedCopy, findOwnPhoto } from './photos.repo.ts';
import { encodePhoto, type PhotoUpload } from './photos.service.ts';
import { PHOTO_TOO_BIG } from './sealed-photos.ts';

// A shared encrypted entry's photos in the world (docs/ENCRYPTION.md *Photos*, decision 066).

type PhotoDeps = Pick<AppDeps, 'db' | 'pictures'>;

export const NOT_SEALED_TO_PUBLISH =
  'This photo is not sealed: sharing its entry with its photos publishes it';
export const ENTRY_NOT_SHARED = 'Share the entry before its photos';

/**
 * A sealed photo's public copy (docs/ENCRYPTION.md *Photos*): the server cannot open it, so its
 * owner's device sends the image it opened, after sharing the entry. Checked and re-encoded as an
 * upload is, without any metadata, stored as a public picture under a new name, and added to the
 * world's copy of the entry (in place of an earlier copy of the same photo). The entry must be
 * shared; its copies go with the share as every other's do. Answers the entry's id.
 */
export async function publishOpenedPhoto(
  deps: PhotoDeps,
  userId: string,
  photoId: string,
  upload: PhotoUpload,
  beforeStore: (bytes: number) => Promise<void>,
): Promise<string> {
  const row = await findOwnPhoto(deps.db, photoId, userId);
  if (!row || Number(row.encrypted) !== 1) {
    upload.stream.resume();
    throw row ? conflict(NOT_SEALED_TO_PUBLISH) : notFound('No such photo');
  }
  await withEncodedUpload(
    upload.stream,
    upload.truncated,
    PHOTO_TOO_BIG,
    encodePhoto(false),
    async (encoded) => {
      await beforeStore(encoded.bytes);
      const url = await deps.pictures.put(
        encoded.file,
        `${randomBytes(16).toString('base64url')}.webp`,
      );
      const copy = { url, width: encoded.width, height: encoded.height, of: photoId };
      const earlier = await addSharedCopy(deps.db, row.answer_id, userId, copy).catch(
        async (error: unknown) => {
          await unpublishPhotos(deps, [copy]);
          throw error;
        },
      );
      if (earlier === 'not-shared') {
        await unpublishPhotos(deps, [copy]);
        throw conflict(ENTRY_NOT_SHARED);
      }
      if (earlier) await unpublishPhotos(deps, [earlier]);
    },
  );
  return row.answer_id;
}
