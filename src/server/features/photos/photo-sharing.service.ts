import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import type { AppDeps } from '#server/deps.ts';
import { parseSharedPhotos, type SharedPhoto } from '#shared/domain/shared-photos.ts';
import { listPhotosOfAnswer, listSharedPhotosOfUser } from './photos.repo.ts';

// The world's copies of an entry's photos (decision 062): made only when its author shares the
// entry with them, removed with the share, the photo, the entry or the account.

type PhotoDeps = Pick<AppDeps, 'db' | 'pictures'>;

/**
 * Public copies of the caller's entry's photos, for the world's copy of the entry when its
 * author shares its photos too (decision 062): each re-encoded again without any metadata (a
 * photo kept with its location is never published with it) and stored as a public picture
 * under a new random name that says nothing of the private one. A sealed photo stays private:
 * the server cannot open it (docs/ENCRYPTION.md *Photos*).
 */
export async function publishPhotos(
  deps: PhotoDeps,
  userId: string,
  answerId: string,
): Promise<SharedPhoto[]> {
  const rows = (await listPhotosOfAnswer(deps.db, answerId, userId)).filter(
    (row) => Number(row.encrypted) !== 1,
  );
  if (rows.length === 0) return [];
  const copies: SharedPhoto[] = [];
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'muse-publish-'));
  try {
    for (const row of rows) {
      const stream = await deps.pictures.readPrivate(row.storage_key);
      if (!stream) continue;
      const original = path.join(workDir, 'original');
      const output = path.join(workDir, 'public.webp');
      await pipeline(stream, (await fs.open(original, 'w')).createWriteStream());
      const info = await sharp(original).webp({ quality: 80 }).toFile(output);
      const url = await deps.pictures.put(output, `${randomBytes(16).toString('base64url')}.webp`);
      copies.push({ url, width: info.width, height: info.height, of: row.id });
    }
    return copies;
  } catch (error) {
    await unpublishPhotos(deps, copies);
    throw error;
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
  }
}

/** Removes public copies of photos (an unshare, a deletion): the world's copy goes whole. */
export async function unpublishPhotos(
  deps: PhotoDeps,
  copies: SharedPhoto[] | string | null | undefined,
): Promise<void> {
  const list = typeof copies === 'string' || !copies ? parseSharedPhotos(copies) : copies;
  for (const copy of list) await deps.pictures.remove(copy.url).catch(() => {});
}

/** Every public photo copy of the user's shared entries: listed before an account is erased. */
export async function publicPhotoCopiesOfUser(
  deps: PhotoDeps,
  userId: string,
): Promise<SharedPhoto[]> {
  return (await listSharedPhotosOfUser(deps.db, userId)).flatMap(parseSharedPhotos);
}
