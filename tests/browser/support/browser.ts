import fs from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Locator, type Page, test } from '@playwright/test';

export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

/** Debian's Chromium, and the flags every run of it here needs (the sandbox, no GPU, quiet). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * The features Playwright's own launch turns off (playwright-core's `chromiumSwitches`), said
 * again here: Chromium keeps only the last `--disable-features`, so ours must carry them.
 * test-browser.spec.ts fails when a Playwright upgrade adds one this list lacks.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * The address bar's pop-ups, which Chromium draws as web pages of their own (renderers flagged
 * --top-chrome-webui) in the window every new browser context opens, though no test shows an
 * address bar: 30 contexts cost 29 s of CPU with them and 10 s without.
 */
export const ADDRESS_BAR_POPUPS = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...ADDRESS_BAR_POPUPS].join(',')}`,
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

const screenshotDir = path.resolve(import.meta.dirname, '../../../test-results/screenshots');

/**
 * Where a screenshot named `name` goes: test-results/screenshots/<project>/<name>.png. Each
 * Playwright project has its own folder: the @layout tests run in both, at the same time when
 * the workers take them at once, and one must not write over the other's picture.
 */
export function screenshotPath(name: string): string {
  const dir = path.join(screenshotDir, test.info().project.name);
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, `${name}.png`);
}

/**
 * Whether the specs take their screenshots: `SCREENSHOTS=1 npm run test:browser` (into
 * test-results/screenshots/) when a person will look at them. Without it every step, wait and
 * assertion around them still runs, only the pictures are not taken: they cost the browser tier
 * about a minute and nobody looks at CI's.
 */
export const SCREENSHOTS = process.env.SCREENSHOTS === '1';

/** A screenshot of the page or of one part, when SCREENSHOTS is set. */
export async function capture(
  target: Page | Locator,
  options: { path: string; fullPage?: boolean },
): Promise<void> {
  if (!SCREENSHOTS) return;
  // For a person to look at, not a check: a long page on a busy machine may take a while.
  const { path: file, fullPage } = options;
  await ('goto' in target
    ? target.screenshot({ path: file, fullPage, timeout: 30_000 })
    : target.screenshot({ path: file, timeout: 30_000 }));
}

/** Saves a full-page screenshot (screenshotPath) when SCREENSHOTS is set; its file, or null. */
export async function screenshot(page: Page, name: string): Promise<string | null> {
  if (!SCREENSHOTS) return null;
  const file = screenshotPath(name);
  await capture(page, { path: file, fullPage: true });
  return file;
}

/** Fails the test on any console error or uncaught exception in the page. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
