import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, screenshot, watchPageErrors } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

// The pages a visitor meets first: /home, /about, /privacy and /terms (issue 4).

const VIEWPORTS = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;

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

describe('public pages', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const publicPage of PAGES) {
    for (const [label, viewport] of VIEWPORTS) {
      it(`${publicPage.path} reads well at ${label} width`, async () => {
        const page = await browser.newPage({ viewport });
        const errors = watchPageErrors(page);
        await page.goto(`${server.origin}${publicPage.path}`);
        const h1 = page.getByRole('heading', { level: 1 });
        await expect.poll(() => h1.textContent()).toBe(publicPage.h1);
        expect(await h1.count()).toBe(1);
        await expect.poll(() => page.title()).toBe(publicPage.title);
        for (const heading of publicPage.headings) {
          expect(await page.getByRole('heading', { name: heading, exact: true }).count()).toBe(1);
        }
        expect(await page.getByRole('main').count()).toBe(1);
        // A way back into the app from every public page.
        expect(await page.locator('a[href="/"]').count()).toBeGreaterThan(0);
        // Nothing sticks out sideways, and the content keeps to the 900px column (SPEC §9).
        const layout = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          mainWidth: document.querySelector('main')?.getBoundingClientRect().width ?? 0,
        }));
        expect(layout.scrollWidth).toBeLessThanOrEqual(viewport.width);
        expect(layout.mainWidth).toBeLessThanOrEqual(900);
        if (publicPage.name === 'home') {
          // Let the real API calls settle before the picture is taken.
          await page.getByText('Loading...').waitFor({ state: 'detached' });
          await page.getByText("Finding today's prompt…").waitFor({ state: 'detached' });
          // Against the real API on a fresh database: a real prompt from the seeded library,
          // and nobody has shared anything yet.
          const prompt = await page.locator('.home-today-prompt').textContent();
          expect(prompt?.trim().length).toBeGreaterThan(5);
          expect(
            await page.getByText('No one has shared an answer yet.', { exact: false }).count(),
          ).toBe(1);
        }
        await screenshot(page, `${publicPage.name}-${label}`);
        expect(errors).toEqual([]);
        await page.close();
      });
    }
  }

  it('/home offers Start musing at the top and the bottom, both to today’s prompt', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchPageErrors(page);
    await page.goto(`${server.origin}/home`);
    const start = page.getByRole('link', { name: 'Start musing', exact: true });
    await expect.poll(() => start.count()).toBe(2);
    expect(await start.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
      '/answer/today',
      '/answer/today',
    ]);
    // Keyboard: the first Tab lands on a link with a visible focus ring.
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => {
      const active = document.activeElement;
      return active ? getComputedStyle(active).outlineStyle : 'none';
    });
    expect(outline).toBe('solid');
    expect(await page.getByRole('link', { name: 'hello@muse.example' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'jobs@muse.example' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Work with us' }).getAttribute('href')).toBe(
      '/about#jobs',
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  for (const [label, viewport] of VIEWPORTS) {
    it(`/home shows today's prompt and the first 3 shared answers at ${label} width`, async () => {
      const page = await browser.newPage({ viewport });
      const errors = watchPageErrors(page);
      const { todayBodies } = await stubHomeApi(page);
      await page.goto(`${server.origin}/home`);
      await page.getByText('What small thing went well today?').waitFor();
      // The visitor's local calendar day, month 1-12.
      const localDay = await page.evaluate(() => {
        const now = new Date();
        return { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
      });
      expect(todayBodies[0]).toEqual(localDay);

      const cards = page.getByRole('list', { name: 'Shared answers' }).getByRole('listitem');
      await expect.poll(() => cards.count()).toBe(3);
      const authors = await cards.locator('.home-world-author').allTextContents();
      expect(authors).toEqual(['— Anonymous', '— Juniper', '— Rowan']);
      expect(await page.getByText('Not on the home page').count()).toBe(0);
      const hrefs = await cards
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(hrefs).toEqual(['/world', '/world', '/world']);
      await screenshot(page, `home-shared-${label}`);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('/home falls back gracefully when the API fails, logging no errors of its own', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchPageErrors(page);
    await page.route('**/api/**', (route) =>
      route.fulfill({ status: 500, json: { error: 'Something went wrong' } }),
    );
    await page.goto(`${server.origin}/home`);
    await page.getByText('A fresh question is waiting for you today.', { exact: false }).waitFor();
    await page
      .getByText("The world's answers can't be shown just now.", { exact: false })
      .waitFor();
    expect(await page.getByRole('link', { name: 'Start musing', exact: true }).count()).toBe(2);
    // Chromium itself reports each 500 response; the page must add nothing else.
    expect(errors.filter((text) => !text.startsWith('Failed to load resource'))).toEqual([]);
    await page.close();
  });

  it('/home shows an empty state when nobody has shared yet', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchPageErrors(page);
    await stubHomeApi(page);
    await page.route('**/api/answer/shared', (route) =>
      route.fulfill({ json: { sharedAnswers: [] } }),
    );
    await page.goto(`${server.origin}/home`);
    await page.getByText('No one has shared an answer yet.', { exact: false }).waitFor();
    expect(await page.getByRole('list', { name: 'Shared answers' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('/home offers an Install button when the browser allows installing', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchPageErrors(page);
    await stubHomeApi(page);
    await page.goto(`${server.origin}/home`);
    await page.getByRole('heading', { name: 'Müse on your phone' }).waitFor();
    expect(await page.getByText('Add to Home Screen').count()).toBeGreaterThan(0);
    const install = page.getByRole('button', { name: 'Install Müse' });
    expect(await install.count()).toBe(0);
    await page.evaluate(() => {
      const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => {
          (window as { prompted?: boolean }).prompted = true;
        },
        userChoice: Promise.resolve({ outcome: 'accepted' }),
      });
      window.dispatchEvent(event);
    });
    await install.waitFor();
    await install.click();
    await page.getByText('Müse is installed on this device.').waitFor();
    expect(await page.evaluate(() => (window as { prompted?: boolean }).prompted)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('/about has jobs, rating by e-mail, and share links for this site', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchPageErrors(page);
    await page.goto(`${server.origin}/about#jobs`);
    await page.locator('#jobs').waitFor();
    // Arriving at /about#jobs scrolls the jobs section into view.
    await expect
      .poll(() =>
        page.locator('#jobs').evaluate((el) => {
          const top = el.getBoundingClientRect().top;
          return window.scrollY > 0 && top >= 0 && top < window.innerHeight / 2;
        }),
      )
      .toBe(true);
    const rate = await page.getByRole('link', { name: 'Rate Müse by e-mail' }).getAttribute('href');
    expect(rate).toMatch(/^mailto:hello@muse\.example\?subject=Rating%20M%C3%BCse/);

    const share = page.getByRole('list', { name: 'Share Müse' }).getByRole('link');
    const links = await share.evaluateAll((anchors) =>
      anchors.map((a) => ({ href: a.getAttribute('href') ?? '', rel: a.getAttribute('rel') })),
    );
    expect(links).toHaveLength(4);
    const origin = encodeURIComponent(server.origin);
    expect(links[0]?.href.startsWith('mailto:?')).toBe(true);
    expect(links[1]?.href).toContain(`twitter.com/intent/tweet?`);
    expect(links[1]?.href).toContain(`url=${origin}`);
    expect(links[2]?.href).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${origin}`);
    expect(links[3]?.href).toBe(`https://www.facebook.com/sharer/sharer.php?u=${origin}`);
    for (const link of links) expect(link.rel).toBe('noopener noreferrer');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('/privacy and /terms are dated and link to each other', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchPageErrors(page);
    await page.goto(`${server.origin}/privacy`);
    await page.getByText('Last updated: November 22, 2026').waitFor();
    expect(await page.getByText('reflect-state').count()).toBeGreaterThan(0);
    await page.getByRole('main').getByRole('link', { name: 'terms of use' }).click();
    await page.waitForURL(`${server.origin}/terms`);
    await expect.poll(() => page.title()).toBe('Müse | Terms');
    await page.getByText('Last updated: November 22, 2026').waitFor();
    expect(await page.getByText('local emergency services', { exact: false }).count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});
