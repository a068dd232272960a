import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes name.br and name.gz beside every text file of the build once, at maximum quality, so
 * the server sends them as they are (@fastify/static preCompressed) instead of compressing
 * on every request (decision 018).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'muse-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const full = path.join(dir, entry.name);
          return entry.isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|webmanifest|json)$/.test(file)) continue;
        const content = fs.readFileSync(file);
        if (content.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(content, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
          }),
        );
      }
    },
  };
}

import { VitePWA } from 'vite-plugin-pwa';

// Not the calls only some lazy screens make (photos, reminders, tokens, transfer, the live
// world), the admin screens' calls and actions (api/admin.ts, state/admin/), the photo queue
// (loaded when photos wait), nor what opens and makes keys for encrypted entries (journal-lock.ts,
// passkeys.ts and their calls) or opens their sealed saved state and photos (sealed-state.ts,
// photo-sealing.ts), loaded for such an account: they ride with their users.
const STARTUP_MODULES =
  /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]|src[\\/]client[\\/](state|api)[\\/](?!admin[\\/]|admin\.ts|answers[\\/](?:photo-queue|photo-sealing|answer-crypto)\.ts|store[\\/]sealed-state\.ts|account[\\/](?:account|journal-lock|passkeys|recovery|use-recovery-methods)\.ts|recovery\.ts|encryption\.ts|photos\.ts|reminders\.ts|tokens\.ts|transfer\.ts|world-live\.ts)|src[\\/]client[\\/]routes/;

/** The API server behind `npm run dev` (scripts/dev.ts); the dev-server test points it elsewhere. */
const DEV_API = process.env.MUSE_DEV_API || 'http://localhost:3000';

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [
    react(),
    precompress(),
    // The installable app ("the iOS app" of the spec): a manifest and a service worker that
    // caches the app shell so Müse opens without a network. API calls are never cached.
    VitePWA({
      registerType: 'autoUpdate',
      // An external registerSW.js (the CSP allows no inline scripts), deferred: it must not hold
      // up the first paint (Lighthouse counted it render-blocking).
      injectRegister: 'script-defer',
      includeAssets: ['icon.svg', 'apple-touch-icon.png'],
      manifest: {
        name: 'Müse — Daily Reflection',
        short_name: 'Müse',
        description:
          'A daily reflection journal: one thoughtful prompt a day, a streak, and the world.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#fbf8f3',
        theme_color: '#2f2a4a',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
          { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/media\//],
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        cleanupOutdatedCaches: true,
        // Control the page that installed it at once: a visitor who loses the network before
        // ever reloading can still reload the app offline (answers wait in the offline record).
        clientsClaim: true,
        // Daily reminders: the push and notificationclick handlers (src/client/public/push-sw.js).
        importScripts: ['/push-sw.js'],
      },
    }),
  ],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // Read by scripts/client-budget.ts: which chunks the first load of / and /home needs.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every first load runs (React, the router, the app's state and API calls) in one
          // chunk. Left to itself Rolldown split it into seven small shared chunks, each another
          // request on a slow phone link (Lighthouse on /world: 13 script requests → 8).
          groups: [{ name: 'startup', test: STARTUP_MODULES }],
        },
      },
    },
  },
  server: {
    port: 5173,
    // The API's calls, not the client's own modules under src/client/api/ (a key starting with
    // ^ is a pattern): '/api' alone sent /api/call.ts to the server, and the app never started.
    // The Host header is kept (Vite's shorthand would change it to the server's), so that the
    // server's cross-site check sees the page's origin as its own.
    proxy: {
      '^/api/(?!.*\\.tsx?(\\?.*)?$)': { target: DEV_API, changeOrigin: false },
      '/media': { target: DEV_API, changeOrigin: false },
    },
  },
});
