import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import axe from 'axe-core';
import { DESKTOP, PHONE, screenshot, watchPageErrors } from './support/browser.ts';
import { call, reflectState, settle, waitForSession } from './support/page.ts';
import { type RunningServer, startServer } from './support/server.ts';

// Issue 17 A: dark mode. Follows the system until the person chooses (side menu for everyone,
// settings for named users), remembered on the device under its own key, set before the
// first paint. Every screen's contrast in both themes is axe-every-screen.spec.ts's; here, the
// heat map's levels on the screens that draw it.

const PASSWORD = 'correct horse battery';
const DARK_PAPER = 'rgb(22, 20, 29)';
const LIGHT_PAPER = 'rgb(250, 246, 239)';

type Saved = { state: { user: { _id: string; name: string } } };

/** The theme the page shows: <html data-theme>, waited for. */
const expectTheme = (page: Page, theme: string) =>
  expect(page.locator('html')).toHaveAttribute('data-theme', theme);
/** The browser's own bar colour: <meta name="theme-color">. */
const expectThemeColor = (page: Page, colour: string) =>
  expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', colour);
/** The paper behind everything: the root element's background. */
const expectPaper = (page: Page, colour: string) =>
  expect(page.locator('html')).toHaveCSS('background-color', colour);
const muse = (page: Page) => page.evaluate(() => localStorage.getItem('muse-theme'));

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

/** Waits until the saved user has this name (the state is written at most once a second). */
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
    if (file) fs.copyFileSync(file, path.join(shotsDir, path.basename(file)));
  }
  await page.setViewportSize(PHONE);
}

test.describe('dark mode', () => {
  let server: RunningServer;
  let browser: Browser;

  test.beforeAll(async ({ browser: launched }) => {
    browser = launched;
    server = await startServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('follows the system before the app code runs: no flash of the light theme', async () => {
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
    await expectTheme(page, 'dark');
    await expectThemeColor(page, '#16141d');
    await expectPaper(page, DARK_PAPER);
    await expect(page.locator('#root')).toBeEmpty();
    release();
    await expect(page.getByRole('main')).toBeVisible();
    await expectTheme(page, 'dark');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('keeps the choice from the side menu on this device only, and follows the system on "System"', async () => {
    const context = await browser.newContext({ viewport: PHONE, colorScheme: 'dark' });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    // The first visit shows /home; the menu is on the categories screen after that.
    await page.goto(`${server.origin}/home`);
    // Leaving before /api/user/create has answered would leave the next page a 401.
    await waitForSession(page);
    await page.goto(`${server.origin}/`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    await expect(menu.getByRole('radio', { name: 'System' })).toBeChecked();
    await shoot(page, 'side-menu-dark');
    await menu.getByRole('radio', { name: 'Light' }).click();
    await expectTheme(page, 'light');
    await expectThemeColor(page, '#2f2a4a');
    await expect.poll(() => muse(page)).toBe('light');
    await shoot(page, 'side-menu-light');

    await page.reload();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expectTheme(page, 'light');
    await expectPaper(page, LIGHT_PAPER);
    // Not part of the server-synced state.
    await expect.poll(async () => (await reflectState<Saved>(page))?.state.user._id).toBeTruthy();
    expect(JSON.stringify(await reflectState(page))).not.toContain('muse-theme');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('radio', { name: 'System' }).click();
    await expectTheme(page, 'dark');
    await expect.poll(() => muse(page)).toBeNull();
    await page.emulateMedia({ colorScheme: 'light' });
    await expectTheme(page, 'light');
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const scheme of ['light', 'dark'] as const) {
    test.describe(`in the ${scheme} theme`, () => {
      // One story per theme: the signed-up user and their answers serve every later check.
      test.describe.configure({ mode: 'serial' });
      let context: BrowserContext;
      let page: Page;
      let errors: string[];

      test.beforeAll(async () => {
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
        await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
      });
      test.afterAll(async () => {
        await context?.close();
      });

      // Every screen's contrast, with every other WCAG AA rule, is measured in both themes by
      // axe-every-screen.spec.ts. Here: the heat map's levels, which need weeks of answers.
      const screens = [
        ['streak', '/streak'],
        ['past', '/past'],
      ] as const;

      for (const [name, at] of screens) {
        test(`${name} has no colour-contrast violation`, async () => {
          await page.goto(`${server.origin}${at}`);
          await expect(page.getByRole('main')).toBeVisible();
          await page.waitForLoadState('networkidle');
          await expectTheme(page, scheme);
          await expect(page.locator('body')).not.toHaveCSS(
            'background-color',
            scheme === 'dark' ? LIGHT_PAPER : DARK_PAPER,
          );
          expect(await contrastViolations(page)).toEqual([]);
          await shoot(page, `${name}-${scheme}`);
        });
      }

      test('offers the same choice in settings', async () => {
        await page.goto(`${server.origin}/userSettings`);
        const group = page.getByRole('group', { name: 'Appearance' });
        await expect(group.getByRole('radio', { name: 'System' })).toBeChecked();
        const other = scheme === 'dark' ? 'Light' : 'Dark';
        await group.getByRole('radio', { name: other }).click();
        await expectTheme(page, other.toLowerCase());
        await group.getByRole('radio', { name: 'System' }).click();
        await expectTheme(page, scheme);
        expect(errors).toEqual([]);
      });
    });
  }
});
