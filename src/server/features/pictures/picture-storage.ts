import fs from 'node:fs/promises';
import path from 'node:path';

/** Where processed pictures go: the data dir by default (served under /media/pictures/). */
export type PictureStorage = {
  /** Stores the finished file and answers the URL the profile should hold. */
  put(localFile: string, name: string): Promise<string>;
  /** Removes a picture this storage made, given its URL; ignores URLs it did not make. */
  remove(url: string): Promise<void>;
};

export const PICTURE_URL_PREFIX = '/media/pictures/';
export const PICTURE_NAME = /^[A-Za-z0-9_-]+\.webp$/;

export function pictureDir(dataDir: string): string {
  return path.join(dataDir, 'pictures');
}

export function createDiskStorage(dataDir: string): PictureStorage {
  const dir = pictureDir(dataDir);
  return {
    async put(localFile, name) {
      await fs.mkdir(dir, { recursive: true });
      await fs.rename(localFile, path.join(dir, name));
      return `${PICTURE_URL_PREFIX}${name}`;
    },
    async remove(url) {
      if (!url.startsWith(PICTURE_URL_PREFIX)) return;
      const name = url.slice(PICTURE_URL_PREFIX.length);
      if (!PICTURE_NAME.test(name)) return;
      await fs.rm(path.join(dir, name), { force: true });
    },
  };
}
