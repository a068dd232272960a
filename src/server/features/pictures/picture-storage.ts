import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
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
};

export const PICTURE_URL_PREFIX = '/media/pictures/';
export const PICTURE_NAME = /^[A-Za-z0-9_-]+\.webp$/;

export function pictureDir(dataDir: string): string {
  return path.join(dataDir, 'pictures');
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
  async function send(method: 'PUT' | 'DELETE', name: string, body?: Buffer): Promise<void> {
    const url = `${config.endpoint}/${config.bucket}/pictures/${name}`;
    const headers: Record<string, string> = {
      'x-amz-content-sha256': createHash('sha256')
        .update(body ?? '')
        .digest('hex'),
      ...(body
        ? { 'content-type': 'image/webp', 'cache-control': 'public, max-age=31536000, immutable' }
        : {}),
    };
    const signed = await client.sign(url, {
      method,
      headers,
      ...(body ? { body: new Uint8Array(body) } : {}),
    });
    const response = await fetchImpl(signed);
    await response.body?.cancel();
    if (!response.ok && !(method === 'DELETE' && response.status === 404)) {
      throw new Error(`S3 ${method} failed with ${response.status}`);
    }
  }
  return {
    async put(localFile, name) {
      await send('PUT', name, await fs.readFile(localFile));
      return `${publicPrefix}${name}`;
    },
    owns: (url) => nameIn(url, publicPrefix) !== null,
    async remove(url) {
      const name = nameIn(url, publicPrefix);
      if (name) await send('DELETE', name);
    },
  };
}
