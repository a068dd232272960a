import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, screenshot, watchPageErrors } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

describe('the app shell', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`shows the categories screen with its tiles at ${label} width`, async () => {
      const page = await browser.newPage({ viewport });
      const errors = watchPageErrors(page);
      // A first visit goes to the home page (SPEC §2); the categories screen is / after that.
      await page.goto(`${server.origin}/`);
      await page.waitForURL(`${server.origin}/home`);
      await page.goto(`${server.origin}/`);
      const tiles = page.getByRole('list', { name: 'Categories' }).getByRole('link');
      await expect.poll(() => tiles.count()).toBe(11);
      await expect.poll(() => page.title()).toBe('Müse | Daily Reflection');
      const labels = await tiles.allTextContents();
      expect(labels).toEqual([
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
      // 3 tiles per row above 500px wide, else 2 (SPEC §2).
      const tops = await tiles.evaluateAll((els) =>
        els.slice(0, 4).map((el) => el.getBoundingClientRect().top),
      );
      const perRow = tops.filter((top) => top === tops[0]).length;
      expect(perRow).toBe(viewport.width > 500 ? 3 : 2);
      // The header: a side-menu button and a world button, both named for screen readers.
      await page.getByRole('button', { name: 'Open menu' }).waitFor();
      await page.getByRole('link', { name: /Müse world/ }).waitFor();
      await screenshot(page, `categories-${label}`);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('serves the app for client routes and the not-found page for unknown ones', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const response = await page.goto(`${server.origin}/no/such/page`);
    expect(response?.status()).toBe(200);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe("You've found the secret to happiness!");
    await page.getByRole('link', { name: 'Back to müse' }).click();
    await page.waitForURL(`${server.origin}/`);
    await screenshot(page, 'not-found-phone');
    await page.close();
  });

  it('serves hashed assets with long-lived caching and compression', async () => {
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
