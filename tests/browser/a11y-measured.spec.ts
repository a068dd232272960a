import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { PHONE, screenshot, watchPageErrors } from './support/browser.ts';
import { focusRingContrast } from './support/focus-ring.ts';
import { call, settle, waitForSession } from './support/page.ts';
import { apiUser, shareAnswer, signUpThroughForm } from './support/people.ts';
import { type RunningServer, startServer } from './support/server.ts';

// Issue 16 "accessible by measurement": the flag button's name, the focus ring's contrast, focus
// after a client route change, the well-known files, and each start-up load asked of the server
// once. The text contrast of every screen (the dates among it) is axe-core's colour-contrast
// rule, run on every screen in both themes at both widths: axe-every-screen.spec.ts.

const SEA = 'the sea in the morning';

test.describe('accessible by measurement', () => {
  let server: RunningServer;

  test.beforeAll(async () => {
    server = await startServer();
    const ada = await apiUser(server.origin, 'Adamant');
    await shareAnswer(ada, { promptTitle: `About ${SEA}`, text: SEA });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('serves a real robots.txt and 404s the other well-known files instead of the app', async () => {
    const robots = await fetch(`${server.origin}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toContain('text/plain');
    const text = await robots.text();
    expect(text).toContain('User-agent: *');
    expect(text).toMatch(/^Disallow: \/api$/m);
    expect(text).not.toContain('<html');
    for (const at of [
      '/favicon.ico',
      '/sitemap.xml',
      '/.well-known/security.txt',
      '/.well-known/change-password',
      '/.well-known/apple-app-site-association',
    ]) {
      const response = await fetch(`${server.origin}${at}`);
      expect({ at, status: response.status }).toEqual({ at, status: 404 });
      expect(await response.text()).not.toContain('<html');
    }
  });

  test('asks the server for each start-up load once', async ({ page }) => {
    const errors = watchPageErrors(page);
    const counts = new Map<string, number>();
    page.on('request', (request) => {
      const at = new URL(request.url()).pathname;
      if (at.startsWith('/api/')) counts.set(at, (counts.get(at) ?? 0) + 1);
    });
    const loads = () =>
      ['/api/prompts/approved', '/api/answer/shared', '/api/prompt/today'].map(
        (at) => `${at} ${counts.get(at) ?? 0}`,
      );
    const once = ['/api/prompts/approved 1', '/api/answer/shared 1', '/api/prompt/today 1'];

    // A first visit: / sends the visitor to /home, which shows today's prompt and the world.
    await page.goto(`${server.origin}/`);
    await page.waitForURL(`${server.origin}/home`);
    await expect(page.getByText(SEA).first()).toBeVisible();
    // Whatever start-up asks, it has asked once the network is quiet.
    await page.waitForLoadState('networkidle');
    await settle(page);
    expect(loads()).toEqual(once);

    // A returning visitor opening /world directly.
    counts.clear();
    await page.goto(`${server.origin}/world`);
    await expect(page.getByText(SEA).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await settle(page);
    expect(loads()).toEqual(once);
    expect(errors).toEqual([]);
  });

  test('moves focus to the new page’s heading after a route change, not on the first load', async ({
    page,
  }) => {
    await page.goto(`${server.origin}/about`);
    const heading = page.getByRole('main').getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    await settle(page);
    await expect(page.locator('body')).toBeFocused();

    await page.getByRole('link', { name: 'Privacy' }).first().click();
    await page.waitForURL(`${server.origin}/privacy`);
    await expect(heading).toHaveText(/privacy/i);
    await expect(heading).toBeFocused();
    // Focusable by script only: it is no stop on the Tab path.
    await expect(heading).toHaveAttribute('tabindex', '-1');

    // The same inside the app: from the world to a profile, the profile's name.
    await page.goto(`${server.origin}/world`);
    await page.getByRole('link', { name: 'Adamant' }).click();
    await page.waitForURL(/\/user\//);
    await expect(page.getByRole('heading', { level: 1, name: 'Adamant' })).toBeFocused();
  });

  test('opening Daily from the keyboard puts focus on its heading, like every other screen', async ({
    page,
  }) => {
    // A returning visitor with nothing written yet: / is the categories (a first visit is sent
    // on to /home), and Daily has no draft to show at once. Returning once the first visit's
    // user exists, on the device and on the server.
    await page.goto(`${server.origin}/about`);
    await waitForSession(page);
    // The prompts come slowly: Daily first shows the day's prompt in a frame, then the editor.
    await page.route('**/api/prompts/approved', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(`${server.origin}/`);
    await expect(page).toHaveURL(`${server.origin}/`);
    const daily = page.getByRole('link', { name: 'Daily', exact: true });
    await expect(daily).toBeVisible();
    // Tab until the Daily link has focus (a real keyboard path, no .focus() by script).
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      if (await daily.evaluate((el) => el === document.activeElement)) break;
    }
    await expect(daily).toBeFocused();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.origin}/answer/today`);
    const heading = page.getByRole('main').getByRole('heading', { level: 1 });
    await expect(heading).not.toHaveClass(/loading/);
    await expect(heading).toBeFocused();
    await settle(page);
    await expect(heading).toBeFocused();
  });

  for (const scheme of ['light', 'dark'] as const) {
    test.describe(`in the ${scheme} theme`, () => {
      // One person per theme: the sign-up serves every later check.
      test.describe.configure({ mode: 'serial' });
      let context: BrowserContext;
      let page: Page;
      let errors: string[];

      test.beforeAll(async ({ browser }) => {
        context = await browser.newContext({ viewport: PHONE, colorScheme: scheme });
        page = await context.newPage();
        errors = watchPageErrors(page);
        await page.goto(`${server.origin}/login?mode=signup`);
        await signUpThroughForm(page, `Bea${scheme}`);
        // An answer of her own, so /past has its cards and their buttons on the Tab path.
        await call(page, '/api/answer/save', {
          answer: {
            _id: `garden${scheme}`,
            prompt_id: null,
            prompt_title: 'The garden',
            text: 'A note about the garden.',
          },
        });
      });
      test.afterAll(async () => {
        await context?.close();
      });

      test('names the flag button by what it shows: "Flag for review", then "Flagged"', async () => {
        await page.goto(`${server.origin}/world`);
        await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
        const item = page.getByRole('listitem').filter({ hasText: SEA });
        const flag = item.getByRole('button', { name: /^(Flag for review|Flagged)$/ });
        await expect(flag).toHaveAccessibleName('Flag for review');
        await flag.click();
        const confirm = page.getByRole('alertdialog', { name: 'Flag for review' });
        await confirm.getByRole('button', { name: 'Flag', exact: true }).click();
        await expect(confirm).toBeHidden();
        // The accessible name holds the visible label (WCAG 2.5.3 label in name).
        await expect(flag).toHaveText('Flagged');
        await expect(flag).toHaveAccessibleName('Flagged');
        await expect(flag).toHaveAttribute('aria-pressed', 'true');
        // axe on /world with a flagged answer, in both themes: axe-every-screen.spec.ts.
        await settle(page);
        await screenshot(page, `a11y-world-flagged-${scheme}-360`);
        await flag.click();
        await expect(flag).toHaveAccessibleName('Flag for review');
        await expect(flag).toHaveAttribute('aria-pressed', 'false');
        expect(errors).toEqual([]);
      });

      test('draws the focus ring at 3:1 or more against the page', async () => {
        for (const at of ['/', '/home', '/about', '/world', '/past']) {
          await page.goto(`${server.origin}${at}`);
          await expect(page.getByRole('main')).toBeVisible();
          await page.waitForLoadState('networkidle');
          await settle(page);
          // The first four stops on the Tab path, each measured where it is drawn.
          for (let n = 0; n < 4; n++) {
            await page.keyboard.press('Tab');
            const focused = page.locator(':focus-visible');
            await expect(focused).toHaveCount(1);
            await expect(focused).toHaveCSS('outline-style', 'solid');
            await expect(focused).toHaveCSS('outline-width', '3px');
            await expect
              .poll(() => focusRingContrast(focused), {
                message: `focus ring ${n + 1} on ${at} (${scheme})`,
              })
              .toBeGreaterThanOrEqual(3);
          }
          if (at === '/home') await screenshot(page, `a11y-focus-ring-${scheme}-360`);
        }
      });
    });
  }
});
