import '@testing-library/jest-dom/vitest';
// IndexedDB, which happy-dom lacks: the photo queue keeps waiting photos there.
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import { setDateLocales } from '#shared/domain/date-format.ts';
import { forgetQueuedPhotos } from '../state/answers/photo-queue.ts';
import { resetAppStore } from '../state/store/app-store.ts';
import { currentServer, forgetServer } from './render-app.tsx';

// Addresses for bytes on the device (a waiting photo's thumbnail): Node's own createObjectURL
// takes only Node's Blobs, not happy-dom's.
let objectUrls = 0;
URL.createObjectURL = () => {
  objectUrls += 1;
  return `blob:component-test/${objectUrls}`;
};
URL.revokeObjectURL = () => undefined;

// A screen's chunk is transformed the first time a file renders it: findBy… waits that long.
configure({ asyncUtilTimeout: 5_000 });

// After each component test: unmount what it rendered, put back what it stubbed (fetch,
// navigator), and start the next from a first start's state. A call the screen made that the
// test's fake server was not told to answer fails the test that made it.
afterEach(async () => {
  cleanup();
  await forgetQueuedPhotos();
  const unanswered = currentServer()?.unanswered ?? [];
  forgetServer();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // Storage first: a module's reset reads what a first start finds there (the theme chosen).
  window.localStorage.clear();
  resetAppStore();
  setDateLocales(['en-US']);
  expect(unanswered, 'calls the fake server was not told to answer').toEqual([]);
});
