import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, screenshot, watchPageErrors } from './support/browser.ts';
import { call, keepRecoveryCodes, reflectState, settle, unnamedControls } from './support/page.ts';
import { type RunningServer, startServer } from './support/server.ts';

// The social side, as two people live it (SPEC §2 World and Modals, §4 Sharing, Like, Report,
// Share modal, World paging, §5): Ada signs up through /login and shares one answer by name and
// one anonymously; Bea loves, takes her love back, flags and unflags, and opens Ada's profile; a
// visitor is asked to sign up; the feed pages through 25 answers; Ada adds a prompt.
//
// People sign up through the UI (/login?mode=signup). The 25 answers for paging are seeded
// through the API from Node (their own session cookie, no browser), since paging, not sharing,
// is what that test is about.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const now = new Date();
const TODAY_LABEL = `${MONTHS[now.getMonth()]} ${now.getDate()}, ${now.getFullYear()}`;
const PASSWORD = 'a long enough password';

type Saved = {
  state: {
    user: { _id: string; name: string };
    worldAnswerId: string | null;
    myPrompts: { _id: string; title: string; status: string; categories: string[] }[];
  };
};

async function saved(page: Page): Promise<Saved['state'] | null> {
  return (await reflectState<Saved>(page))?.state ?? null;
}

