import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { entryScreenOf } from '#shared/entry-screens.ts';
import { type DayPrompts, TODAY_FRAME_KEY } from '#shared/today-frame.ts';
import { isApiRequest } from './canonical-path.ts';
import { type EncodedPage, encodePage, sendPage } from './encoded-page.ts';
import { buildEntryPages } from './entry-pages.ts';
import { TODAY_DATA_SLOT, todayDataBlock } from './today-frame.ts';

/**
 * A path that names a file (a stored picture, a built asset, anything with an extension) is
 * never a client route: when it is missing the answer is a 404, not index.html with a 200, so
 * a deleted picture or a stale asset reads as gone (issue 13). Client routes carry no dots.
 * The same for the well-known files crawlers and browsers ask for (/.well-known/*, a missing
 * /favicon.ico or /sitemap.xml): never the app's page (issue 16). robots.txt is a real file.
 */
export function isAssetPath(pathname: string): boolean {
  if (pathname.startsWith('/media/') || pathname.startsWith('/assets/')) return true;
  if (pathname.startsWith('/.well-known/')) return true;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return /\.[A-Za-z0-9]{1,8}$/.test(last);
}

/**
 * Serves the built client: hashed assets cached for a year, everything else revalidated, and
 * every unknown non-API GET answered with index.html so client routes work on reload.
 * `daysPrompts` gives /answer/today's page its prompts (shared/today-frame.ts); without it, or
 * when it fails, that page is the answer screen's like any other.
 */
export async function registerClient(
  app: FastifyInstance,
  clientDir: string,
  daysPrompts?: () => Promise<DayPrompts>,
): Promise<void> {
  const indexFile = path.join(clientDir, 'index.html');
  const hasClient = fs.existsSync(indexFile);
  const entryPages = hasClient
    ? buildEntryPages(clientDir, fs.readFileSync(indexFile, 'utf8'))
    : new Map<string, string>();
  // Compressed once, here; /answer/today's template is filled per request (todayPage).
  const encodedPages = new Map(
    [...entryPages]
      .filter(([key]) => key !== TODAY_FRAME_KEY)
      .map(([key, page]) => [key, encodePage(page)]),
  );
  const todayPage = filledToday(entryPages.get(TODAY_FRAME_KEY));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // name.br / name.gz written at build time (vite.config.ts), chosen by Accept-Encoding.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // HEAD is GET without the body (a link checker, a crawler): the same answer.
    const reads = request.method === 'GET' || request.method === 'HEAD';
    if (isApiRequest(request) || !reads) {
      return reply.status(404).send({ error: `No such call: ${request.method} ${pathname}` });
    }
    if (isAssetPath(pathname)) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    }
    if (!hasClient) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The client is not built yet: run `npm run build`.');
    }
    reply.header('Cache-Control', 'no-cache');
    reply.type('text/html; charset=utf-8');
    // An entry screen's page names its chunks up front (entry-pages.ts), compressed.
    const entryPage = encodedPages.get(entryScreenOf(pathname) ?? '');
    if (entryPage === undefined) return reply.sendFile('index.html');
    if (pathname === '/answer/today' && todayPage && daysPrompts) {
      return daysPrompts().then(
        (prompts) => sendPage(request, reply, todayPage(prompts) ?? entryPage),
        (error: unknown) => {
          request.log.warn({ err: error }, "today's prompts unread: the page goes without");
          return sendPage(request, reply, entryPage);
        },
      );
    }
    return sendPage(request, reply, entryPage);
  });
}

/**
 * /answer/today's page with the days' prompts in its slot, compressed; null without prompts.
 * The same prompts come back for a minute (cachedDaysPrompts), so the page made for them is kept
 * and a request only compares them.
 */
function filledToday(template: string | undefined) {
  if (template === undefined) return null;
  let last: { prompts: DayPrompts; page: EncodedPage | null } | null = null;
  return (prompts: DayPrompts): EncodedPage | null => {
    if (last?.prompts !== prompts) {
      const filled = template.replace(TODAY_DATA_SLOT, () => todayDataBlock(prompts));
      // Made while a person waits: brotli at a quality that takes a millisecond, not fifty.
      const page = Object.keys(prompts).length > 0 ? encodePage(filled, 5) : null;
      last = { prompts, page };
    }
    return last.page;
  };
}
