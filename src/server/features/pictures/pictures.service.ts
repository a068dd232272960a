import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp, { type Metadata, type Sharp } from 'sharp';
import type { AppDeps } from '#server/deps.ts';
import { badRequest, forbidden, HttpError } from '#server/plugins/errors.ts';
import type { PictureStorage } from './picture-storage.ts';
import {
  deletePictureRow,
  findPicture,
  isPictureReferenced,
  listPicturesOf,
  recordUpload,
  setProfilePictureOf,
} from './pictures.repo.ts';
import { sniffImage } from './sniff.ts';

/** SPEC §5/§9: pictures up to 104857600 bytes (src/shared/domain/limits.ts). */
export { MAX_PICTURE_BYTES } from '#shared/domain/limits.ts';
/** Anything with more pixels than this is refused from its header, before decoding. */
export const MAX_PICTURE_PIXELS = 50_000_000;
export const PICTURE_SIZE = 512;

// libvips keeps its own cache of decoded images; a server handling uploads needs none of it.
sharp.cache(false);
sharp.concurrency(1);

async function readHead(file: string): Promise<Uint8Array> {
  const handle = await fs.open(file, 'r');
  try {
    const buffer = Buffer.alloc(32);
    const { bytesRead } = await handle.read(buffer, 0, 32, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** What an upload became: the re-encoded file, its size and its dimensions. */
export type EncodedImage = { file: string; bytes: number; width: number; height: number };

/**
 * Streams an upload to a temporary directory (never holding it in memory), checks that it
 * really is an image of sane dimensions, and writes what `encode` makes of it (orientation
 * already applied by rotate()) to `out.webp` there; `use` is given the result, and the
 * directory goes afterwards whatever happens. `tooBig` is the 413's sentence.
 */
export async function withEncodedUpload<T>(
  upload: Readable,
  isTruncated: () => boolean,
  tooBig: string,
  encode: (image: Sharp) => Sharp,
  use: (image: EncodedImage) => Promise<T>,
): Promise<T> {
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'muse-upload-'));
  const original = path.join(workDir, 'original');
  const output = path.join(workDir, 'out.webp');
  try {
    await pipeline(upload, (await fs.open(original, 'w')).createWriteStream());
    if (isTruncated()) throw new HttpError(413, tooBig);
    return await use(await encodeImageFile(original, output, encode));
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
  }
}

/** Checks and re-encodes an image file already on disk (an upload, a photo from an import). */
export async function encodeImageFile(
  original: string,
  output: string,
  encode: (image: Sharp) => Sharp,
): Promise<EncodedImage> {
  const kind = sniffImage(await readHead(original));
  if (!kind)
    throw new HttpError(
      415,
      'That file is not a picture we can use (JPEG, PNG, GIF, WebP or AVIF)',
    );
  let metadata: Metadata;
  try {
    metadata = await sharp(original, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(415, 'That picture could not be read');
  }
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0) * Math.max(1, metadata.pages ?? 1);
  if (pixels === 0 || pixels > MAX_PICTURE_PIXELS) {
    throw new HttpError(413, 'That picture has too many pixels');
  }
  try {
    // rotate() applies the EXIF orientation; metadata is not copied unless `encode` asks.
    const info = await encode(
      sharp(original, { limitInputPixels: MAX_PICTURE_PIXELS, failOn: 'error' }).rotate(),
    ).toFile(output);
    return { file: output, bytes: info.size, width: info.width, height: info.height };
  } catch {
    throw new HttpError(415, 'That picture could not be read');
  }
}

/**
 * Streams an upload to a temporary file, checks it, and stores a square WebP without metadata
 * (EXIF, GPS). `beforeStore` is told the size of what will be stored, and may refuse it by
 * throwing.
 */
export async function processPictureUpload(
  upload: Readable,
  storage: PictureStorage,
  isTruncated: () => boolean,
  beforeStore: (bytes: number) => Promise<void> = async () => {},
): Promise<string> {
  return withEncodedUpload(
    upload,
    isTruncated,
    'Pictures are at most 100 MB',
    (image) =>
      image
        .resize(PICTURE_SIZE, PICTURE_SIZE, { fit: 'cover', position: 'attention' })
        .webp({ quality: 82 }),
    async (encoded) => {
      await beforeStore(encoded.bytes);
      return storage.put(encoded.file, `${randomBytes(16).toString('base64url')}.webp`);
    },
  );
}

type PictureDeps = Pick<AppDeps, 'db' | 'pictures'>;

/** Records who uploaded the stored picture: only they may ever set it (issue 13). */
export async function recordPictureUpload(
  deps: PictureDeps,
  userId: string,
  url: string,
): Promise<void> {
  await recordUpload(deps.db, { url, user_id: userId, uploaded_at: new Date().toISOString() });
}

/**
 * Removes one of the user's uploads unless someone still points at it (a user set it before
 * uploads were recorded). The row goes first, so nobody can set a picture whose file is gone.
 */
async function releasePicture(deps: PictureDeps, userId: string, url: string): Promise<void> {
  if (await isPictureReferenced(deps.db, url)) return;
  if (await deletePictureRow(deps.db, url, userId)) await deps.pictures.remove(url);
}

/**
 * Sets the caller's picture to one of their own uploads (400 for an unknown URL, 403 for
 * someone else's) and removes the picture it replaces if nobody references it any more.
 */
export async function setProfilePicture(
  deps: PictureDeps,
  user: { id: string; profile_picture: string | null },
  url: string,
): Promise<void> {
  const picture = deps.pictures.owns(url) ? await findPicture(deps.db, url) : undefined;
  if (!picture) throw badRequest('Upload the picture first');
  if (picture.user_id !== user.id) throw forbidden('That picture is not yours');
  await setProfilePictureOf(deps.db, user.id, url);
  if (user.profile_picture && user.profile_picture !== url) {
    await releasePicture(deps, user.id, user.profile_picture);
  }
}

/** The user's uploads, for their export: set or not, while they exist. */
export async function listOwnPictures(
  deps: PictureDeps,
  userId: string,
): Promise<{ url: string; uploaded: string }[]> {
  const rows = await listPicturesOf(deps.db, userId);
  return rows.map((row) => ({ url: row.url, uploaded: row.uploaded_at }));
}

/**
 * After an account is erased (its upload rows went with it): removes those files that nobody
 * else points at. `urls` are listed before the erasure.
 */
export async function removeErasedPictures(deps: PictureDeps, urls: string[]): Promise<void> {
  for (const url of urls) {
    if (!(await isPictureReferenced(deps.db, url))) await deps.pictures.remove(url);
  }
}