/** A named user made through the API from Node, with its own cookie jar of one cookie. */
async function apiUser(origin: string, name: string) {
  let cookie = '';
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const response = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    for (const header of response.headers.getSetCookie()) {
      if (header.startsWith('muse_session=')) cookie = header.split(';')[0] ?? '';
    }
    const data = (await response.json()) as T;
    if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(data)}`);
    return data;
  };
  const id = randomUUID().replaceAll('-', '');
  await post('/api/user/create', { user: { _id: id } });
  await post('/api/signup', {
    user: { _id: id, name, email: `${name.toLowerCase()}@example.com`, password: PASSWORD },
  });
  return { id, post };
}

/** The prompt title on the answer screen, without the screen-reader hint. */
async function promptTitle(page: Page): Promise<string> {
  const text = await page.locator('.answer-prompt-button').textContent();
  return (text ?? '').replace(' (more actions)', '').trim();
}

/** Signs up through /login in sign-up mode; the form sends them back to `returnTo`. */
async function signUpThroughForm(page: Page, name: string): Promise<void> {
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Email').fill(`${name.toLowerCase()}@example.com`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await keepRecoveryCodes(page);
  // The saved state is written at most once a second (SPEC §3).
  await expect.poll(async () => (await saved(page))?.user.name, { timeout: 5000 }).toBe(name);
}

function feedItem(page: Page, text: string): Locator {
  return page.locator('.feed-entry').filter({ hasText: text });
}

/** The answer on the answer screen is written, then shared from the prompt's action sheet. */
async function writeAndShare(page: Page, text: string, as: RegExp): Promise<string> {
  const box = page.getByLabel('Your answer');
  await box.waitFor();
  await box.fill(text);
  const title = await promptTitle(page);
  await page.locator('.answer-prompt-button').click();
  const sheet = page.getByRole('dialog', { name: 'This prompt' });
  await sheet.getByRole('button', { name: 'Share', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Share as whom?' });
  await modal.waitFor();
  await modal.getByRole('button', { name: as }).click();
  return title;
}

describe('the world: sharing, love, flags, profiles and new prompts', () => {
  let server: RunningServer;
  let browser: Browser;
  let ada: BrowserContext;
  let bea: BrowserContext;
  let pageA: Page;
  let pageB: Page;
  let errorsA: string[];
  let errorsB: string[];
  let adaId = '';
  let namedTitle = '';
  let anonymousTitle = '';
  const NAMED_TEXT = 'The smell of rain on warm stones';
  const ANONYMOUS_TEXT = 'Forgiving my brother, finally';

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const options = { viewport: PHONE, reducedMotion: 'reduce' as const };
    [ada, bea] = await Promise.all([browser.newContext(options), browser.newContext(options)]);
    [pageA, pageB] = await Promise.all([ada.newPage(), bea.newPage()]);
    pageA.setDefaultTimeout(10_000);
    pageB.setDefaultTimeout(10_000);
    errorsA = watchPageErrors(pageA);
    errorsB = watchPageErrors(pageB);
  });
  afterAll(async () => {
    await ada?.close();
    await bea?.close();
    await browser?.close();
    await server?.stop();
  });

  it('asks a visitor to sign up before adding a prompt, and Ada signs up from there', async () => {
    await pageA.goto(`${server.origin}/newPrompt`);
    await expect.poll(() => pageA.title()).toBe('Müse | Add a prompt');
    await pageA.getByRole('heading', { name: 'Sign up to add prompts' }).waitFor();
    expect(await pageA.getByLabel('Your prompt').count()).toBe(0);
    await screenshot(pageA, 'world-new-prompt-visitor-phone');
    await expect.poll(async () => (await saved(pageA))?.user._id ?? '').not.toBe('');
    await pageA.getByRole('link', { name: 'Sign up', exact: true }).click();
    await pageA.waitForURL(`${server.origin}/login?mode=signup`);
    await signUpThroughForm(pageA, 'Ada');
    // The form sends her back to where she came from, now with the prompt form.
    await pageA.waitForURL(`${server.origin}/newPrompt`);
    await pageA.getByLabel('Your prompt').waitFor();
    adaId = (await saved(pageA))?.user._id ?? '';
    expect(errorsA).toEqual([]);
  });

  it('Ada shares one answer by name and one anonymously, and lands on the world each time', async () => {
    await pageA.goto(`${server.origin}/answer?category=Gratitude`);
    await pageA.waitForURL(/\/answer\/[A-Za-z0-9_-]+$/);
    namedTitle = await writeAndShare(pageA, NAMED_TEXT, /^Ada/);
    await pageA.waitForURL(`${server.origin}/world`);
    await expect
      .poll(() => pageA.getByRole('status').textContent())
      .toBe('Answer shared successfully');
    await expect.poll(() => pageA.title()).toBe('Müse | Müse world');
    await expect
      .poll(() => pageA.locator('.feed-entry').first().textContent())
      .toContain(NAMED_TEXT);

    await pageA.goto(`${server.origin}/answer?category=Growth`);
    await pageA.waitForURL(/\/answer\/[A-Za-z0-9_-]+$/);
    // The share modal, at phone width, before choosing.
    await pageA.getByLabel('Your answer').fill(ANONYMOUS_TEXT);
    anonymousTitle = await promptTitle(pageA);
    await pageA.locator('.answer-prompt-button').click();
    await pageA
      .getByRole('dialog', { name: 'This prompt' })
      .getByRole('button', { name: 'Share', exact: true })
      .click();
    const modal = pageA.getByRole('dialog', { name: 'Share as whom?' });
    await modal.waitFor();
    await settle(pageA);
    await screenshot(pageA, 'world-share-modal-phone');
    await modal.getByRole('button', { name: /^Anonymous/ }).click();
    await pageA.waitForURL(`${server.origin}/world`);
    await expect
      .poll(() => pageA.getByRole('status').textContent())
      .toBe('Answer shared Anonymously');
    // Newest first: the anonymous one is on top.
    await expect
      .poll(() => pageA.locator('.feed-entry').first().textContent())
      .toContain(ANONYMOUS_TEXT);

    // The author loves their own answer (SPEC §4) and gets no love button or flag of their own.
    const mine = feedItem(pageA, ANONYMOUS_TEXT);
    expect(await mine.textContent()).toContain('1 love');
    expect(await mine.getByRole('button').count()).toBe(0);
    expect(await feedItem(pageA, NAMED_TEXT).getByRole('button').count()).toBe(0);
    expect(errorsA).toEqual([]);
  });

  it('offers Share to… and Unshare for a shared answer, and lists both under /shared', async () => {
    await pageA.goto(`${server.origin}/past`);
    await pageA.getByRole('button', { name: `Edit answer: ${namedTitle}, ${TODAY_LABEL}` }).click();
    await pageA.waitForURL(/\/answer\/a\/[A-Za-z0-9_-]+$/);
    await pageA.locator('.answer-prompt-button').click();
    const sheet = pageA.getByRole('dialog', { name: 'This prompt' });
    await sheet.waitFor();
    expect(await sheet.getByRole('button', { name: 'Share', exact: true }).count()).toBe(0);
    expect(await sheet.getByRole('button', { name: 'Unshare' }).count()).toBe(1);
    await sheet.getByRole('button', { name: 'Share to…' }).click();
    const menu = pageA.getByRole('dialog', { name: 'Share to…' });
    await menu.waitFor();
    const links = await menu.getByRole('link').evaluateAll((anchors) =>
      anchors.map((a) => ({
        name: a.textContent,
        href: a.getAttribute('href') ?? '',
        rel: a.getAttribute('rel'),
      })),
    );
    expect(links.map((l) => l.name)).toEqual([
      'Email',
      'Twitter / X (opens in a new tab)',
      'LinkedIn (opens in a new tab)',
      'Facebook (opens in a new tab)',
    ]);
    const world = encodeURIComponent(`${server.origin}/world`);
    for (const link of links) {
      expect(link.rel).toBe('noopener noreferrer');
      expect(link.href).toContain(world);
    }
    // Focus starts on the first link; Escape closes.
    expect(
      await menu.getByRole('link', { name: 'Email' }).evaluate((a) => a === document.activeElement),
    ).toBe(true);
    await settle(pageA);
    await screenshot(pageA, 'world-share-to-phone');
    await pageA.keyboard.press('Escape');
    await expect.poll(() => menu.isVisible()).toBe(false);

    await pageA.goto(`${server.origin}/shared`);
    await expect.poll(() => pageA.title()).toBe('Müse | Shared answers');
    const cards = pageA.locator('.shared-card');
    await expect.poll(() => cards.count()).toBe(2);
    expect(await pageA.locator('.shared-card-title').allTextContents()).toEqual([
      anonymousTitle,
      namedTitle,
    ]);
    expect(await cards.first().textContent()).toContain('Anonymously');
    expect(await cards.first().textContent()).toContain('1 love');
    expect(errorsA).toEqual([]);
  });

  it('Bea signs up and sees both: the anonymous one with no name and no link', async () => {
    await pageB.goto(`${server.origin}/login?mode=signup`);
    await expect.poll(async () => (await saved(pageB))?.user._id ?? '').not.toBe('');
    await signUpThroughForm(pageB, 'Bea');
    await pageB.goto(`${server.origin}/world`);
    const named = feedItem(pageB, NAMED_TEXT);
    const anonymous = feedItem(pageB, ANONYMOUS_TEXT);
    await named.waitFor();
    await anonymous.waitFor();
    expect(await named.getByRole('link', { name: 'Ada' }).getAttribute('href')).toBe(
      `/user/${adaId}`,
    );
    expect(await anonymous.locator('.feed-author').textContent()).toBe('Anonymous');
    // No link to anyone: the only link is the prompt's, to how others answered it (023).
    expect(await anonymous.locator('a[href^="/user/"]').count()).toBe(0);
    expect(
      await anonymous
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
    ).toEqual([expect.stringMatching(/^\/world\?prompt=/)]);
    expect(await anonymous.textContent()).not.toContain('Ada');
    expect(await named.locator('time').textContent()).toBe(TODAY_LABEL);
    expect(errorsB).toEqual([]);
  });

  it('Bea loves an answer, then takes her love back through the confirmation', async () => {
    const item = feedItem(pageB, NAMED_TEXT);
    const love = item.getByRole('button', { name: /^Love/ });
    expect(await love.getAttribute('aria-pressed')).toBe('false');
    expect(await love.getAttribute('aria-label')).toBe('Love, 1 love');
    await love.click();
    await expect.poll(() => love.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => love.getAttribute('aria-label')).toBe('Love, 2 loves');
    // The server agrees, after a reload.
    await pageB.reload();
    await expect.poll(() => love.getAttribute('aria-label')).toBe('Love, 2 loves');
    expect(await love.getAttribute('aria-pressed')).toBe('true');

    await love.click();
    const confirm = pageB.getByRole('alertdialog', { name: 'Take back your love' });
    await confirm.waitFor();
    // Cancel keeps it.
    await confirm.getByRole('button', { name: 'Keep my love' }).click();
    await expect.poll(() => confirm.isVisible()).toBe(false);
    expect(await love.getAttribute('aria-pressed')).toBe('true');
    await love.click();
    await confirm.getByRole('button', { name: 'Take it back' }).click();
    await expect.poll(() => love.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => love.getAttribute('aria-label')).toBe('Love, 1 love');
    const feed = await call<{ sharedAnswers: { text: string; likes: number; likers: string[] }[] }>(
      pageB,
      '/api/answer/shared',
      { page: 1 },
    );
    expect(feed.sharedAnswers.find((a) => a.text === NAMED_TEXT)).toMatchObject({
      likes: 1,
      likers: [],
    });
    expect(errorsB).toEqual([]);
  });

  it('Bea flags an answer behind a confirmation, sees the red flag, and unflags it at once', async () => {
    const item = feedItem(pageB, ANONYMOUS_TEXT);
    // Named by what it shows: "Flag for review", then "Flagged" (issue 16).
    const flag = item.getByRole('button', { name: /^(Flag for review|Flagged)$/ });
    expect(await flag.getAttribute('aria-pressed')).toBe('false');
    await flag.click();
    const confirm = pageB.getByRole('alertdialog', { name: 'Flag for review' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Flag', exact: true }).click();
    await expect.poll(() => flag.getAttribute('aria-pressed')).toBe('true');
    expect(await flag.textContent()).toBe('Flagged');
    // Red (var(--warn)).
    expect(await flag.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(179, 38, 30)');
    await pageB.reload();
    await expect.poll(() => flag.getAttribute('aria-pressed')).toBe('true');
    await screenshot(pageB, 'world-flagged-phone');

    // Tapping a flagged answer unflags it without a confirmation.
    await flag.click();
    await expect.poll(() => flag.getAttribute('aria-pressed')).toBe('false');
    expect(await pageB.getByRole('alertdialog').count()).toBe(0);
    // The button changes at once; the server hears it a moment later.
    await expect
      .poll(async () => {
        const feed = await call<{ sharedAnswers: { text: string; reported: boolean }[] }>(
          pageB,
          '/api/answer/shared',
          { page: 1 },
        );
        return feed.sharedAnswers.find((a) => a.text === ANONYMOUS_TEXT)?.reported;
      })
      .toBe(false);
    expect(errorsB).toEqual([]);
  });

  it("Bea opens Ada's profile from the feed: only the answer shared by name", async () => {
    await feedItem(pageB, NAMED_TEXT).getByRole('link', { name: 'Ada' }).click();
    await pageB.waitForURL(`${server.origin}/user/${adaId}`);
    await pageB.getByRole('heading', { level: 1, name: 'Ada' }).waitFor();
    await expect.poll(() => pageB.title()).toBe('Müse | Ada');
    const main = pageB.locator('main');
    expect(await main.textContent()).toContain(`Müsing since ${TODAY_LABEL}`);
    const stat = (label: string) =>
      pageB.locator('.other-user-stat').filter({ has: pageB.getByText(label, { exact: true }) });
    expect(await stat('Shared').locator('dd').textContent()).toBe('1');
    expect(await stat('Streak').locator('dd').textContent()).toBe('1');
    const items = pageB.locator('.feed-entry');
    expect(await items.count()).toBe(1);
    expect(await items.textContent()).toContain(NAMED_TEXT);
    expect(await main.textContent()).not.toContain(ANONYMOUS_TEXT);
    // Love works here too.
    const love = items.getByRole('button', { name: /^Love/ });
    await love.click();
    await expect.poll(() => love.getAttribute('aria-label')).toBe('Love, 2 loves');
    await love.click();
    await pageB
      .getByRole('alertdialog', { name: 'Take back your love' })
      .getByRole('button', { name: 'Take it back' })
      .click();
    await expect.poll(() => love.getAttribute('aria-label')).toBe('Love, 1 love');

    await pageB.goto(`${server.origin}/user/nobody-by-this-id`);
    await pageB.getByRole('heading', { name: 'We could not find this person' }).waitFor();
    await pageB.getByRole('link', { name: 'Back to the world' }).first().waitFor();
    expect(errorsB.filter((e) => !e.includes('404'))).toEqual([]);
    errorsB.length = 0;
  });

  it('asks a visitor to sign up before sending love, and offers them no flag', async () => {
    const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
    const visitor = await context.newPage();
    visitor.setDefaultTimeout(10_000);
    const errors = watchPageErrors(visitor);
    await visitor.goto(`${server.origin}/world`);
    const item = feedItem(visitor, NAMED_TEXT);
    await item.waitFor();
    expect(await visitor.getByRole('button', { name: 'Flag for review' }).count()).toBe(0);
    await item.getByRole('button', { name: /^Love/ }).click();
    const ask = visitor.getByRole('alertdialog', { name: 'Sign up to send love' });
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Sign up' }).click();
    await visitor.waitForURL(`${server.origin}/login?mode=signup`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works with the keyboard alone: love, its confirmation, and focus coming back', async () => {
    await pageB.goto(`${server.origin}/world`);
    const love = feedItem(pageB, NAMED_TEXT).getByRole('button', { name: /^Love/ });
    await love.focus();
    await pageB.keyboard.press('Enter');
    await expect.poll(() => love.getAttribute('aria-pressed')).toBe('true');
    await pageB.keyboard.press('Enter');
    const confirm = pageB.getByRole('alertdialog', { name: 'Take back your love' });
    await confirm.waitFor();
    // Focus starts on the safe choice and Tab stays inside the dialog.
    expect(
      await confirm
        .getByRole('button', { name: 'Keep my love' })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await pageB.keyboard.press('Tab');
    await pageB.keyboard.press('Enter');
    await expect.poll(() => love.getAttribute('aria-pressed')).toBe('false');
    expect(await love.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(errorsB).toEqual([]);
  });

  it('gives every control on these screens a name a screen reader can read', async () => {
    const screens: [Page, string][] = [
      [pageB, '/world'],
      [pageB, `/user/${adaId}`],
      [pageA, '/shared'],
      [pageA, '/newPrompt'],
    ];
    for (const [page, path] of screens) {
      await page.goto(`${server.origin}${path}`);
      await page.locator('main').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await unnamedControls(page), path).toEqual([]);
    }
  });

  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`shows the world's screens and dialogs at ${label} width`, async () => {
      await pageA.setViewportSize(viewport);
      await pageB.setViewportSize(viewport);
      const shots: [Page, string, string][] = [
        [pageB, '/world', 'world'],
        [pageA, '/shared', 'shared'],
        [pageB, `/user/${adaId}`, 'other-user'],
        [pageA, '/newPrompt', 'new-prompt'],
      ];
      for (const [page, path, name] of shots) {
        await page.goto(`${server.origin}${path}`);
        await page.locator('main').waitFor();
        await page.waitForLoadState('networkidle');
        await settle(page);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, `${name} overflows at ${label}`).toBeLessThanOrEqual(0);
        const width = await page.locator('main').evaluate((el) => el.getBoundingClientRect().width);
        expect(width).toBeLessThanOrEqual(900);
        await screenshot(page, `world-${name}-${label}`);
      }
      // The share modal and the share-to menu, from Ada's answers.
      await pageA.goto(`${server.origin}/past`);
      await pageA
        .getByRole('button', { name: `Edit answer: ${namedTitle}, ${TODAY_LABEL}` })
        .click();
      await pageA.locator('.answer-prompt-button').click();
      await pageA
        .getByRole('dialog', { name: 'This prompt' })
        .getByRole('button', { name: 'Share to…' })
        .click();
      await pageA.getByRole('dialog', { name: 'Share to…' }).waitFor();
      await settle(pageA);
      await screenshot(pageA, `world-share-to-${label}`);
      await pageA.keyboard.press('Escape');
      // A private answer opens the share modal (Cancel leaves it private).
      await pageA.goto(`${server.origin}/answer/journal`);
      await pageA.getByLabel('Your answer').fill('Only for me, for now');
      await pageA.locator('.answer-prompt-button').click();
      await pageA
        .getByRole('dialog', { name: 'Journal entry' })
        .getByRole('button', { name: 'Share', exact: true })
        .click();
      const modal = pageA.getByRole('dialog', { name: 'Share as whom?' });
      await modal.waitFor();
      await settle(pageA);
      await screenshot(pageA, `world-share-modal-${label}`);
      await modal.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => modal.isVisible()).toBe(false);
      expect(errorsA).toEqual([]);
      expect(errorsB).toEqual([]);
    });
  }

  it('Ada unshares both from /shared, and the world is empty again', async () => {
    await pageA.setViewportSize(PHONE);
    await pageB.setViewportSize(PHONE);
    await pageA.goto(`${server.origin}/shared`);
    for (const title of [anonymousTitle, namedTitle]) {
      await pageA.getByRole('button', { name: `Unshare: ${title}` }).click();
      const confirm = pageA.getByRole('alertdialog', { name: 'Unshare this answer?' });
      await confirm.getByRole('button', { name: 'Unshare' }).click();
      await expect.poll(() => pageA.getByRole('status').textContent()).toBe('Answer unshared');
      await expect
        .poll(() => pageA.getByRole('button', { name: `Unshare: ${title}` }).count())
        .toBe(0);
    }
    await pageA.getByText('You have not shared an answer yet.').waitFor();
    await pageB.goto(`${server.origin}/world`);
    await pageB.getByText('No one has shared an answer yet.', { exact: false }).waitFor();
    expect(errorsA).toEqual([]);
  });

  it('pages through 25 shared answers as Bea scrolls: pages 2 and 3, no duplicates', async () => {
    const seeder = await apiUser(server.origin, 'Seeder');
    for (let n = 1; n <= 25; n++) {
      const _id = `seed${String(n).padStart(2, '0')}`;
      const stamp = new Date().toISOString();
      await seeder.post('/api/answer/save', {
        answer: {
          _id,
          prompt_id: null,
          prompt_title: `Seeded prompt ${n}`,
          text: `Seeded answer number ${n}`,
          answered: stamp,
          modified: stamp,
        },
      });
      await seeder.post('/api/answer/share', {
        answer_id: _id,
        anonymous: n % 2 === 0,
        user_id: seeder.id,
      });
    }
    const pages: number[] = [];
    pageB.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/answer/shared') {
        pages.push((JSON.parse(request.postData() ?? '{}') as { page: number }).page);
      }
    });
    await pageB.goto(`${server.origin}/world`);
    const items = pageB.locator('.feed-entry');
    await expect.poll(() => items.count()).toBe(10);
    // The last 10% of the list comes on screen: page 2, then page 3.
    const scrollToEnd = () => pageB.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await scrollToEnd();
    await expect.poll(() => items.count(), { timeout: 5000 }).toBe(20);
    await scrollToEnd();
    await expect.poll(() => items.count(), { timeout: 5000 }).toBe(25);
    await pageB.getByText('That is everything shared so far.').waitFor();
    expect(await pageB.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    const texts = await pageB.locator('.feed-text').allTextContents();
    expect(new Set(texts).size).toBe(25);
    expect(texts[0]).toBe('Seeded answer number 25');
    expect(pages.filter((p) => p > 1)).toEqual([2, 3]);
    await screenshot(pageB, 'world-paged-phone');

    // Without scrolling: 'Load more' from the keyboard, and focus goes on to the new answers.
    await pageB.reload();
    await expect.poll(() => items.count()).toBe(10);
    await pageB.evaluate(() => window.scrollTo(0, 0));
    const more = pageB.getByRole('button', { name: 'Load more' });
    await more.focus();
    await pageB.keyboard.press('Enter');
    await expect.poll(() => items.count(), { timeout: 5000 }).toBeGreaterThanOrEqual(20);
    await expect
      .poll(() => pageB.evaluate(() => document.activeElement?.closest('main') !== null))
      .toBe(true);
    expect(errorsB).toEqual([]);
  });

  it('scrolls to the answer picked on the home page; the back button forgets it', async () => {
    await pageB.goto(`${server.origin}/home`);
    const card = pageB.locator('.home-world-link').nth(2);
    await card.waitFor();
    await card.click();
    await pageB.waitForURL(`${server.origin}/world`);
    await expect
      .poll(() => pageB.evaluate(() => document.activeElement?.id ?? ''))
      .toBe('feed-answer-seed23');
    await expect
      .poll(async () => (await saved(pageB))?.worldAnswerId, { timeout: 5000 })
      .toBe('seed23');
    await pageB.getByRole('link', { name: 'Back to categories' }).click();
    await pageB.waitForURL(`${server.origin}/`);
    await expect
      .poll(async () => (await saved(pageB))?.worldAnswerId, { timeout: 5000 })
      .toBeNull();
    expect(errorsB).toEqual([]);
  });

  it('Ada adds a prompt: validation, capitalised as typed, then it is hers to answer', async () => {
    await pageA.goto(`${server.origin}/newPrompt`);
    const submit = pageA.getByRole('button', { name: 'Add prompt' });
    const alert = pageA.getByRole('alert');
    await submit.click();
    await expect.poll(() => alert.textContent()).toBe('Please add a prompt');
    const text = pageA.getByLabel('Your prompt');
    expect(await text.evaluate((el) => el === document.activeElement)).toBe(true);
    await text.pressSequentially('what made you laugh today?');
    expect(await text.inputValue()).toBe('What made you laugh today?');
    expect(await alert.textContent()).toBe('');
    await submit.click();
    await expect.poll(() => alert.textContent()).toBe('Please select some categories');
    await screenshot(pageA, 'world-new-prompt-error-phone');
    const gratitude = pageA.getByRole('button', { name: 'Gratitude' });
    const work = pageA.getByRole('button', { name: 'Work' });
    await gratitude.click();
    await work.click();
    await work.click();
    expect(await gratitude.getAttribute('aria-pressed')).toBe('true');
    expect(await work.getAttribute('aria-pressed')).toBe('false');
    await submit.click();
    await pageA.waitForURL(/\/answer\/[A-Za-z0-9_-]+$/);
    await expect.poll(() => pageA.getByRole('status').textContent()).toBe('Prompt submitted');
    await expect.poll(() => promptTitle(pageA)).toBe('What made you laugh today?');
    const promptId = new URL(pageA.url()).pathname.split('/').pop() ?? '';
    await expect
      .poll(async () => (await saved(pageA))?.myPrompts.find((p) => p._id === promptId), {
        timeout: 5000,
      })
      .toMatchObject({
        title: 'What made you laugh today?',
        status: 'submitted',
        categories: ['Gratitude'],
      });
    await expect
      .poll(async () =>
        (await call<{ prompts: { _id: string }[] }>(pageA, '/api/prompts/user')).prompts.map(
          (p) => p._id,
        ),
      )
      .toContain(promptId);
    expect(errorsA).toEqual([]);
  });
});
