import { fetchAllPhotos, fetchPhotos, publishPhoto, replacePhoto } from '#client/api/photos.ts';
import { fetchPhotoBytes } from '#client/api/transfer.ts';
import { deviceKey } from '#client/encryption/device-key.ts';
import { openPhoto, sealPhoto } from '#client/encryption/photos.ts';
import type { Photo } from '#shared/api/photos.ts';
import { PHOTO_LONGEST_SIDE } from '#shared/domain/limits.ts';
import { getState } from '../store/app-store.ts';
import { JournalLockedError } from './codec-errors.ts';

// The photos of an account whose entries are encrypted (docs/ENCRYPTION.md *Photos*): sealed
// on this device before they are kept or sent, opened here to be shown. Loaded only for such an
// account: everyone else's photos are images the server re-encodes.

/** A photo as an encrypted journal keeps it: sealed bytes, and its size in pixels. */
export type SealedPhoto = { bytes: Uint8Array<ArrayBuffer>; width: number; height: number };

/** Said of a file the browser cannot draw: it is not sealed, sent or kept. */
export const UNREADABLE_IMAGE = 'this browser cannot read it as a photo';

function journalKey(): CryptoKey {
  const key = deviceKey(getState().user._id);
  if (!key) throw new JournalLockedError();
  return key;
}

/**
 * A chosen photo, re-encoded here as the server would (upright, its longest side at most
 * PHOTO_LONGEST_SIDE, WebP, none of the camera's metadata: a canvas keeps only pixels), then
 * sealed. A browser that cannot write WebP writes PNG; a reader tells them by their first bytes.
 */
export async function sealChosenPhoto(file: Blob): Promise<SealedPhoto> {
  const key = journalKey();
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new Error(UNREADABLE_IMAGE);
  }
  try {
    const scale = Math.min(1, PHOTO_LONGEST_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = new OffscreenCanvas(width, height);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, width, height);
    const image = await canvas.convertToBlob({ type: 'image/webp', quality: 0.8 });
    return {
      bytes: await sealPhoto(key, new Uint8Array(await image.arrayBuffer())),
      width,
      height,
    };
  } finally {
    bitmap.close();
  }
}

/** Sealed bytes opened: the image, to show or to send as words. */
export async function openSealedBytes(sealed: Blob | Uint8Array<ArrayBuffer>): Promise<Blob> {
  const bytes = sealed instanceof Blob ? new Uint8Array(await sealed.arrayBuffer()) : sealed;
  return new Blob([await openPhoto(journalKey(), bytes)]);
}

/** A photo the server keeps, as its image: opened here when it is sealed. */
export async function photoImage(photo: Pick<Photo, 'url' | 'encrypted'>): Promise<Blob> {
  const bytes = await fetchPhotoBytes(photo.url);
  return photo.encrypted ? openSealedBytes(bytes) : new Blob([bytes]);
}

/** An image the server kept in words (already re-encoded by it), sealed as it is. */
export async function sealImage(image: Blob): Promise<Uint8Array<ArrayBuffer>> {
  return sealPhoto(journalKey(), new Uint8Array(await image.arrayBuffer()));
}

/**
 * Turning encryption on (`seal`) or off: every photo the server keeps in the other form is read,
 * sealed or opened here, and sent again in its place (`/api/answer/photo/replace`). Throws when one could not be (offline): what was
 * turned stays turned, and the next try takes the rest.
 */
export async function turnPhotos(seal: boolean): Promise<void> {
  for (const photo of await fetchAllPhotos()) {
    if (Boolean(photo.encrypted) === seal) continue;
    const image = await photoImage(photo);
    if (seal) {
      const sealed = new Blob([await sealImage(image)]);
      await replacePhoto(photo.id, sealed, {
        sealed: { width: photo.width, height: photo.height },
      });
    } else {
      // What was sealed was re-encoded already, without the camera's metadata: kept as it is.
      await replacePhoto(photo.id, image, { keepMetadata: true });
    }
  }
}

/**
 * A shared entry's sealed photos, into the world's copy: each opened here and sent as the image
 * (the server makes the public copy, as it does from a photo in words when the entry is shared).
 * Throws when one could not go (offline): sharing again sends them again.
 */
export async function publishSealedPhotos(answerId: string): Promise<void> {
  for (const photo of await fetchPhotos(answerId)) {
    if (photo.encrypted) await publishPhoto(photo.id, await photoImage(photo));
  }
}
