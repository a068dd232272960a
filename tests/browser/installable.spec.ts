import { expect } from '@playwright/test';
import type { RunningServer } from './support/server.ts';
import { test } from './support/worker-server.ts';

test.describe('the installable app', () => {
  let server: RunningServer;
  test.beforeAll(async ({ server: shared }) => {
    server = shared;
  });

  test('serves a web manifest with installable icons', async () => {
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

  test('registers a service worker that keeps the app shell for offline starts', async ({
    page,
    context,
  }) => {
    await page.goto(`${server.origin}/`);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${server.origin}/`);
    await context.setOffline(true);
    await page.reload();
    await expect(page).toHaveTitle(/Müse/);
    await expect(page.getByRole('main')).toBeVisible();
  });
});
