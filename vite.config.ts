import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';

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

/** What the service worker keeps for offline starts: the app shell, not source maps or the rest. */
const PRECACHED = /\.(js|css|html|svg|png|webmanifest)$/;

/**
 * Builds the installable app's service worker (src/client/service-worker/sw.ts) into sw.js with
 * the list of files to keep offline: each built file under its hashed name, each file of public/
 * and index.html with a hash of its content, so a new build replaces only what changed. The
 * built index.html registers it (public/register-sw.js).
 */
function serviceWorker(): Plugin {
  let publicDir = '';
  return {
    name: 'muse-service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    // Registered by the built app only: `npm run dev` has no sw.js to register.
    transformIndexHtml: () => [
      { tag: 'script', attrs: { src: '/register-sw.js', defer: true }, injectTo: 'body' },
    ],
    async generateBundle(_options, bundle) {
      const revision = (content: string | Uint8Array) =>
        createHash('sha256').update(content).digest('hex').slice(0, 32);
      const precache = [
        ...Object.values(bundle)
          .filter((file) => PRECACHED.test(file.fileName))
          .map((file) => ({
            url: file.fileName,
            revision: file.fileName.startsWith('assets/')
              ? null
              : revision(file.type === 'chunk' ? file.code : file.source),
          })),
        ...fs
          .readdirSync(publicDir)
          .filter((name) => PRECACHED.test(name))
          .map((name) => ({
            url: name,
            revision: revision(fs.readFileSync(path.join(publicDir, name))),
          })),
      ];
      if (!precache.some((entry) => entry.url === 'index.html')) {
        throw new Error('muse-service-worker: index.html is not in the bundle yet');
      }
      const built = await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        define: {
          __PRECACHE__: JSON.stringify(precache),
          'process.env.NODE_ENV': JSON.stringify('production'),
        },
        build: {
          write: false,
          minify: true,
          lib: {
            entry: path.resolve(import.meta.dirname, 'src/client/service-worker/sw.ts'),
            formats: ['iife'],
            name: 'museServiceWorker',
          },
        },
      });
      const output = (Array.isArray(built) ? built[0] : built) as { output: { code?: string }[] };
      const code = output.output[0]?.code;
      if (!code) throw new Error('muse-service-worker: the service worker built empty');
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: code });
    },
  };
}

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
  plugins: [react(), precompress(), serviceWorker()],
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
