// Part of `npm run build`, after `vite build`: builds src/client/prerender.tsx for Node, runs it,
// and writes each screen's first render to dist/client/.vite/prerendered.json (beside Vite's
// manifest, not served), which plugins/entry-pages.ts puts inside the page it sends.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'dist/prerender');
await build({
  configFile: false,
  root: path.join(root, 'src/client'),
  logLevel: 'warn',
  plugins: [react()],
  build: { ssr: 'prerender.tsx', outDir, emptyOutDir: true, minify: false },
});
const { prerender } = (await import(pathToFileURL(path.join(outDir, 'prerender.js')).href)) as {
  prerender: () => Record<string, string>;
};
const pages = prerender();
const file = path.join(root, 'dist/client/.vite/prerendered.json');
fs.writeFileSync(file, JSON.stringify(pages));
console.log(`prerendered ${Object.keys(pages).join(', ')} into ${path.relative(root, file)}`);
