import fs from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Page } from '@playwright/test';
import { axeOn } from './support/axe.ts';
import { DESKTOP, PHONE, screenshot, watchPageErrors } from './support/browser.ts';
import { reflectState, settle } from './support/page.ts';
import type { RunningServer } from './support/server.ts';
import { test } from './support/worker-server.ts';

// Issue 17 C in the browser: "Remind me to write" in settings (time, days, time zone), the
// service worker shows a pushed reminder, and a browser without Web Push gets an .ics
// calendar event at the chosen time instead.

const PASSWORD = 'correct horse battery';
const shotsDir = '/tmp/h17-peers-shots';

type Saved = { state: { user: { _id: string; name: string } } };

async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(shotsDir, { recursive: true });
  for (const [label, size] of [
    ['360', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await settle(page);
    const file = await screenshot(page, `reminders-${name}-${label}`);
    if (file) fs.copyFileSync(file, path.join(shotsDir, path.basename(file)));
  }
  await page.setViewportSize(PHONE);
}

async function contrastViolations(page: Page): Promise<string[]> {
  await settle(page);
  const found = await axeOn(page).withRules(['color-contrast']).analyze();
  return found.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')));
}

test.describe('daily reminder settings', () => {
  let server: RunningServer;
  let browser: Browser;

  test.beforeAll(async ({ browser: launched, server: shared }) => {
    browser = launched;
    server = shared;
  });

  async function signedUp(scheme: 'light' | 'dark', withoutPush = false): Promise<Page> {
    const context = await browser.newContext({
      viewport: PHONE,
      colorScheme: scheme,
      acceptDownloads: true,
      timezoneId: 'Europe/Lisbon',
    });
    if (withoutPush) {
      await context.addInitScript(() => {
        delete (window as unknown as Record<string, unknown>).PushManager;
      });
    }
    const page = await context.newPage();
    await page.goto(`${server.origin}/login?mode=signup`);
    await expect.poll(async () => (await reflectState<Saved>(page))?.state.user._id).toBeTruthy();
    const name = `Rem${scheme}${withoutPush ? 'x' : ''}`;
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Email').fill(`${name.toLowerCase()}@example.com`);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect.poll(async () => (await reflectState<Saved>(page))?.state.user.name).toBe(name);
    return page;
  }

  test('a push reaches the service worker, which shows the reminder', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    await context.grantPermissions(['notifications'], { origin: server.origin });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const registered = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${server.origin}/`);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await page.goto(`${server.origin}/`);
    await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    // What the server's Web Push sends (reminders.service.ts), as the browser hands it over.
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: server.origin,
      registrationId: await registered,
      data: JSON.stringify({ title: 'Your prompt is waiting', body: 'Two lines tonight?' }),
    });
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready;
          return (await registration.getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            tag: n.tag,
            url: (n.data as { url?: string } | null)?.url,
          }));
        }),
      )
      .toEqual([
        {
          title: 'Your prompt is waiting',
          body: 'Two lines tonight?',
          tag: 'muse-daily-reminder',
          url: '/answer/today',
        },
      ]);
    await context.close();
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`offers time, days and the browser time zone, with AA contrast (${scheme})`, async () => {
      const page = await signedUp(scheme);
      const errors = watchPageErrors(page);
      await page.goto(`${server.origin}/userSettings`);
      const section = page.getByRole('region', { name: 'Remind me to write' });
      await expect(section.getByLabel('Time', { exact: true })).toHaveValue('20:30');
      await expect(section.getByLabel('Time zone')).toHaveValue('Europe/Lisbon');
      for (const day of ['Monday', 'Saturday', 'Sunday']) {
        await expect(section.getByRole('checkbox', { name: day })).toBeChecked();
      }
      await expect(section.getByRole('button', { name: 'Remind me' })).toHaveCount(1);
      expect(await contrastViolations(page)).toEqual([]);
      await shoot(page, `settings-${scheme}`);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }

  test('without Web Push, downloads a calendar event at the chosen time and days', async () => {
    const page = await signedUp('light', true);
    await page.goto(`${server.origin}/userSettings`);
    const section = page.getByRole('region', { name: 'Remind me to write' });
    await section.getByLabel('Time', { exact: true }).fill('07:45');
    await section.getByRole('checkbox', { name: 'Saturday' }).click();
    await section.getByRole('checkbox', { name: 'Sunday' }).click();
    await section.getByLabel('Time zone').selectOption('America/New_York');
    await expect(section.getByRole('button', { name: 'Remind me' })).toHaveCount(0);
    await expect(section.getByRole('status')).toContainText('a calendar event reminds you instead');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('link', { name: 'Add to calendar' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('muse-reminder.ics');
    const ics = fs.readFileSync(await download.path(), 'utf8');
    expect(ics).toMatch(/DTSTART;TZID=America\/New_York:\d{8}T074500\r\n/);
    expect(ics).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR\r\n');
    expect(ics).toContain(`URL:${server.origin}/answer/today\r\n`);
    await shoot(page, 'no-push');
    await page.context().close();
  });
});
