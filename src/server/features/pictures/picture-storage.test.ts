import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage, createS3Storage } from './picture-storage.ts';

describe('disk picture storage', () => {
  it('stores under DATA_DIR/pictures and removes only its own names', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-disk-'));
    const source = path.join(dataDir, 'source.webp');
    fs.writeFileSync(source, 'webp bytes');
    const storage = createDiskStorage(dataDir);
    const url = await storage.put(source, 'abc.webp');
    expect(url).toBe('/media/pictures/abc.webp');
    expect(fs.readFileSync(path.join(dataDir, 'pictures/abc.webp'), 'utf8')).toBe('webp bytes');
    expect(storage.owns(url)).toBe(true);
    expect(storage.owns('/media/pictures/../../etc/passwd')).toBe(false);
    await storage.remove('/media/pictures/../source.webp');
    expect(fs.existsSync(source)).toBe(true);
    await storage.remove(url);
    expect(fs.existsSync(path.join(dataDir, 'pictures/abc.webp'))).toBe(false);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('S3-compatible picture storage', () => {
  const received: {
    method: string;
    url: string;
    headers: http.IncomingHttpHeaders;
    body: Buffer;
  }[] = [];
  let server: http.Server;
  let endpoint = '';
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({
          method: request.method ?? '',
          url: request.url ?? '',
          headers: request.headers,
          body: Buffer.concat(chunks),
        });
        response.writeHead(request.method === 'DELETE' ? 204 : 200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    endpoint = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => {
    server.close();
  });

  it('PUTs a signed object into the bucket and DELETEs it again', async () => {
    const storage = createS3Storage({
      bucket: 'muse-pictures',
      region: 'eu-west-1',
      endpoint,
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'secret',
      sessionToken: null,
      publicUrl: 'https://cdn.muse.example',
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-s3-'));
    const file = path.join(dir, 'out.webp');
    fs.writeFileSync(file, 'RIFF....WEBP');
    const url = await storage.put(file, 'xyz.webp');
    expect(url).toBe('https://cdn.muse.example/pictures/xyz.webp');
    expect(storage.owns(url)).toBe(true);
    expect(storage.owns('https://elsewhere.example/pictures/xyz.webp')).toBe(false);
    const put = received[0];
    expect(put).toMatchObject({ method: 'PUT', url: '/muse-pictures/pictures/xyz.webp' });
    expect(put?.body.toString()).toBe('RIFF....WEBP');
    expect(put?.headers['content-type']).toBe('image/webp');
    expect(put?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/s3\/aws4_request, SignedHeaders=cache-control;content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
    await storage.remove(url);
    expect(received[1]).toMatchObject({
      method: 'DELETE',
      url: '/muse-pictures/pictures/xyz.webp',
    });
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
