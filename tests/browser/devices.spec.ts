import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DESKTOP, PHONE, screenshot, watchPageErrors } from '../e2e/support/browser.ts';
import { keepRecoveryCodes, settle } from '../e2e/support/page.ts';
import { type RunningServer, startServer } from '../e2e/support/server.ts';
import { expectNoAxeViolations } from './support/axe.ts';

// Issue 17 A: clients other than the web app sign in for a bearer token; Settings → Devices
// lists them and signs one out.

const PASSWORD = 'correct horse battery';
const shotsDir = '/tmp/h17-api-shots';

test.describe('devices signed in with a token', () => {
  let server: RunningServer;

  test.beforeAll(async () => {
    server = await startServer();
  });
  test.afterAll(async () => {
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

  test('lists the app and the script in Settings and signs one of them out', async ({ page }) => {
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
    await expect(list).toHaveCount(2);
    await expect(devices.getByText('Ana’s iPhone')).toHaveCount(1);
    await expect(list.filter({ hasText: 'Backup script' })).toContainText('last used never');
    await expectNoAxeViolations(page, 'Settings with two devices');

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
    await page.setViewportSize(PHONE);

    await devices.getByRole('button', { name: 'Sign out this device: Backup script' }).click();
    await expect(list).toHaveCount(1);
    await expect(list).toContainText(['Ana’s iPhone']);
    await expectNoAxeViolations(page, 'Settings with one device');
    expect((await native('/api/tokens', {}, scriptToken)).status).toBe(401);
    expect((await native('/api/tokens', {}, phoneToken)).status).toBe(200);

    // After a reload the list comes from the server again: the script stays signed out.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Devices' }).getByRole('listitem')).toHaveCount(
      1,
    );
    await expect(page.getByRole('region', { name: 'Devices' })).not.toContainText('Backup script');
    expect(errors).toEqual([]);
  });
});
