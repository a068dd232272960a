import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chosenEncoding, encodePage } from './encoded-page.ts';

describe('encoded pages', () => {
  it('picks brotli, then gzip, by what Accept-Encoding allows', () => {
    expect(chosenEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chosenEncoding('gzip, deflate')).toBe('gzip');
    expect(chosenEncoding('GZIP')).toBe('gzip');
    expect(chosenEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chosenEncoding('gzip;q=1.0, br;q=0.5')).toBe('gzip');
    expect(chosenEncoding('br;q=0.8, gzip;q=0.8')).toBe('br');
    expect(chosenEncoding('*')).toBe('br');
    expect(chosenEncoding('*;q=0.5, br;q=0')).toBe('gzip');
    expect(chosenEncoding(['deflate', 'gzip'])).toBe('gzip');
    for (const none of [
      undefined,
      '',
      'identity',
      'deflate',
      'gzip;q=0, br;q=0',
      '*;q=0',
      'br;q=x',
    ]) {
      expect(chosenEncoding(none)).toBeNull();
    }
  });

  it('keeps the same page in each encoding', () => {
    const html = `<!doctype html><title>Müse</title>${'<p>What went well today?</p>'.repeat(200)}`;
    const page = encodePage(html);
    expect(zlib.brotliDecompressSync(page.br).toString()).toBe(html);
    expect(zlib.gunzipSync(page.gzip).toString()).toBe(html);
    expect(page.br.length).toBeLessThan(Buffer.byteLength(html) / 10);
  });
});
