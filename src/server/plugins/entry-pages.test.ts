import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { entryScreens } from '#shared/entry-screens.ts';
import { buildEntryPages } from './entry-pages.ts';

const INDEX = '<!doctype html><html><head><title>Müse</title></head><body></body></html>';

/** A build directory with this manifest. */
function buildDir(manifest: object): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-entry-pages-'));
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
  return dir;
}

describe('entry pages', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("names the screen's chunks and stylesheet, but nothing index.html already loads", () => {
    const dir = buildDir({
      'main.tsx': {
        file: 'assets/index-1.js',
        isEntry: true,
        imports: ['_react'],
        css: ['assets/index-1.css'],
      },
      _react: { file: 'assets/react-1.js' },
      _card: { file: 'assets/card-1.js', imports: ['_react'], css: ['assets/card-1.css'] },
      'screens/home/home-screen.tsx': {
        file: 'assets/home-screen-1.js',
        imports: ['_card', '_react'],
        css: ['assets/home-screen-1.css', 'assets/index-1.css'],
      },
    });
    dirs.push(dir);
    const page = buildEntryPages(dir, INDEX).get('screens/home/home-screen.tsx') ?? '';
    expect(page).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/home-screen-1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/card-1.js">' +
        '<link rel="preload" as="style" crossorigin href="/assets/home-screen-1.css">' +
        '<link rel="preload" as="style" crossorigin href="/assets/card-1.css"></head>',
    );
    expect(page).not.toContain('react-1.js');
    expect(page).not.toContain('preload" as="style" crossorigin href="/assets/index-1.css');
  });

  it("puts a prerendered screen inside #root, its styles and the app's inline", () => {
    const dir = buildDir({
      'main.tsx': { file: 'assets/index-1.js', isEntry: true, css: ['assets/index-1.css'] },
      'screens/home/home-screen.tsx': { file: 'assets/home-1.js', css: ['assets/home-1.css'] },
    });
    dirs.push(dir);
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets/index-1.css'), 'body{margin:0}');
    fs.writeFileSync(path.join(dir, 'assets/home-1.css'), '.home{color:red}');
    fs.writeFileSync(
      path.join(dir, '.vite/prerendered.json'),
      JSON.stringify({ 'screens/home/home-screen.tsx': '<h1>Costs $& more</h1>' }),
    );
    const index = INDEX.replace(
      '</head>',
      '<link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>',
    ).replace('<body>', '<body><div id="root"></div>');
    const page = buildEntryPages(dir, index).get('screens/home/home-screen.tsx') ?? '';
    expect(page).toContain('<style>body{margin:0}</style>');
    expect(page).not.toContain('<link rel="stylesheet"');
    // The paint needs nothing fetched: what the app needs later asks after the page's bytes.
    expect(page).toContain(
      '<link rel="preload" fetchpriority="low" as="style" crossorigin href="/assets/home-1.css"><style>.home{color:red}</style></head>',
    );
    expect(page).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin');
    // As written, not read as a replacement pattern ($& would repeat the matched text).
    expect(page).toContain('<div id="root"><h1>Costs $& more</h1></div>');
  });

  it('links a stylesheet it cannot put inline (a url() relative to the file)', () => {
    const dir = buildDir({
      'main.tsx': { file: 'assets/index-1.js', isEntry: true },
      'screens/home/home-screen.tsx': { file: 'assets/home-1.js', css: ['assets/home-1.css'] },
    });
    dirs.push(dir);
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets/home-1.css'), '.home{background:url(./sea.png)}');
    fs.writeFileSync(
      path.join(dir, '.vite/prerendered.json'),
      JSON.stringify({ 'screens/home/home-screen.tsx': '<h1>Home</h1>' }),
    );
    const index = INDEX.replace('<body>', '<body><div id="root"></div>');
    const page = buildEntryPages(dir, index).get('screens/home/home-screen.tsx') ?? '';
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/home-1.css"></head>');
    expect(page).not.toContain('<style>');
  });

  it('has no pages without a manifest (a dev server, a bare index.html)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-entry-pages-'));
    dirs.push(dir);
    expect(buildEntryPages(dir, INDEX).size).toBe(0);
  });

  it('names only modules that router.tsx really loads', () => {
    const client = path.resolve(import.meta.dirname, '../../client');
    const router = fs.readFileSync(path.join(client, 'router.tsx'), 'utf8');
    for (const { module } of entryScreens) {
      expect(router).toContain(`import('./${module}')`);
      expect(fs.existsSync(path.join(client, module))).toBe(true);
    }
  });
});
