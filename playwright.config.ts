import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/browser/support/browser.ts';

// Browser specs under tests/browser (decision 002): @playwright/test drives Debian's Chromium
// (no browser download). There is no shared `webServer`: a spec whose tests make their own people
// uses its worker's server (support/worker-server.ts, one per worker on a fresh data dir); a spec
// that needs its own env, clock or world starts its own in beforeAll (support/server.ts). Every
// server listens on the port it got for PORT=0, so servers started at once cannot collide.
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

export default defineConfig({
  testDir: 'tests/browser',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/playwright',
  globalSetup: './tests/browser/global-setup.ts',
  // Two workers, each a Chromium and the specs' servers: on this 2-core machine the browser
  // suite took 15.6 min with two against 20.7 with one (the pages wait on timers and the network
  // as much as on the CPU). `PW_WORKERS=1` runs one. Each worker takes whole spec files (most are
  // one serial story on one page), so not fullyParallel; specs whose tests are isolated share
  // their worker's server (support/worker-server.ts), and a group marked parallel (the screens
  // of axe-every-screen) is spread over both workers.
  workers: Number(process.env.PW_WORKERS) || 2,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  // Web-first assertions wait; a browser round trip on a busy machine can take seconds, and a
  // passing one waits no longer for a longer limit.
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    actionTimeout: 15_000,
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
