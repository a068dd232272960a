import fs from 'node:fs';
import path from 'node:path';
import axe from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, screenshot, watchPageErrors } from './support/browser.ts';
import { call, reflectState, settle } from './support/page.ts';
import { type RunningServer, startServer } from './support/server.ts';

// Issue 17 A: dark mode. Follows the system until the person chooses (side menu for everyone,
// settings for named users), remembered on the device under its own key, set before the
// first paint, and every main screen passes axe-core's colour-contrast rule in both themes.

const PASSWORD = 'correct horse battery';
const DARK_PAPER = 'rgb(22, 20, 29)';
const LIGHT_PAPER = 'rgb(250, 246, 239)';

type Saved = { state: { user: { _id: string; name: string } } };

const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);
const themeColor = (page: Page) =>
  page.evaluate(() => document.querySelector('meta[name="theme-color"]')?.getAttribute('content'));
const bodyBackground = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor || '');
const paper = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

/** axe-core's colour-contrast rule on the page as it is: the offending nodes, if any. */
async function contrastViolations(page: Page): Promise<string[]> {
  await settle(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const results = await page.evaluate(async () => {
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    const found = await run(document, { runOnly: ['color-contrast'] });
    return found.violations.flatMap((v) =>
      v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
    );
  });
  return results;
}

/** Waits (in beforeAll, where expect.poll can't run) until the saved user has this name. */
async function savedUserNamed(page: Page, name: string): Promise<void> {
  await page.waitForFunction(
    (name) => {
      const raw = localStorage.getItem('reflect-state');
      const user = raw ? (JSON.parse(raw) as Saved).state?.user : null;
      return user ? user._id !== '' && user.name === name : false;
    },
    name,
    { timeout: 15_000 },
  );
}

const shotsDir = '/tmp/h17-peers-shots';

async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(shotsDir, { recursive: true });
  for (const [label, size] of [
    ['360', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await settle(page);
    const file = await screenshot(page, `dark-mode-${name}-${label}`);
    fs.copyFileSync(file, path.join(shotsDir, path.basename(file)));
  }
  await page.setViewportSize(PHONE);
}

describe('dark mode', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    // Both theme users are admins, so the admin screens are checked too.
    server = await startServer({ MUSE_ADMINS: 'Novalight,Novadark' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('follows the system before the app code runs: no flash of the light theme', async () => {
    const context = await browser.newContext({ viewport: PHONE, colorScheme: 'dark' });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    // Hold the app's JavaScript back: whatever is painted now comes from index.html alone.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.origin}/past`, { waitUntil: 'commit' });
    await expect.poll(() => page.evaluate(() => document.readyState)).toBe('interactive');
    await expect.poll(() => theme(page)).toBe('dark');
    expect(await themeColor(page)).toBe('#16141d');
    await expect.poll(() => paper(page)).toBe(DARK_PAPER);
    expect(await page.locator('#root').innerHTML()).toBe('');
    release();
    await page.locator('#root main').first().waitFor();
    expect(await theme(page)).toBe('dark');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the choice from the side menu on this device only, and follows the system on "System"', async () => {
    const context = await browser.newContext({ viewport: PHONE, colorScheme: 'dark' });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    // The first visit shows /home; the menu is on the categories screen after that.
    await page.goto(`${server.origin}/home`);
    await expect.poll(async () => (await reflectState<Saved>(page))?.state.user._id).toBeTruthy();
    await page.goto(`${server.origin}/`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    await menu.getByRole('radio', { name: 'System' }).waitFor();
    expect(await menu.getByRole('radio', { name: 'System' }).isChecked()).toBe(true);
    await shoot(page, 'side-menu-dark');
    await menu.getByRole('radio', { name: 'Light' }).click();
    await expect.poll(() => theme(page)).toBe('light');
    expect(await themeColor(page)).toBe('#2f2a4a');
    expect(await page.evaluate(() => localStorage.getItem('muse-theme'))).toBe('light');
    await shoot(page, 'side-menu-light');

    await page.reload();
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    expect(await theme(page)).toBe('light');
    await expect.poll(() => paper(page)).toBe(LIGHT_PAPER);
    // Not part of the server-synced state.
    await expect.poll(async () => (await reflectState<Saved>(page))?.state.user._id).toBeTruthy();
    expect(JSON.stringify(await reflectState(page))).not.toContain('muse-theme');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('radio', { name: 'System' }).click();
    await expect.poll(() => theme(page)).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('muse-theme'))).toBeNull();
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => theme(page)).toBe('light');
    expect(errors).toEqual([]);
    await context.close();
  });

  describe.each(['light', 'dark'] as const)('in the %s theme', (scheme) => {
    let context: BrowserContext;
    let page: Page;
    let errors: string[];

    beforeAll(async () => {
      context = await browser.newContext({ viewport: PHONE, colorScheme: scheme });
      page = await context.newPage();
      errors = watchPageErrors(page);
      await page.goto(`${server.origin}/login?mode=signup`);
      await savedUserNamed(page, '');
      const name = `Nova${scheme}`;
      await page.getByLabel('Name', { exact: true }).fill(name);
      await page.getByLabel('Email').fill(`${name.toLowerCase()}@example.com`);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign up', exact: true }).click();
      await savedUserNamed(page, name);
      // A few weeks of answers of different lengths, so the heat map shows every level.
      for (let n = 0; n < 18; n++) {
        const day = new Date(Date.now() - n * 2 * 86_400_000).toISOString();
        await call(page, '/api/answer/save', {
          answer: {
            _id: `dark${scheme}${n}`,
            prompt_id: null,
            prompt_title: `A prompt from ${n * 2} days ago`,
            text: 'word '.repeat(3 + n * 9).trim(),
            answered: day,
            modified: day,
          },
        });
      }
      await page.goto(`${server.origin}/past`);
      await page.locator('.answer-card').first().waitFor();
    });
    afterAll(async () => {
      await context?.close();
    });

    const screens = [
      ['categories', '/'],
      ['home', '/home'],
      ['answer', '/answer/today'],
      ['streak', '/streak'],
      ['past', '/past'],
      ['world', '/world'],
      ['shared', '/shared'],
      ['profile', '/userProfile'],
      ['settings', '/userSettings'],
      ['new-prompt', '/newPrompt'],
      ['login', '/login'],
      ['about', '/about'],
      ['privacy', '/privacy'],
      ['terms', '/terms'],
      ['stop', '/stop'],
      ['not-found', '/no-such-page'],
      ['admin', '/admin'],
      ['manage-prompts', '/managePrompts'],
      ['submitted-prompts', '/submittedPrompts'],
      ['reported', '/reported'],
      ['new-admin-prompt', '/newAdminPrompt'],
    ] as const;

    it.each(screens)('%s has no colour-contrast violation', async (name, at) => {
      await page.goto(`${server.origin}${at}`);
      await page.locator('main, .page').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await theme(page)).toBe(scheme);
      expect(await bodyBackground(page)).not.toBe(scheme === 'dark' ? LIGHT_PAPER : DARK_PAPER);
      expect(await contrastViolations(page)).toEqual([]);
      await shoot(page, `${name}-${scheme}`);
    });

    it('the side menu and a confirmation dialog have no colour-contrast violation', async () => {
      await page.goto(`${server.origin}/`);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog').getByRole('radio', { name: 'Dark' }).waitFor();
      expect(await contrastViolations(page)).toEqual([]);
      await shoot(page, `menu-${scheme}`);
      await page.keyboard.press('Escape');
      await page.goto(`${server.origin}/userProfile`);
      await page.getByRole('button', { name: 'Delete my account' }).click();
      await page.getByRole('alertdialog', { name: 'Delete your account?' }).waitFor();
      expect(await contrastViolations(page)).toEqual([]);
      await shoot(page, `delete-dialog-${scheme}`);
      await page.keyboard.press('Escape');
      expect(errors).toEqual([]);
    });

    it('offers the same choice in settings', async () => {
      await page.goto(`${server.origin}/userSettings`);
      const group = page.getByRole('group', { name: 'Appearance' });
      await group.getByRole('radio', { name: 'System' }).waitFor();
      expect(await group.getByRole('radio', { name: 'System' }).isChecked()).toBe(true);
      const other = scheme === 'dark' ? 'Light' : 'Dark';
      await group.getByRole('radio', { name: other }).click();
      await expect.poll(() => theme(page)).toBe(other.toLowerCase());
      await group.getByRole('radio', { name: 'System' }).click();
      await expect.poll(() => theme(page)).toBe(scheme);
    });
  });
});
