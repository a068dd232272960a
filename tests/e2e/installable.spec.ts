import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, PHONE } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

describe('the installable app', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('serves a web manifest with installable icons', async () => {
    const response = await fetch(`${server.origin}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('manifest');
    const manifest = await response.json();
    expect(manifest).toMatchObject({ short_name: 'Müse', display: 'standalone', start_url: '/' });
    const sizes = manifest.icons.map((icon: { sizes: string }) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) {
      expect((await fetch(`${server.origin}${icon.src}`)).status).toBe(200);
    }
  });

  it('registers a service worker that keeps the app shell for offline starts', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${server.origin}/`);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${server.origin}/`);
    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => page.title()).toContain('Müse');
    await context.close();
  });
});
