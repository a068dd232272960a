import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, screenshot, watchPageErrors } from './support/browser.ts';
import { keepRecoveryCodes, settle, unnamedControls } from './support/page.ts';
import { type RunningServer, startServer } from './support/server.ts';

// Issue 17 A: clients other than the web app sign in for a bearer token; Settings → Devices
// lists them and signs one out.

const PASSWORD = 'correct horse battery';
const shotsDir = '/tmp/h17-api-shots';

describe('devices signed in with a token', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
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

  it('lists the app and the script in Settings and signs one of them out', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${server.origin}/login?mode=signup`);
    const name = 'Devicewriter';
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Email').fill('devicewriter@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await keepRecoveryCodes(page);

    const phone = await native('/api/token', {
      user: { name, password: PASSWORD },
      label: 'Ana’s iPhone',
    });
    expect(phone.status).toBe(200);
    const phoneToken = String(phone.json.token);
    expect((await native('/api/tokens', {}, phoneToken)).status).toBe(200);
    const script = await native('/api/token', {
      user: { name: 'devicewriter@example.com', password: PASSWORD },
      label: 'Backup script',
    });
    const scriptToken = String(script.json.token);

    await page.goto(`${server.origin}/userSettings`);
    const devices = page.getByRole('region', { name: 'Devices' });
    const list = devices.getByRole('listitem');
    await expect.poll(() => list.count()).toBe(2);
    await expect.poll(() => devices.getByText('Ana’s iPhone').count()).toBe(1);
    expect(await list.filter({ hasText: 'Backup script' }).textContent()).toContain(
      'last used never',
    );
    expect(await unnamedControls(page)).toEqual([]);

    fs.mkdirSync(shotsDir, { recursive: true });
    for (const [label, size] of [
      ['360', PHONE],
      ['1280', DESKTOP],
    ] as const) {
      await page.setViewportSize(size);
      await devices.scrollIntoViewIfNeeded();
      await settle(page);
      const file = await screenshot(page, `devices-settings-${label}`);
      fs.copyFileSync(file, path.join(shotsDir, path.basename(file)));
    }

    await devices.getByRole('button', { name: 'Sign out this device: Backup script' }).click();
    await expect.poll(() => list.count()).toBe(1);
    expect(await list.first().textContent()).toContain('Ana’s iPhone');
    expect((await native('/api/tokens', {}, scriptToken)).status).toBe(401);
    expect((await native('/api/tokens', {}, phoneToken)).status).toBe(200);

    // After a reload the list comes from the server again: the script stays signed out.
    await page.reload();
    await expect
      .poll(() => page.getByRole('region', { name: 'Devices' }).getByRole('listitem').count())
      .toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
