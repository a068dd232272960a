import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import { setDateLocales } from '#shared/domain/date-format.ts';
import { resetAppStore } from '../state/app-store.ts';
import { currentServer, forgetServer } from './render-app.tsx';

// A screen's chunk is transformed the first time a file renders it: findBy… waits that long.
configure({ asyncUtilTimeout: 5_000 });

// After each component test: unmount what it rendered, put back what it stubbed (fetch,
// navigator), and start the next from a first start's state. A call the screen made that the
// test's fake server was not told to answer fails the test that made it.
afterEach(() => {
  cleanup();
  const unanswered = currentServer()?.unanswered ?? [];
  forgetServer();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetAppStore();
  setDateLocales(['en-US']);
  window.localStorage.clear();
  expect(unanswered, 'calls the fake server was not told to answer').toEqual([]);
});
