import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [
    react(),
    // The installable app ("the iOS app" of the spec): a manifest and a service worker that
    // caches the app shell so Müse opens without a network. API calls are never cached.
    VitePWA({
      registerType: 'autoUpdate',
      // An external registerSW.js: the CSP allows no inline scripts.
      injectRegister: 'script',
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
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' },
  },
});
