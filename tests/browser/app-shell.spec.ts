import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { screenshot, watchPageErrors } from './support/browser.ts';
import { openAsNewVisitor } from './support/page.ts';
import { savedUser } from './support/people.ts';
import type { RunningServer } from './support/server.ts';
import { test } from './support/worker-server.ts';

// The categories screen is about layout: it runs at phone width and again at desktop width
// (the @layout tag, playwright.config.ts projects).
test.describe('the app shell', () => {
  let server: RunningServer;
  test.beforeAll(async ({ server: shared }) => {
    server = shared;
  });

  test(
    'shows the categories screen with its tiles',
    { tag: '@layout' },
    async ({ page }, testInfo) => {
      const width = page.viewportSize()?.width ?? 0;
      const errors = watchPageErrors(page);
      // A first visit goes to the home page (SPEC §2); the categories screen is / after that.
      // (Once the visitor's anonymous user is saved on the device: before that every visit is a
      // first one.)
      await openAsNewVisitor(page, `${server.origin}/`);
      await page.waitForURL(`${server.origin}/home`);
      await expect.poll(async () => (await savedUser(page))?._id ?? '').not.toBe('');
      await page.goto(`${server.origin}/`);
      await expect(page).toHaveURL(`${server.origin}/`);
      const tiles = page.getByRole('list', { name: 'Categories' }).getByRole('link');
      await expect(tiles).toHaveText([
        'Daily',
        'Add',
        'All',
        'Journal',
        'Gratitude',
        'Growth',
        'Life',
        'Quotes',
        'Self',
        'Today',
        'Work',
      ]);
      await expect(page).toHaveTitle('Müse | Daily Reflection');
      // 3 tiles per row above 500px wide, else 2 (SPEC §2).
      await expect
        .poll(async () => {
          const tops = await tiles.evaluateAll((els) =>
            els.slice(0, 4).map((el) => el.getBoundingClientRect().top),
          );
          return tops.filter((top) => top === tops[0]).length;
        })
        .toBe(width > 500 ? 3 : 2);
      // The header: a side-menu button and a world button, both named for screen readers.
      await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
      await expect(page.getByRole('link', { name: /Müse world/ })).toBeVisible();
      await screenshot(page, `categories-${testInfo.project.name}`);
      expect(errors).toEqual([]);
    },
  );

  test('serves the app for client routes and the not-found page for unknown ones', async ({
    page,
  }) => {
    const response = await page.goto(`${server.origin}/no/such/page`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      "You've found the secret to happiness!",
    );
    await page.getByRole('link', { name: 'Back to müse' }).click();
    await page.waitForURL(`${server.origin}/`);
    await screenshot(page, 'not-found-phone');
  });

  // The server sends /home and /answer/* prerendered, and the app's first render replaces that
  // page with the same screen (main.tsx waits for the screen's chunk first): the page must never
  // be without its heading in between, as it would be if React committed the (empty) fallback.
  for (const url of ['/home', '/answer/today']) {
    test(`takes over the prerendered ${url} without an empty moment`, async ({ page }) => {
      const errors = watchPageErrors(page);
      await page.addInitScript(() => {
        // Each state #root is seen in, in order: with a heading or without one.
        const states: string[] = [];
        (window as unknown as { rootStates: string[] }).rootStates = states;
        new MutationObserver(() => {
          const state = document.querySelector('#root h1') ? 'heading' : 'none';
          if (states.at(-1) !== state) states.push(state);
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(`${server.origin}${url}`);
      // The app has rendered: the status region is the layout's, never in the prerendered page.
      await expect(page.locator('#root > .status-region')).toBeAttached({ timeout: 20_000 });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const states = await page.evaluate(
        () => (window as unknown as { rootStates: string[] }).rootStates,
      );
      expect(states.slice(states.indexOf('heading'))).toEqual(['heading']);
      expect(errors).toEqual([]);
    });
  }

  test('serves hashed assets with long-lived caching and compression', async () => {
    const shell = await fetch(`${server.origin}/`);
    expect(shell.headers.get('cache-control')).toBe('no-cache');
    const html = await shell.text();
    const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
    expect(asset).toBeDefined();
    const response = await fetch(`${server.origin}${asset}`, {
      headers: { 'Accept-Encoding': 'gzip, br' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(response.headers.get('content-encoding')).toMatch(/gzip|br/);
    // Compressed once at build time: the brotli file is what is sent, byte for byte.
    const brotli = await fetch(`${server.origin}${asset}`, {
      headers: { 'Accept-Encoding': 'br' },
    });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    const builtBrotli = path.resolve(import.meta.dirname, `../../dist/client${asset}.br`);
    expect(brotli.headers.get('content-length')).toBe(String(fs.statSync(builtBrotli).size));
    expect(brotli.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
