// The installable app's service worker, built into dist/client/sw.js by the
// `muse-service-worker` plugin (vite.config.ts), which replaces __PRECACHE__ with the build's
// files and their revisions. Workbox keeps the app shell (every script, style, icon and
// index.html) so Müse opens without a network; API calls and photos are never cached.
// Typed by tsconfig.worker.json (the WebWorker library, not the DOM's).
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { listenForReminders } from './reminders.ts';

declare const self: ServiceWorkerGlobalScope;
declare const __PRECACHE__: PrecacheEntry[];

listenForReminders(self);

// Control the page that installed it at once: a visitor who loses the network before ever
// reloading can still reload the app offline (answers wait in the offline record). A new
// version waits until every tab of the old one is closed (no skipWaiting): a page never runs
// scripts of two builds.
clientsClaim();
precacheAndRoute(__PRECACHE__);
cleanupOutdatedCaches();
// Every screen is the one page: a navigation gets the kept index.html, except the server's own.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/media\//],
  }),
);
