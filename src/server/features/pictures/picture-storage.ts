import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { AwsClient } from 'aws4fetch';
import type { S3Config } from '#server/config.ts';

/** Where processed pictures go: the data dir by default, an S3-compatible bucket if configured. */
export type PictureStorage = {
  /** Stores the finished file and answers the URL the profile should hold. */
  put(localFile: string, name: string): Promise<string>;
  /** Whether a URL points at a picture this storage could have made. */
  owns(url: string): boolean;
  /** Removes a picture this storage made, given its URL; ignores URLs it did not make. */
  remove(url: string): Promise<void>;
  /**
   * Entry photos (decision 062) are private: kept under a key, never given a URL, read back
   * by the server for their owner alone. Disk: DATA_DIR/photos (0700, files 0600), never
   * served statically; S3: the bucket's photos/ prefix, which the bucket must not make public.
   */
  putPrivate(localFile: string, key: string): Promise<void>;
  /** The stored photo's bytes as a stream; null when there is no such key. */
  readPrivate(key: string): Promise<Readable | null>;
  /** Removes a private photo; a missing one is fine. */
  removePrivate(key: string): Promise<void>;
};

export const PICTURE_URL_PREFIX = '/media/pictures/';
export const PICTURE_NAME = /^[A-Za-z0-9_-]+\.webp$/;

export function pictureDir(dataDir: string): string {
  return path.join(dataDir, 'pictures');
}

/** Where entry photos are kept on disk: beside the pictures, never served as files. */
export function photoDir(dataDir: string): string {
  return path.join(dataDir, 'photos');
}

/**
 * A private photo's key: random, made by the server, never a path. `.webp` for an image the
 * server made, `.p1` for one sealed on its author's device (docs/ENCRYPTION.md *Photos*).
 */
export const PHOTO_KEY = /^[A-Za-z0-9_-]{16,64}\.(webp|p1)$/;

/** What a stored object is: a sealed photo's bytes are nothing a reader could show. */
function contentTypeOf(key: string): string {
  return key.endsWith('.p1') ? 'application/octet-stream' : 'image/webp';
}

function checkedKey(key: string): string {
  if (!PHOTO_KEY.test(key)) throw new Error('Not a photo key');
  return key;
}

function nameIn(url: string, prefix: string): string | null {
  if (!url.startsWith(prefix)) return null;
  const name = url.slice(prefix.length);
  return PICTURE_NAME.test(name) ? name : null;
}

export function createDiskStorage(dataDir: string): PictureStorage {
  const dir = pictureDir(dataDir);
  return {
    async put(localFile, name) {
      await fs.mkdir(dir, { recursive: true });
      await fs.copyFile(localFile, path.join(dir, name));
      return `${PICTURE_URL_PREFIX}${name}`;
    },
    owns: (url) => nameIn(url, PICTURE_URL_PREFIX) !== null,
    async remove(url) {
      const name = nameIn(url, PICTURE_URL_PREFIX);
      if (name) await fs.rm(path.join(dir, name), { force: true });
    },
    async putPrivate(localFile, key) {
      const photos = photoDir(dataDir);
      await fs.mkdir(photos, { recursive: true, mode: 0o700 });
      const target = path.join(photos, checkedKey(key));
      await fs.copyFile(localFile, target);
      await fs.chmod(target, 0o600);
    },
    async readPrivate(key) {
      try {
        const handle = await fs.open(path.join(photoDir(dataDir), checkedKey(key)), 'r');
        return handle.createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async removePrivate(key) {
      await fs.rm(path.join(photoDir(dataDir), checkedKey(key)), { force: true });
    },
  };
}

/**
 * Path-style addressing (`endpoint/bucket/key`) works with AWS and the S3-compatible stores.
 * Requests are signed (SigV4) by aws4fetch, a maintained client; temporary credentials add
 * their session token (S3_SESSION_TOKEN) as X-Amz-Security-Token. The payload's SHA-256 is
 * signed too, so the store refuses a body changed on the way. Every instance writes to and
 * names the same bucket, so every instance serves every picture.
 */
export function createS3Storage(config: S3Config, fetchImpl: typeof fetch = fetch): PictureStorage {
  const publicPrefix = `${config.publicUrl}/pictures/`;
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    ...(config.sessionToken ? { sessionToken: config.sessionToken } : {}),
    service: 's3',
    region: config.region,
    retries: 0,
  });
  async function signed(
    method: 'GET' | 'PUT' | 'DELETE',
    key: string,
    body?: Buffer,
    cacheControl = 'public, max-age=31536000, immutable',
  ): Promise<Response> {
    const url = `${config.endpoint}/${config.bucket}/${key}`;
    const headers: Record<string, string> = {
      'x-amz-content-sha256': createHash('sha256')
        .update(body ?? '')
        .digest('hex'),
      ...(body ? { 'content-type': contentTypeOf(key), 'cache-control': cacheControl } : {}),
    };
    const request = await client.sign(url, {
      method,
      headers,
      ...(body ? { body: new Uint8Array(body) } : {}),
    });
    return fetchImpl(request);
  }
  async function send(
    method: 'PUT' | 'DELETE',
    key: string,
    body?: Buffer,
    cacheControl?: string,
  ): Promise<void> {
    const response = await signed(method, key, body, cacheControl);
    await response.body?.cancel();
    if (!response.ok && !(method === 'DELETE' && response.status === 404)) {
      throw new Error(`S3 ${method} failed with ${response.status}`);
    }
  }
  return {
    async put(localFile, name) {
      await send('PUT', `pictures/${name}`, await fs.readFile(localFile));
      return `${publicPrefix}${name}`;
    },
    owns: (url) => nameIn(url, publicPrefix) !== null,
    async remove(url) {
      const name = nameIn(url, publicPrefix);
      if (name) await send('DELETE', `pictures/${name}`);
    },
    async putPrivate(localFile, key) {
      await send('PUT', `photos/${checkedKey(key)}`, await fs.readFile(localFile), 'private');
    },
    async readPrivate(key) {
      const response = await signed('GET', `photos/${checkedKey(key)}`);
      if (!response.ok || !response.body) {
        await response.body?.cancel();
        if (response.status === 404) return null;
        throw new Error(`S3 GET failed with ${response.status}`);
      }
      return Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
    },
    async removePrivate(key) {
      await send('DELETE', `photos/${checkedKey(key)}`);
    },
  };
}
