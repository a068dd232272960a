import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { conflict, forbidden, HttpError } from '#server/plugins/errors.ts';
import { MAX_PHOTO_BYTES } from '#shared/domain/limits.ts';
import type { EncodedImage } from '../pictures/pictures.service.ts';

// Photos of an account whose entries are encrypted (issue 37 point 3, docs/ENCRYPTION.md
// *Photos*): sealed on the device as a `p1` photo, kept by the server as they came. It reads
// only their first byte and their size; their width and height are the device's word.

/** `p1`: the version byte, a 12-byte IV, then the ciphertext with its 16-byte tag. */
const P1_VERSION = 0x01;
const P1_OVERHEAD = 1 + 12 + 16;
/** A sealed photo is at most a photo's bytes and the seal around them. */
export const MAX_SEALED_PHOTO_BYTES = MAX_PHOTO_BYTES + P1_OVERHEAD;

export const PHOTO_TOO_BIG = `Photos are at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB`;
export const NOT_SEALED =
  'That is not a photo sealed on a device: an encrypted photo is a p1 file (docs/ENCRYPTION.md)';
/** A photo in words for an account with a key bundle (409). */
export const PHOTOS_SEALED = 'Your journal is encrypted: its photos are sealed on your device';
/** A sealed photo for an account without one (403): nothing could ever open it. */
export const PHOTOS_OPEN = 'Encryption is off for this account: send the photo as an image';

/** How a photo is sent: the image, which the server re-encodes, or sealed with its size. */
export type PhotoForm = {
  keepMetadata: boolean;
  sealed?: { width: number; height: number } | undefined;
};

/** The form a photo query names (photoUploadQuery, photoReplaceQuery: width and height with it). */
export function photoFormOf(query: {
  keep_metadata: boolean;
  encrypted: boolean;
  width?: number | undefined;
  height?: number | undefined;
}): PhotoForm {
  const { encrypted, width, height } = query;
  if (encrypted && width !== undefined && height !== undefined) {
    return { keepMetadata: false, sealed: { width, height } };
  }
  return { keepMetadata: query.keep_metadata };
}

/**
 * A photo's form against the account's encryption: sealed only with a key bundle, in words only
 * without one (unless `turningOff`: a photo sent again in words while encryption goes off).
 */
export function checkPhotoForm(
  encryptionOn: boolean,
  sealed: boolean,
  options: { turningOff?: boolean } = {},
): void {
  if (sealed && !encryptionOn) throw forbidden(PHOTOS_OPEN);
  if (!sealed && encryptionOn && !options.turningOff) throw conflict(PHOTOS_SEALED);
}

/**
 * Streams a sealed upload to a temporary directory, checks that it is a `p1` photo (its version
 * byte, and longer than the seal alone), and gives `use` the file as it came with the size the
 * device read; the directory goes afterwards whatever happens.
 */
export async function withSealedUpload<T>(
  upload: Readable,
  isTruncated: () => boolean,
  size: { width: number; height: number },
  use: (image: EncodedImage) => Promise<T>,
): Promise<T> {
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'muse-sealed-'));
  const file = path.join(workDir, 'photo.p1');
  try {
    await pipeline(upload, (await fs.open(file, 'w')).createWriteStream());
    if (isTruncated()) throw new HttpError(413, PHOTO_TOO_BIG);
    const bytes = (await fs.stat(file)).size;
    if (bytes <= P1_OVERHEAD || (await firstByte(file)) !== P1_VERSION) {
      throw new HttpError(415, NOT_SEALED);
    }
    return await use({ file, bytes, width: size.width, height: size.height });
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
  }
}

async function firstByte(file: string): Promise<number | undefined> {
  const handle = await fs.open(file, 'r');
  try {
    const buffer = Buffer.alloc(1);
    const { bytesRead } = await handle.read(buffer, 0, 1, 0);
    return bytesRead === 1 ? buffer[0] : undefined;
  } finally {
    await handle.close();
  }
}
