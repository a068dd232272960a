import fs from 'node:fs';
import path from 'node:path';
import { entryScreenOf, entryScreens } from '#shared/entry-screens.ts';
import { TODAY_FRAME_KEY } from '#shared/today-frame.ts';
import { TODAY_DATA_SLOT, TODAY_PICKER } from './today-frame.ts';

// index.html once per entry screen (shared/entry-screens.ts), with the screen's chunk, the
// chunks it imports and its stylesheet named up front, so the browser fetches them while the
// app's entry downloads instead of after the entry has run (one round trip less before the
// first paint on a phone). A screen prerendered at build time (scripts/prerender.ts: /home)
// also has its first render inside #root and its styles inline, so it paints with the page
// itself, before any stylesheet or script arrives; /answer/today's page (TODAY_FRAME_KEY) has
// the answer screen's frame for today's prompt instead, with a slot for the days' prompts that
// the server fills per request (client.ts). Built once at start-up from Vite's manifest;
// without a manifest (a dev server, a test's bare index.html) there are no such pages and
// index.html goes as it is. scripts/client-budget.ts walks the manifest with chunksOf too.

export type Chunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
export type Manifest = Record<string, Chunk>;

/** Every chunk `key` needs (itself and its static imports), in load order. */
export function chunksOf(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key) || !manifest[key]) return [];
  seen.add(key);
  return [key, ...(manifest[key].imports ?? []).flatMap((k) => chunksOf(manifest, k, seen))];
}

const attribute = (url: string) => url.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

const ROOT = '<div id="root"></div>';
/** The start of every tag that fetches a script or stylesheet before the app runs. */
const LOADS_UP_FRONT = /<(?:link rel="(?:modulepreload|preload)"|script type="module")/g;

/** Screen module → its first render, written by scripts/prerender.ts; none if not there. */
function readPrerendered(clientDir: string): Record<string, string> {
  const file = path.join(clientDir, '.vite/prerendered.json');
  return fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>)
    : {};
}

/**
 * `page` with the app's stylesheets (linked by index.html) and the screen's put inline, each
 * left as a link where it cannot be: not on disk, or with a url() that is relative to the file.
 */
function inlineStyles(clientDir: string, page: string, appCss: string[], screenCss: string[]) {
  const inline = (file: string) => {
    const full = path.join(clientDir, file);
    const text = fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : '';
    return text && !/url\(|<\/style/i.test(text) ? `<style>${text}</style>` : undefined;
  };
  let result = page;
  for (const file of appCss) {
    const link = `<link rel="stylesheet" crossorigin href="/${attribute(file)}">`;
    const style = inline(file);
    if (style && result.includes(link)) result = result.replace(link, () => style);
  }
  const own = screenCss.map(inline);
  if (own.every((style) => style !== undefined)) {
    result = result.replace('</head>', () => `${own.join('')}</head>`);
  } else {
    const links = screenCss.map(
      (file) => `<link rel="stylesheet" crossorigin href="/${attribute(file)}">`,
    );
    result = result.replace('</head>', () => `${links.join('')}</head>`);
  }
  return result;
}

/** Screen module → its index.html; empty when the build has no manifest. */
export function buildEntryPages(clientDir: string, indexHtml: string): Map<string, string> {
  const pages = new Map<string, string>();
  const manifestFile = path.join(clientDir, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile) || !indexHtml.includes('</head>')) return pages;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) return pages;
  // What index.html already loads: the entry, its imports (Vite preloads them) and their CSS.
  const loaded = new Set(chunksOf(manifest, entry));
  const loadedCss = new Set([...loaded].flatMap((key) => manifest[key]?.css ?? []));
  const prerendered = readPrerendered(clientDir);
  for (const { module } of entryScreens) {
    const chunks = chunksOf(manifest, module).filter((key) => !loaded.has(key));
    if (chunks.length === 0) continue;
    const css = [...new Set(chunks.flatMap((key) => manifest[key]?.css ?? []))].filter(
      (file) => !loadedCss.has(file),
    );
    const markup = indexHtml.includes(ROOT) ? prerendered[module] : undefined;
    const links = [
      ...chunks.map(
        (key) =>
          `<link rel="modulepreload" crossorigin href="/${attribute(manifest[key]?.file ?? '')}">`,
      ),
      // Fetched now, applied when the screen's chunk links it; with crossorigin, as Vite's
      // preload helper links CSS (a preload whose mode differs from its use is fetched twice).
      ...css.map(
        (file) => `<link rel="preload" as="style" crossorigin href="/${attribute(file)}">`,
      ),
    ];
    // Replaced by functions: the markup is written as it is, `$&` and all.
    let page = indexHtml.replace('</head>', () => `${links.join('')}</head>`);
    if (markup !== undefined) {
      // A prerendered screen paints with the page itself: its styles (the app's and its own)
      // go inline, so no stylesheet request stands between the page and its first paint.
      page = inlineStyles(clientDir, page, [...loadedCss], css);
      // Nothing fetched up front is needed for that paint: the scripts and stylesheets ask
      // for bandwidth after the page's own bytes, not beside them.
      page = page.replace(LOADS_UP_FRONT, (tag) => `${tag} fetchpriority="low"`);
      const today = prerendered[TODAY_FRAME_KEY];
      if (today !== undefined && module === entryScreenOf('/answer/today')) {
        // After the frame: the data, then the script that reads it into the frame's heading.
        const root = `<div id="root">${today}${TODAY_DATA_SLOT}<script>${TODAY_PICKER}</script></div>`;
        pages.set(
          TODAY_FRAME_KEY,
          page.replace(ROOT, () => root),
        );
      }
      page = page.replace(ROOT, () => `<div id="root">${markup}</div>`);
    }
    pages.set(module, page);
  }
  return pages;
}
