import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

// The app's pages leave the not-found handler, which @fastify/compress never sees (it compresses
// routes, and that handler is none): the entry pages, 22–25 KB with their prerendered markup and
// inline styles, went out as they were, two round trips of a phone's first TCP window instead
// of one. Each page is compressed when it is made, with brotli and gzip, and sent in the
// encoding the browser prefers among those it accepts.

export type EncodedPage = { identity: string; br: Buffer; gzip: Buffer };
export type PageEncoding = 'br' | 'gzip';

/** `html` compressed both ways; a lower brotli quality for pages made per request. */
export function encodePage(
  html: string,
  brotliQuality = zlib.constants.BROTLI_MAX_QUALITY,
): EncodedPage {
  const bytes = Buffer.from(html);
  return {
    identity: html,
    br: zlib.brotliCompressSync(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzip: zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
  };
}

/**
 * What to send for an Accept-Encoding header: the accepted one of brotli and gzip with the higher
 * q (brotli on a tie), none when neither is (absent, or `;q=0`). `*` stands for any not named.
 */
export function chosenEncoding(header: string | string[] | undefined): PageEncoding | null {
  const weights = new Map<string, number>();
  for (const part of [header ?? ''].flat().join(',').split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (name === '') continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: PageEncoding) => weights.get(name) ?? weights.get('*') ?? 0;
  const [br, gzip] = [weightOf('br'), weightOf('gzip')];
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : null;
}

/** Sends `page` in the encoding the request accepts (caches keep the encodings apart). */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: EncodedPage) {
  reply.header('Vary', 'Accept-Encoding');
  const encoding = chosenEncoding(request.headers['accept-encoding']);
  if (encoding === null) return reply.send(page.identity);
  return reply.header('Content-Encoding', encoding).send(page[encoding]);
}
