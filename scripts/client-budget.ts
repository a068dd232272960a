// The client's first-load budget, checked by `npm test` after the build: the JavaScript (and
// CSS) a browser must fetch before it can paint `/` and `/home`, gzip-sized, from the Vite
// manifest: the entry, the screen's lazy chunk, and every chunk they import statically.
// Budgets come from measurement (docs/PERFORMANCE.md) with a little room, not from hope.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chunksOf, type Manifest } from '#server/plugins/entry-pages.ts';
import { entryScreenOf } from '#shared/entry-screens.ts';

// Measured 2026-11-26 after decision 035 (declarative routes, no zod in the browser): / 105.5
// KB, /home 108.6 KB of JS (129.5 and 132.1 before); CSS 4.0 and 5.1 KB. React DOM alone is
// ~63 KB and React Router ~13 KB, so the 90 KB aim needs a lighter runtime (decision 035).
export const BUDGET_GZIP_BYTES = { js: 112 * 1024, css: 8 * 1024 };

/** Files needed before first paint: `roots` and everything they import statically. */
export function firstLoadFiles(
  manifest: Manifest,
  roots: string[],
): { js: string[]; css: string[] } {
  for (const root of roots) {
    if (!manifest[root]) throw new Error(`the manifest has no chunk '${root}'`);
  }
  const seen = new Set<string>();
  const keys = roots.flatMap((root) => chunksOf(manifest, root, seen));
  const css = new Set(keys.flatMap((key) => manifest[key]?.css ?? []));
  return { js: keys.map((key) => manifest[key]?.file ?? ''), css: [...css] };
}

// The first load of `/` and `/home`: the entry and the screen each opens with (one source with
// the server's preloads, shared/entry-screens.ts).
const SCREENS = Object.fromEntries(
  ['/', '/home'].map((route) => [route, entryScreenOf(route) ?? '']),
);

function gzipSize(dir: string, files: string[]): number {
  return files.reduce(
    (sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(dir, file)), { level: 9 }).length,
    0,
  );
}

export function measure(clientDir: string) {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('the manifest has no entry chunk');
  return Object.entries(SCREENS).map(([route, screen]) => {
    const files = firstLoadFiles(manifest, [entry, screen]);
    return { route, js: gzipSize(clientDir, files.js), css: gzipSize(clientDir, files.css), files };
  });
}

if (import.meta.main) {
  const clientDir = path.resolve(import.meta.dirname, '../dist/client');
  let over = false;
  for (const { route, js, css, files } of measure(clientDir)) {
    const ok = js <= BUDGET_GZIP_BYTES.js && css <= BUDGET_GZIP_BYTES.css;
    over ||= !ok;
    console.log(
      `${ok ? 'ok  ' : 'OVER'} first load of ${route}: JS ${(js / 1024).toFixed(1)} KB gzip ` +
        `(budget ${BUDGET_GZIP_BYTES.js / 1024}), CSS ${(css / 1024).toFixed(1)} KB ` +
        `(budget ${BUDGET_GZIP_BYTES.css / 1024}), ${files.js.length} JS files`,
    );
  }
  process.exit(over ? 1 : 0);
}
