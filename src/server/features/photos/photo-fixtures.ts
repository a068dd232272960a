import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import yauzl from 'yauzl';
import type { TestUser } from '#tests/support/factories.ts';

// Test fixtures for entry photos: camera-like JPEGs, sealed photos, their upload and export.

/** A JPEG with a camera's EXIF: its maker, and where it was taken (GPS). */
export function cameraJpeg(
  width = 1200,
  height = 800,
  options: { orientation?: number } = {},
): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: '#4080c0' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Artist: 'Someone' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 0/1',
      },
    });
  // A phone held upright stores the pixels sideways and says so in EXIF's Orientation.
  return (
    options.orientation ? image.withMetadata({ orientation: options.orientation }) : image
  ).toBuffer();
}

export function photoForm(content: Buffer, filename = 'photo.jpg', type = 'image/jpeg') {
  const boundary = '----muse-photo-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function uploadPhoto(
  app: FastifyInstance,
  user: TestUser | null,
  answerId: string,
  content: Buffer,
  query = '',
) {
  const form = photoForm(content);
  return app.inject({
    method: 'POST',
    url: `/api/answer/photo/upload?answer_id=${answerId}${query}`,
    payload: form.payload,
    headers: { ...form.headers, ...(user ? { cookie: user.cookie } : {}) },
  });
}

/** Sends `content` in place of one of `user`'s photos (`query`: its form). */
export function replacePhoto(
  app: FastifyInstance,
  user: TestUser | null,
  photoId: string,
  content: Buffer,
  query = '',
) {
  const form = photoForm(content, 'photo');
  return app.inject({
    method: 'POST',
    url: `/api/answer/photo/replace?photo_id=${photoId}${query}`,
    payload: form.payload,
    headers: { ...form.headers, ...(user ? { cookie: user.cookie } : {}) },
  });
}

/**
 * A sealed photo's shape (docs/ENCRYPTION.md *Photos*, `p1`): the version byte, an IV, and
 * `bytes` of "ciphertext" with its tag. Random: the server never opens one.
 */
export function sealedPhoto(bytes = 256): Buffer {
  return Buffer.concat([Buffer.from([0x01]), randomBytes(12), randomBytes(bytes + 16)]);
}

/** The query of a sealed photo of this size. */
export const SEALED = '&encrypted=true&width=640&height=480';

export function getPhoto(app: FastifyInstance, user: TestUser | null, url: string) {
  return app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });
}

/** Whether EXIF holds a GPS block (its IFD pointer tag 0x8825, in either byte order). */
export function hasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}

/** Every file in a zip, by name. */
export function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error);
      const files = new Map<string, Buffer>();
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, async (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          for await (const chunk of stream) chunks.push(chunk as Buffer);
          files.set(entry.fileName, Buffer.concat(chunks));
          file.readEntry();
        });
      });
      file.on('end', () => resolve(files));
      file.on('error', reject);
      file.readEntry();
    });
  });
}
