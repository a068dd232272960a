import { expect, type Page, test } from '@playwright/test';
import { DESKTOP, screenshot, watchPageErrors } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

// The pages a visitor meets first: /home, /about, /privacy and /terms (issue 4). The tests
// about layout are tagged @layout: they run at phone width and again at desktop width.

type PublicPage = {
  path: string;
  name: string;
  title: string;
  h1: string;
  /** Section headings (h2) the page must show. */
  headings: string[];
};

const PAGES: PublicPage[] = [
  {
    path: '/home',
    name: 'home',
    title: 'Müse | Welcome',
    h1: 'One good question a day.',
    headings: ["Today's prompt", 'The world is musing...', 'Müse on your phone', 'Jobs'],
  },
  {
    path: '/about',
    name: 'about',
    title: 'Müse | About',
    h1: 'Müse is a daily reflection journal',
    headings: [
      'What Müse is',
      'Why we made it',
      'How it works',
      'Where to use it',
      'The team',
      'Contact',
      'Rate Müse',
      'Jobs',
      'Follow us',
      'Share Müse',
    ],
  },
  {
    path: '/privacy',
    name: 'privacy',
    title: 'Müse | Privacy',
    h1: 'Privacy policy',
    headings: ['The short version', 'Cookies and local storage', 'Export and deletion'],
  },
  {
    path: '/terms',
    name: 'terms',
    title: 'Müse | Terms',
    h1: 'Terms of use',
    headings: ['Community rules for the world feed', 'Müse is not a medical or crisis service'],
  },
];

const SHARED = [
  {
    _id: 'answer-1',
    user_id: null,
    user_name: '',
    prompt_title: 'What are you grateful for this morning?',
    text: 'The smell of coffee and a quiet kitchen before everyone wakes up.',
    anonymous: true,
    likes: 3,
    sharedOn: '2026-11-21T08:00:00.000Z',
    profilePicture: null,
  },
  {
    _id: 'answer-2',
    user_id: 'user-2',
    user_name: 'Juniper',
    prompt_title: 'What did you learn this week?',
    text: 'That asking for help is a strength. I asked twice this week and both times it made the work better.',
    anonymous: false,
    likes: 1,
    sharedOn: '2026-11-20T08:00:00.000Z',
    profilePicture: null,
  },
  {
    _id: 'answer-3',
    user_id: 'user-3',
    user_name: 'Rowan',
    prompt_title: 'Where do you feel most at home?',
    text: 'On long walks by the river.',
    anonymous: false,
    likes: 2,
    sharedOn: '2026-11-19T08:00:00.000Z',
    profilePicture: null,
  },
  {
    _id: 'answer-4',
    user_id: 'user-4',
    user_name: 'Fourth',
    prompt_title: 'Not on the home page',
    text: 'Only three answers fit on the home page.',
    anonymous: false,
    likes: 0,
    sharedOn: '2026-11-18T08:00:00.000Z',
    profilePicture: null,
  },
];

/** Answers the home page's three calls with fixed data and records what was asked. */
async function stubHomeApi(page: Page): Promise<{ todayBodies: unknown[] }> {
  const todayBodies: unknown[] = [];
  await page.route('**/api/prompt/today', async (route) => {
    todayBodies.push(route.request().postDataJSON());
    await route.fulfill({ json: { prompt_id: 'prompt-2' } });
  });
  await page.route('**/api/prompts/approved', (route) =>
    route.fulfill({
      json: {
        prompts: [
          { _id: 'prompt-1', title: 'Not today', categories: ['Life'] },
          { _id: 'prompt-2', title: 'What small thing went well today?', categories: ['Today'] },
        ],
      },
    }),
  );
  await page.route('**/api/answer/shared', (route) =>
    route.fulfill({ json: { sharedAnswers: SHARED } }),
  );
  return { todayBodies };
}

