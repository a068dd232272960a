import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildUser, post } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';

function multipart(filename: string, content: Buffer, type = 'application/octet-stream') {
  const boundary = '----muse-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="picture"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A tiny PNG whose header claims 100,000 × 100,000 pixels: a decompression bomb. */
function pixelBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(100_000, 0);
  header.writeUInt32BE(100_000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describeEachDatabase('profile picture upload', (get) => {
  let app: FastifyInstance;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join((await import('node:os')).tmpdir(), 'muse-pictures-'));
    app = await buildTestApp(get().db, { dataDir });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = (user: { cookie: string } | null, body: ReturnType<typeof multipart>) =>
    app.inject({
      method: 'POST',
      url: '/api/user/picture',
      payload: body.payload,
      headers: { ...body.headers, ...(user ? { cookie: user.cookie } : {}) },
    });

  it('stores a 512 px square WebP without metadata and serves it', async () => {
    const user = await buildUser(get().db);
    const photo = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: '#c08040' },
    })
      .jpeg()
      .withExif({
        IFD0: { Copyright: 'secret', Artist: 'Someone' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1' },
      })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const response = await upload(user, multipart('holiday.txt', photo, 'text/plain'));
    expect(response.statusCode).toBe(200);
    const url: string = response.json().profilePicture;
    expect(url).toMatch(/^\/media\/pictures\/[A-Za-z0-9_-]+\.webp$/);
    const served = await app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('immutable');
    const stored = await sharp(served.rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(stored.exif).toBeUndefined();
    const saved = await post(app, '/api/user/profilePicture', { profilePicture: url }, user);
    expect(saved.json().user.profilePicture).toBe(url);
  });

  it('refuses files that are not images, whatever their name says', async () => {
    const user = await buildUser(get().db);
    const response = await upload(
      user,
      multipart('photo.jpg', Buffer.from('<svg onload="alert(1)"></svg>'), 'image/jpeg'),
    );
    expect(response.statusCode).toBe(415);
  });

  it('refuses a pixel bomb before decoding it', async () => {
    const user = await buildUser(get().db);
    const response = await upload(user, multipart('bomb.png', pixelBomb(), 'image/png'));
    expect(response.statusCode).toBe(413);
    expect(fs.readdirSync(path.join(dataDir, 'pictures'))).not.toContain('bomb.png');
  });

  it('needs a named user', async () => {
    const anonymous = await buildUser(get().db, { name: '' });
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await upload(anonymous, multipart('a.png', png))).statusCode).toBe(403);
    expect((await upload(null, multipart('a.png', png))).statusCode).toBe(401);
  });
});
