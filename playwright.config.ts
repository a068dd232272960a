import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/browser/support/browser.ts';

// Browser specs under tests/browser (decision 002): @playwright/test drives Debian's Chromium
// (no browser download). Each spec starts its own server on a fresh data dir in beforeAll
// (tests/browser/support/server.ts), so there is no shared `webServer`.
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

export default defineConfig({
  testDir: 'tests/browser',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/playwright',
  globalSetup: './tests/browser/global-setup.ts',
  // A 2-core machine: one browser at a time keeps runs steady and CI short.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  // Web-first assertions wait; a browser round trip on a busy machine can take seconds.
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    actionTimeout: 10_000,
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    reducedMotion: 'reduce',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    // Every spec at phone width (the app is phone-first) ...
    { name: 'phone', use: { viewport: PHONE } },
    // ... and only the tests about layout (tagged @layout) again at desktop width.
    { name: 'desktop', use: { viewport: DESKTOP }, grep: /@layout/ },
  ],
});
