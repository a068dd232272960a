import fs from 'node:fs';
import { chromium, expect, test } from '@playwright/test';
import { ADDRESS_BAR_POPUPS, CHROMIUM_ARGS, CHROMIUM_PATH } from './support/browser.ts';

// The browser every spec runs in (support/browser.ts): Playwright's own switches still hold
// under ours, and a new context draws no address-bar pop-ups.

test('keeps every feature Playwright turns off, and turns off the address-bar pop-ups', async () => {
  const server = await chromium.launchServer({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const argv = fs.readFileSync(`/proc/${server.process().pid}/cmdline`, 'utf8').split('\0');
    const lists = argv
      .filter((arg) => arg.startsWith('--disable-features='))
      .map((arg) => arg.slice('--disable-features='.length).split(','));
    // Playwright's, then ours; Chromium keeps the last.
    expect(lists.length).toBeGreaterThanOrEqual(2);
    const kept = lists.at(-1) ?? [];
    expect(kept).toEqual(
      expect.arrayContaining([...lists.slice(0, -1).flat(), ...ADDRESS_BAR_POPUPS]),
    );
  } finally {
    await server.close();
  }
});

test('a new context opens no address-bar pop-up', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('about:blank');
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets', { filter: [{}] });
  expect(targetInfos.map((target) => target.url)).toContain('about:blank');
  expect(targetInfos.filter((target) => target.url.includes('omnibox'))).toEqual([]);
  await context.close();
});
