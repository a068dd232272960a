import fs from 'node:fs';
import path from 'node:path';
import { type BrowserContext, expect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { DESKTOP, PHONE, screenshot, watchPageErrors } from './support/browser.ts';
import { keepRecoveryCodes, settle } from './support/page.ts';
import type { RunningServer } from './support/server.ts';
import { test } from './support/worker-server.ts';

// Issue 17 A: clients other than the web app sign in for a bearer token; Settings → Devices
// lists them and signs one out.

const PASSWORD = 'correct horse battery';
const NAME = 'Devicewriter';
const shotsDir = '/tmp/h17-api-shots';

test.describe('devices signed in with a token', () => {
  // One story: later steps build on what earlier ones did, so a failure stops the rest. (Each
  // sign-in hashes a password: three of them and two axe runs do not fit one busy minute.)
  test.describe.configure({ mode: 'serial' });
  let server: RunningServer;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let phoneToken = '';
  let scriptToken = '';

  test.beforeAll(async ({ browser, server: shared }) => {
    server = shared;
    context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
    page = await context.newPage();
    errors = watchPageErrors(page);
  });
  test.afterAll(async () => {
    await context?.close();
  });

  /** What the iOS app or a script does: plain HTTP, no Origin, no cookies. */
  const native = async (route: string, body: unknown, token?: string) => {
    const response = await fetch(`${server.origin}${route}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };
  const devices = () => page.getByRole('region', { name: 'Devices' });
  const deviceItems = () => devices().getByRole('listitem');

  test('signs up in the browser; an app and a script sign in for tokens', async () => {
    await page.goto(`${server.origin}/login?mode=signup`);
    await page.getByLabel('Name', { exact: true }).fill(NAME);
    await page.getByLabel('Email').fill('devicewriter@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await keepRecoveryCodes(page);

    const phone = await native('/api/token', {
      user: { name: NAME, password: PASSWORD },
      label: 'Ana’s iPhone',
    });
    expect(phone.status).toBe(200);
    phoneToken = String(phone.json.token);
    expect((await native('/api/tokens', {}, phoneToken)).status).toBe(200);
    const script = await native('/api/token', {
      user: { name: 'devicewriter@example.com', password: PASSWORD },
      label: 'Backup script',
    });
    expect(script.status).toBe(200);
    scriptToken = String(script.json.token);
    expect(errors).toEqual([]);
  });

  test('lists the app and the script in Settings', async () => {
    await page.goto(`${server.origin}/userSettings`);
    await expect(deviceItems()).toHaveCount(2);
    await expect(devices().getByText('Ana’s iPhone')).toHaveCount(1);
    await expect(deviceItems().filter({ hasText: 'Backup script' })).toContainText(
      'last used never',
    );
    // Issue 35: no phone app is promised; scripts find the API description from here.
    await expect(devices()).not.toContainText('app on your phone');
    await expect(devices()).toContainText('Scripts and programs that signed in for a token');
    const apiLink = devices().getByRole('link', { name: 'Read the API description' });
    await expect(apiLink).toHaveAttribute('href', '/api/openapi.json');
    const description = await fetch(`${server.origin}/api/openapi.json`);
    expect(description.status).toBe(200);
    expect(((await description.json()) as { openapi: string }).openapi).toMatch(/^3\./);
    await expectNoAxeViolations(page, 'Settings with two devices');

    fs.mkdirSync(shotsDir, { recursive: true });
    for (const [label, size] of [
      ['360', PHONE],
      ['1280', DESKTOP],
    ] as const) {
      await page.setViewportSize(size);
      await devices().scrollIntoViewIfNeeded();
      await settle(page);
      const file = await screenshot(page, `devices-settings-${label}`);
      if (file) fs.copyFileSync(file, path.join(shotsDir, path.basename(file)));
    }
    await page.setViewportSize(PHONE);
    expect(errors).toEqual([]);
  });

  test('signs the script out; after a reload it stays signed out', async () => {
    await devices().getByRole('button', { name: 'Sign out this device: Backup script' }).click();
    await expect(deviceItems()).toHaveCount(1);
    await expect(deviceItems()).toContainText(['Ana’s iPhone']);
    await expectNoAxeViolations(page, 'Settings with one device');
    expect((await native('/api/tokens', {}, scriptToken)).status).toBe(401);
    expect((await native('/api/tokens', {}, phoneToken)).status).toBe(200);

    // After a reload the list comes from the server again: the script stays signed out.
    await page.reload();
    await expect(deviceItems()).toHaveCount(1);
    await expect(devices()).not.toContainText('Backup script');
    expect(errors).toEqual([]);
  });
});