test.describe('public pages', () => {
  let server: RunningServer;
  test.beforeAll(async () => {
    server = await startServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('/home paints before any script runs, and each asset is fetched once', async ({
    browser,
  }) => {
    const html = await (await browser.newPage()).request.get(`${server.origin}/home`);
    const links = [...(await html.text()).matchAll(/<link rel="[^"]+"[^>]* href="([^"]+)"/g)].map(
      (match) => match[1] ?? '',
    );
    // The screen's chunk and stylesheet are named in the page, not found after the entry ran.
    expect(links.some((href) => /\/assets\/home-screen-[\w-]+\.js$/.test(href))).toBe(true);
    expect(links.some((href) => /\/assets\/home-screen-[\w-]+\.css$/.test(href))).toBe(true);
    // A page that is not an entry screen names no screen.
    expect(
      await (await browser.newPage()).request.get(`${server.origin}/about`).then((r) => r.text()),
    ).not.toContain('screen-');

    // Without JavaScript the page is there, styled: it was rendered at build time.
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const still = await noScript.newPage();
    await still.goto(`${server.origin}/home`);
    await expect(
      still.getByRole('heading', { level: 1, name: 'One good question a day.' }),
    ).toBeVisible();
    await expect(still.getByRole('link', { name: 'Start musing' }).first()).toHaveCSS(
      'display',
      /block|flex/,
    );
    await noScript.close();

    // With it, the app takes over, and no file is fetched twice (a preload whose mode does not
    // match its use, such as a stylesheet preloaded without crossorigin, would be).
    const page = await browser.newPage();
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/assets/')) fetched.push(new URL(request.url()).pathname);
    });
    await stubHomeApi(page);
    await page.goto(`${server.origin}/home`);
    await expect(page.getByText('What small thing went well today?')).toBeVisible();
    await expect(page).toHaveTitle('Müse | Welcome');
    for (const href of links.filter((link) => link.startsWith('/assets/'))) {
      expect(fetched).toContain(href);
    }
    expect(fetched.filter((file, index) => fetched.indexOf(file) !== index)).toEqual([]);
    await page.close();
  });

  test("/answer/today shows the day's prompt before the app runs, and the app takes over in place", async ({
    browser,
  }) => {
    // The device's own day, and the prompt the server names for it.
    const probe = await browser.newPage();
    await probe.goto(`${server.origin}/about`);
    const day = await probe.evaluate(() => {
      const now = new Date();
      return { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
    });
    const { prompt_id } = await (
      await probe.request.post(`${server.origin}/api/prompt/today`, { data: day })
    ).json();
    const { prompts } = await (
      await probe.request.post(`${server.origin}/api/prompts/approved`, { data: {} })
    ).json();
    const title: string = prompts.find((p: { _id: string }) => p._id === prompt_id).title;
    await probe.close();

    // None of the app's scripts: the page's own script still names the day's prompt, and the
    // page's policy lets it (a refused inline script is a console error).
    const bare = await browser.newPage();
    const bareErrors = watchPageErrors(bare);
    await bare.route('**/assets/*.js', (route) => route.abort());
    await bare.goto(`${server.origin}/answer/today`);
    await expect(bare.getByRole('heading', { level: 1 })).toHaveText(title);
    // The box takes keys before any of the app's script has run (issue 35 point 1).
    const bareBox = bare.getByRole('textbox', { name: 'Your answer' });
    await expect(bareBox).toBeEditable();
    await bareBox.pressSequentially('typed');
    await expect(bareBox).toHaveValue('typed');
    expect(bareErrors.filter((error) => /Content Security Policy/i.test(error))).toEqual([]);
    await bare.close();

    // With the app, and its loads held back: the question stays where it is (never
    // "Loading…"), the box takes keys already, and the editor takes them over once they arrive.
    const page = await browser.newPage();
    const errors = watchPageErrors(page);
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { headings: string[] }).headings = seen;
      new MutationObserver(() => {
        const h1 = document.querySelector('h1')?.textContent ?? '';
        if (seen.at(-1) !== h1) seen.push(h1);
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/prompts/approved', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.origin}/answer/today`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(title);
    const box = page.getByRole('textbox', { name: 'Your answer' });
    await expect(box).toBeEditable();
    await box.pressSequentially('Written');
    await expect(page).toHaveTitle("Müse | Today's prompt");
    await screenshot(page, `answer-today-frame-${page.viewportSize()?.width ?? 0}`);
    release();
    await expect(page.getByRole('button', { name: `${title} (more actions)` })).toBeVisible();
    await expect(box).toHaveValue('Written');
    await expect(box).toBeFocused();
    await box.pressSequentially(' the moment it could be.');
    await expect(page.getByText('1 word').or(page.getByText('6 words'))).toBeVisible();
    const headings = await page.evaluate(
      () => (window as unknown as { headings: string[] }).headings,
    );
    // Every heading the page ever had, as a person reads it: the day's prompt, and only it.
    const read = headings.map((text) => text.replace(' (more actions)', '').trim());
    expect([...new Set(read.filter((text) => text !== ''))]).toEqual([title]);
    expect(errors).toEqual([]);
    await page.close();
  });

  for (const publicPage of PAGES) {
    test(`${publicPage.path} reads well`, { tag: '@layout' }, async ({ page }, testInfo) => {
      const width = page.viewportSize()?.width ?? 0;
      const errors = watchPageErrors(page);
      await page.goto(`${server.origin}${publicPage.path}`);
      const h1 = page.getByRole('heading', { level: 1 });
      await expect(h1).toHaveText(publicPage.h1);
      await expect(h1).toHaveCount(1);
      await expect(page).toHaveTitle(publicPage.title);
      for (const heading of publicPage.headings) {
        await expect(page.getByRole('heading', { name: heading, exact: true })).toHaveCount(1);
      }
      await expect(page.getByRole('main')).toHaveCount(1);
      // A way back into the app from every public page.
      await expect(page.getByRole('link').and(page.locator('[href="/"]')).first()).toBeVisible();
      // Nothing sticks out sideways, and the content keeps to the 900px column (SPEC §9).
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(width);
      await expect
        .poll(() => page.getByRole('main').evaluate((el) => el.getBoundingClientRect().width))
        .toBeLessThanOrEqual(900);
      if (publicPage.name === 'home') {
        // Let the real API calls settle before the picture is taken.
        await expect(page.getByText('Loading...')).toHaveCount(0);
        await expect(page.getByText("Finding today's prompt…")).toHaveCount(0);
        // Against the real API on a fresh database: a real prompt from the seeded library,
        // and nobody has shared anything yet.
        const today = page.getByRole('region', { name: "Today's prompt" });
        await expect(today.getByRole('paragraph')).toHaveText(/\S.{5,}/);
        await expect(
          page.getByText('No one has shared an answer yet.', { exact: false }),
        ).toHaveCount(1);
      }
      await screenshot(page, `${publicPage.name}-${testInfo.project.name}`);
      expect(errors).toEqual([]);
    });
  }

  // Both Start musing links, their address and the contacts are checked in the component tier
  // (src/client/screens/home/home-screen.component.test.tsx); here, what needs a real browser.
  test('/home: the first Tab lands on a link with a visible focus ring', async ({ page }) => {
    const errors = watchPageErrors(page);
    await page.goto(`${server.origin}/home`);
    await expect(page.getByRole('link', { name: 'Start musing', exact: true })).toHaveCount(2);
    await page.keyboard.press('Tab');
    const focused = page.getByRole('link').and(page.locator(':focus'));
    await expect(focused).toHaveCount(1);
    await expect(focused).toHaveCSS('outline-style', 'solid');
    expect(errors).toEqual([]);
  });

  test(
    "/home shows today's prompt and the first 3 shared answers",
    { tag: '@layout' },
    async ({ page }, testInfo) => {
      const errors = watchPageErrors(page);
      const { todayBodies } = await stubHomeApi(page);
      await page.goto(`${server.origin}/home`);
      await expect(page.getByText('What small thing went well today?')).toBeVisible();
      // The visitor's local calendar day, month 1-12.
      const localDay = await page.evaluate(() => {
        const now = new Date();
        return { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
      });
      expect(todayBodies[0]).toEqual(localDay);

      const cards = page.getByRole('list', { name: 'Shared answers' }).getByRole('listitem');
      await expect(cards).toHaveCount(3);
      await expect(cards.getByText(/^— /)).toHaveText(['— Anonymous', '— Juniper', '— Rowan']);
      await expect(page.getByText('Not on the home page')).toHaveCount(0);
      const links = cards.getByRole('link');
      await expect(links).toHaveCount(3);
      for (const link of await links.all()) await expect(link).toHaveAttribute('href', '/world');
      await screenshot(page, `home-shared-${testInfo.project.name}`);
      expect(errors).toEqual([]);
    },
  );

  test("says a screen whose code didn't load, keeps the app, and loads it on Try again", async ({
    browser,
  }) => {
    // No service worker: it would serve the screen's code from its cache.
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${server.origin}/home`);
    await expect(page.getByRole('heading', { name: 'One good question a day.' })).toBeVisible();
    // The connection drops just as the person opens About: its code cannot be fetched.
    await page.route('**/assets/about-screen-*.js', (route) => route.abort('internetdisconnected'));
    await page.getByRole('link', { name: 'About', exact: true }).first().click();
    await expect(page.getByRole('heading', { name: 'This page didn’t load' })).toBeVisible();
    await expect(page).toHaveURL(`${server.origin}/about`);
    // The app is still there around it: the header's menu leads elsewhere.
    await expect(page).toHaveTitle('Müse | Not loaded');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
    await page.getByRole('button', { name: 'Close menu' }).click();

    await page.unroute('**/assets/about-screen-*.js');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(
      page.getByRole('heading', { name: 'Müse is a daily reflection journal' }),
    ).toBeVisible();
    expect(errors.filter((text) => !text.startsWith('Failed to load resource'))).toEqual([]);
    await context.close();
  });

  // Rating by e-mail and the share links are checked in the component tier
  // (home-screen.component.test.tsx); here, the scroll a real browser does.
  test('/about#jobs scrolls the jobs section into view', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    const errors = watchPageErrors(page);
    await page.goto(`${server.origin}/about#jobs`);
    const jobs = page.getByRole('heading', { name: 'Jobs', exact: true });
    await expect(jobs).toBeVisible();
    await expect(jobs).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });
});
