import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { AwsV4Signer } from 'aws4fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage, createS3Storage } from './picture-storage.ts';

describe('the SigV4 signer (aws4fetch)', () => {
  // The worked example of AWS's "Signature Calculations for the Authorization Header" (GET
  // Object with a Range header): an independent check of the signer we rely on.
  it('reproduces the published S3 GET Object example', async () => {
    const signer = new AwsV4Signer({
      method: 'GET',
      url: 'https://examplebucket.s3.amazonaws.com/test.txt',
      headers: {
        Range: 'bytes=0-9',
        'x-amz-content-sha256': createHash('sha256').update('').digest('hex'),
      },
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      service: 's3',
      region: 'us-east-1',
      datetime: '20130524T000000Z',
      allHeaders: true,
    });
    const { headers } = await signer.sign();
    expect(headers.get('authorization')).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

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
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/s3\/aws4_request, SignedHeaders=cache-control;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
    // The body's hash is signed, so a store can tell a changed body.
    expect(put?.headers['x-amz-content-sha256']).toBe(
      createHash('sha256').update('RIFF....WEBP').digest('hex'),
    );
    expect(put?.headers['x-amz-security-token']).toBeUndefined();
    await storage.remove(url);
    expect(received[1]).toMatchObject({
      method: 'DELETE',
      url: '/muse-pictures/pictures/xyz.webp',
    });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("sends temporary credentials' session token, signed, and the store can verify it", async () => {
    received.length = 0;
    const credentials = {
      accessKeyId: 'ASIATEMPORARY',
      secretAccessKey: 'temporary secret',
      sessionToken: 'FwoGZXIvYXdzEXAMPLETOKEN',
    };
    const storage = createS3Storage({
      bucket: 'muse-pictures',
      region: 'eu-west-1',
      endpoint,
      ...credentials,
      publicUrl: 'https://cdn.muse.example',
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-s3-'));
    const file = path.join(dir, 'out.webp');
    fs.writeFileSync(file, 'RIFF....WEBP');
    await storage.put(file, 'tmp.webp');
    const put = received[0];
    expect(put?.headers['x-amz-security-token']).toBe(credentials.sessionToken);
    const authorization = String(put?.headers.authorization);
    const signedHeaders = /SignedHeaders=([^,]+)/.exec(authorization)?.[1]?.split(';') ?? [];
    expect(signedHeaders).toContain('x-amz-security-token');
    // Verify as the store would: sign what arrived with the same secret and compare.
    const verifier = new AwsV4Signer({
      method: 'PUT',
      url: `${endpoint}${put?.url}`,
      headers: Object.fromEntries(
        signedHeaders
          .filter((name) => name !== 'host')
          .map((name) => [name, String(put?.headers[name])]),
      ),
      ...credentials,
      service: 's3',
      region: 'eu-west-1',
      datetime: String(put?.headers['x-amz-date']),
    });
    expect((await verifier.sign()).headers.get('authorization')).toBe(authorization);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('private photo storage (decision 062)', () => {
  it('keeps photos under DATA_DIR/photos, 0700 and 0600, and refuses keys that are paths', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-disk-'));
    const source = path.join(dataDir, 'source.webp');
    fs.writeFileSync(source, 'photo bytes');
    const storage = createDiskStorage(dataDir);
    const key = 'abcdefghijklmnop.webp';
    await storage.putPrivate(source, key);
    expect(fs.statSync(path.join(dataDir, 'photos')).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dataDir, 'photos', key)).mode & 0o777).toBe(0o600);
    const stream = await storage.readPrivate(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('photo bytes');
    expect(await storage.readPrivate('qrstuvwxyzabcdef.webp')).toBeNull();
    await expect(storage.readPrivate('../../source.webp')).rejects.toThrow();
    await storage.removePrivate(key);
    expect(fs.existsSync(path.join(dataDir, 'photos', key))).toBe(false);
    // A sealed photo's file (docs/ENCRYPTION.md *Photos*) is .p1; no other kind is a key.
    await storage.putPrivate(source, 'abcdefghijklmnop.p1');
    expect(fs.existsSync(path.join(dataDir, 'photos', 'abcdefghijklmnop.p1'))).toBe(true);
    await expect(storage.putPrivate(source, 'abcdefghijklmnop.png')).rejects.toThrow();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('puts photos under the bucket’s photos/ prefix, never publicly cached, and reads them back', async () => {
    const objects = new Map<
      string,
      { body: Buffer; cacheControl: string | undefined; type: string | undefined }
    >();
    const server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const key = request.url ?? '';
        if (request.method === 'PUT') {
          const cacheControl = request.headers['cache-control'];
          const type = request.headers['content-type'];
          objects.set(key, { body: Buffer.concat(chunks), cacheControl, type });
          response.writeHead(200).end();
        } else if (request.method === 'GET') {
          const object = objects.get(key);
          if (object) response.writeHead(200).end(object.body);
          else response.writeHead(404).end('<Error>NoSuchKey</Error>');
        } else {
          objects.delete(key);
          response.writeHead(204).end();
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const storage = createS3Storage({
      bucket: 'muse',
      region: 'eu-west-1',
      endpoint: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'secret',
      sessionToken: null,
      publicUrl: 'https://cdn.muse.example',
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-s3-'));
    const file = path.join(dir, 'out.webp');
    fs.writeFileSync(file, 'private photo');
    const key = 'abcdefghijklmnop.webp';
    await storage.putPrivate(file, key);
    expect([...objects.keys()]).toEqual([`/muse/photos/${key}`]);
    expect(objects.get(`/muse/photos/${key}`)?.cacheControl).toBe('private');
    const chunks: Buffer[] = [];
    for await (const chunk of (await storage.readPrivate(key)) ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('private photo');
    expect(await storage.readPrivate('qrstuvwxyzabcdef.webp')).toBeNull();
    await storage.removePrivate(key);
    expect(objects.size).toBe(0);
    // A sealed photo is stored as bytes, not as an image.
    await storage.putPrivate(file, 'abcdefghijklmnop.p1');
    expect(objects.get('/muse/photos/abcdefghijklmnop.p1')?.type).toBe('application/octet-stream');
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
