import fs from 'node:fs';
import path from 'node:path';
import { entryScreens } from '#shared/entry-screens.ts';

// index.html once per entry screen (shared/entry-screens.ts), with the screen's chunk, the
// chunks it imports and its stylesheet named up front, so the browser fetches them while the
// app's entry downloads instead of after the entry has run (one round trip less before the
// first paint on a phone). A screen prerendered at build time (scripts/prerender.ts: /home)
// also has its first render inside #root and its stylesheet linked, so it paints before any
// JavaScript runs. Built once at start-up from Vite's manifest; without a manifest (a dev
// server, a test's stub page) there are no such pages and index.html goes as it is.

type Chunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
type Manifest = Record<string, Chunk>;

/** Every chunk `key` needs (itself and its static imports), in load order. */
function chunksOf(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key) || !manifest[key]) return [];
  seen.add(key);
  return [key, ...(manifest[key].imports ?? []).flatMap((k) => chunksOf(manifest, k, seen))];
}

const attribute = (url: string) => url.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

const ROOT = '<div id="root"></div>';

/** Screen module → its first render, written by scripts/prerender.ts; none if not there. */
function readPrerendered(clientDir: string): Record<string, string> {
  const file = path.join(clientDir, '.vite/prerendered.json');
  return fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>)
    : {};
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
      // A prerendered screen needs its stylesheet to paint; any other only fetches it now, to
      // apply when its chunk links it. Both with crossorigin, as Vite's preload helper links CSS
      // (a preload whose mode differs from its use is fetched twice).
      ...css.map((file) =>
        markup === undefined
          ? `<link rel="preload" as="style" crossorigin href="/${attribute(file)}">`
          : `<link rel="stylesheet" crossorigin href="/${attribute(file)}">`,
      ),
    ];
    // Replaced by functions: the markup is written as it is, `$&` and all.
    let page = indexHtml.replace('</head>', () => `${links.join('')}</head>`);
    if (markup !== undefined) page = page.replace(ROOT, () => `<div id="root">${markup}</div>`);
    pages.set(module, page);
  }
  return pages;
}
