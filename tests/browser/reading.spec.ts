import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { capture, watchPageErrors } from './support/browser.ts';
import { call, openAsNewVisitor, settle } from './support/page.ts';
import { apiUser, shareAnswer, signUpThroughForm } from './support/people.ts';
import { type RunningServer, startServer } from './support/server.ts';

// Issue 35 point 2 "A past worth rereading": an answer opens to read (/read/{id}) with its
// Markdown rendered, Edit and Share there; My answers' cards render Markdown and say "Read on";
// on a phone the search and filters fold behind "Filter"; the world renders Markdown too.

const shotsDir = '/tmp/shots-h2';
/** The phone the issue names. */
const PHONE_390 = { width: 390, height: 844 };

const LONG = [
  '# A good day',
  '',
  'We walked by the **river** and *talked* for hours.',
  'A second line, typed after one Enter.',
  '',
  '- bread',
  '- cheese',
  '',
  '> Quiet is not the same as empty.',
  '',
  'See [the Müse site](https://example.com/muse) and [click me](javascript:alert(1)).',
  '',
  '<script>alert(1)</script> <img src=x onerror="alert(2)"> <iframe src="https://example.com"></iframe>',
  '',
  'Fish &amp; chips &copy; &lt;b&gt;',
  '',
  'The evening went on and on, and the light over the water turned from gold to grey while we',
  'sat and said nothing at all, which was the best part of the day.',
].join('\n');

type Saved = { id: string; title: string; text: string; day: string; categories: string[] };

const ANSWERS: Saved[] = [
  {
    id: 'older1',
    title: 'A quiet place',
    text: 'The library at noon.',
    day: '2026-03-01',
    categories: ['Nature'],
  },
  {
    id: 'long1',
    title: 'What made today good?',
    text: LONG,
    day: '2026-03-02',
    categories: ['Life'],
  },
  {
    id: 'newer1',
    title: 'Who helped you?',
    text: 'The bus driver waited for me.',
    day: '2026-03-03',
    categories: ['People'],
  },
];

/** Saves the answers for the page's person, their ids ending in `suffix` (ids are global). */
async function saveAnswers(page: Page, suffix: string) {
  for (const answer of ANSWERS) {
    await call(page, '/api/answer/save', {
      answer: {
        _id: `${answer.id}${suffix}`,
        prompt_id: null,
        prompt_title: answer.title,
        text: answer.text,
        categories: answer.categories,
        answered: `${answer.day}T12:00:00.000Z`,
        modified: `${answer.day}T12:00:00.000Z`,
      },
    });
  }
}

/** Screenshots of the screen as it is, light and dark, for a person to look at. */
async function shoot(page: Page, name: string) {
  // One folder per Playwright project: the @layout tests run in both, perhaps at once.
  const folder = path.join(shotsDir, test.info().project.name);
  fs.mkdirSync(folder, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    await settle(page);
    await capture(page, { path: `${folder}/${name}-${width}-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const cards = (page: Page) => page.getByRole('main').getByRole('article');
const card = (page: Page, title: string) => cards(page).filter({ hasText: title });

test.describe('a past worth rereading', () => {
  let server: RunningServer;

  test.beforeAll(async () => {
    server = await startServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('My answers at 390×844: the first answer above the fold, the filters behind Filter', async ({
    page,
  }) => {
    const errors = watchPageErrors(page);
    await page.setViewportSize(PHONE_390);
    await openAsNewVisitor(page, `${server.origin}/home`);
    await saveAnswers(page, 'a');
    await page.goto(`${server.origin}/past`);
    await expect(cards(page)).toHaveCount(3);
    // Newest first, and the first one is there to tap without scrolling.
    const first = cards(page).first();
    await expect(first.getByRole('link', { name: 'Who helped you?' })).toBeInViewport();
    await expect(first.getByRole('button', { name: /^Edit answer: / })).toBeInViewport();

    const box = page.getByRole('searchbox', { name: 'Search your answers' });
    const filter = page.getByRole('button', { name: /^Filter/ });
    await expect(box).toBeHidden();
    await expect(page.getByLabel('From', { exact: true })).toBeHidden();
    await expect(page.getByRole('grid')).toBeHidden();
    await expect(filter).toHaveAccessibleName('Filter');
    await expect(filter).toHaveAttribute('aria-expanded', 'false');
    await shoot(page, 'past-folded');

    // Asked for, the search, dates, category and calendar show; the button counts what is on.
    await filter.click();
    await expect(filter).toHaveAttribute('aria-expanded', 'true');
    await expect(box).toBeVisible();
    await expect(page.getByRole('grid')).toBeVisible();
    await box.fill('river');
    await expect(cards(page)).toHaveCount(1);
    await expect(filter).toHaveAccessibleName('Filter, 1 on');
    await page.getByLabel('Category').selectOption('Life');
    await expect(filter).toHaveAccessibleName('Filter, 2 on');
    await expectNoAxeViolations(page, 'My answers, filters open');
    await shoot(page, 'past-open');
    // Folded again, they still narrow the list, and the button still says so.
    await filter.click();
    await expect(box).toBeHidden();
    await expect(cards(page)).toHaveCount(1);
    await expect(page.getByText('1 of 3 answers', { exact: true })).toBeVisible();
    await expect(filter).toHaveAccessibleName('Filter, 2 on');
    expect(errors).toEqual([]);
  });

  test('My answers on a wide screen keeps its filters open @layout', async ({ page }) => {
    const errors = watchPageErrors(page);
    await openAsNewVisitor(page, `${server.origin}/home`);
    await saveAnswers(page, 'b');
    await page.goto(`${server.origin}/past`);
    await expect(cards(page)).toHaveCount(3);
    const box = page.getByRole('searchbox', { name: 'Search your answers' });
    const filter = page.getByRole('button', { name: /^Filter/ });
    if ((page.viewportSize()?.width ?? 0) >= 760) {
      await expect(box).toBeVisible();
      await expect(page.getByRole('grid')).toBeVisible();
      await expect(filter).toHaveCount(0);
      await shoot(page, 'past');
      // The reading view at this width, to look at.
      await card(page, 'What made today good?')
        .getByRole('link', { name: 'What made today good?', exact: true })
        .click();
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
      await expect(page.getByRole('main').locator('strong')).toHaveText('river');
      await shoot(page, 'read');
    } else {
      await expect(box).toBeHidden();
      await expect(filter).toBeVisible();
    }
    expect(errors).toEqual([]);
  });

  test('an answer opens to read: Markdown rendered, safely; Edit and Share one tap away', async ({
    page,
  }) => {
    const errors = watchPageErrors(page);
    await page.setViewportSize(PHONE_390);
    await page.goto(`${server.origin}/login?mode=signup`);
    await signUpThroughForm(page, 'Reader');
    await saveAnswers(page, 'c');
    await page.goto(`${server.origin}/past`);
    await expect(cards(page)).toHaveCount(3);

    // The cards render Markdown; the long one says there is more, the short ones do not.
    const long = card(page, 'What made today good?');
    await expect(long.locator('strong')).toHaveText('river');
    await expect(long.getByRole('link', { name: /^Read on: / })).toBeVisible();
    await expect(card(page, 'A quiet place').getByRole('link', { name: /^Read on/ })).toHaveCount(
      0,
    );

    // Tapping the card's words opens it to read, and focus starts at its heading.
    // (A tap where the words are: the card's link lies over them, as Playwright notes.)
    const words = await long.getByText('We walked by the').boundingBox();
    if (!words) throw new Error('the card shows no words');
    await page.mouse.click(words.x + 20, words.y + words.height / 2);
    await page.waitForURL(`${server.origin}/read/long1c`);
    const heading = page.getByRole('heading', { level: 1, name: 'What made today good?' });
    await expect(heading).toBeFocused();
    await expect(page).toHaveTitle('Müse | What made today good?');
    const main = page.getByRole('main');
    await expect(main.getByText(/ · Journal, Life · \d+ words$/)).toBeVisible();

    // Rendered Markdown: a heading below the page's, emphasis, a list, a quote, line breaks.
    await expect(main.getByRole('heading', { level: 2, name: 'A good day' })).toBeVisible();
    await expect(main.locator('strong')).toHaveText('river');
    await expect(main.locator('em')).toHaveText('talked');
    await expect(main.getByRole('listitem')).toHaveText(['bread', 'cheese']);
    await expect(main.locator('blockquote')).toHaveText('Quiet is not the same as empty.');
    // A link out opens in a new tab and leaves no way back (noopener noreferrer nofollow).
    const out = main.getByRole('link', { name: /^the Müse site/ });
    await expect(out).toHaveAttribute('href', 'https://example.com/muse');
    await expect(out).toHaveAttribute('target', '_blank');
    await expect(out).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    // Hostile input stays words: no script, picture or frame, no javascript: link.
    await expect(main.getByRole('link', { name: 'click me' })).toHaveCount(0);
    await expect(main.getByText('click me')).toBeVisible();
    await expect(main.locator('script, img, iframe, [onerror]')).toHaveCount(0);
    await expect(main.getByText('<script>alert(1)</script>', { exact: false })).toBeVisible();
    await expect(main.getByText('Fish & chips © <b>')).toBeVisible();

    // The answers written just after and just before it, one tap each.
    await main.getByRole('link', { name: /^Newer/ }).click();
    await page.waitForURL(`${server.origin}/read/newer1c`);
    await expect(page.getByRole('heading', { level: 1, name: 'Who helped you?' })).toBeFocused();
    await expect(main.getByRole('link', { name: /^Newer/ })).toHaveCount(0);
    await main.getByRole('link', { name: /^Older/ }).click();
    await expect(heading).toBeFocused();
    await expectNoAxeViolations(page, 'the reading view');
    await shoot(page, 'read');

    // Share is the existing flow: a named person picks who shares it.
    await main.getByRole('button', { name: 'Share', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Share as whom?' });
    await expect(modal).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();

    // Edit opens the editor on the same answer, whose text is still the Markdown typed.
    await main.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.waitForURL(`${server.origin}/answer/a/long1c`);
    await expect(page.getByLabel('Your answer')).toHaveValue(LONG);
    // The editor's back button returns to reading it.
    await page.getByRole('link', { name: 'Back to reading' }).click();
    await page.waitForURL(`${server.origin}/read/long1c`);

    // Back from the reading view is back to My answers.
    await page.goto(`${server.origin}/read/long1c`);
    await page.getByRole('link', { name: 'Back to my answers' }).click();
    await page.waitForURL(`${server.origin}/past`);
    // An address that is not one of the person's answers says so.
    await page.goto(`${server.origin}/read/nobody`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'We could not find this answer' }),
    ).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('the world renders shared Markdown, and none of it runs @layout', async ({ page }) => {
    const errors = watchPageErrors(page);
    const writer = await apiUser(server.origin, 'Writer');
    await shareAnswer(writer, {
      promptTitle: 'A shared evening',
      text: 'It was **lovely**.\n\n- tea\n- toast\n\n[a link](https://example.com/tea) <img src=x onerror="alert(1)"> [bad](javascript:alert(1))',
    });
    if ((page.viewportSize()?.width ?? 0) < 760) await page.setViewportSize(PHONE_390);
    await openAsNewVisitor(page, `${server.origin}/world`);
    const item = page
      .getByRole('list', { name: 'Shared answers', exact: true })
      .getByRole('listitem')
      .filter({ hasText: 'A shared evening' });
    await expect(item.locator('strong')).toHaveText('lovely');
    await expect(item.locator('li')).toHaveText(['tea', 'toast']);
    const out = item.getByRole('link', { name: /^a link/ });
    await expect(out).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    await expect(out).toHaveAttribute('target', '_blank');
    await expect(item.locator('img, [onerror]')).toHaveCount(0);
    await expect(item.getByText('<img src=x onerror="alert(1)">', { exact: false })).toBeVisible();
    await expect(item.getByRole('link', { name: 'bad' })).toHaveCount(0);
    await shoot(page, 'world');
    expect(errors).toEqual([]);
  });

  test('the home page and Shared answers render shared Markdown too @layout', async ({ page }) => {
    const errors = watchPageErrors(page);
    if ((page.viewportSize()?.width ?? 0) < 760) await page.setViewportSize(PHONE_390);
    const width = page.viewportSize()?.width ?? 0;
    // Sharing is for named accounts.
    await page.goto(`${server.origin}/login?mode=signup`);
    await signUpThroughForm(page, `Tea${width}`);
    const me = (await call<{ user: { _id: string } }>(page, '/api/user')).user;
    const id = `home-md-${width}`;
    const stamp = new Date().toISOString();
    await call(page, '/api/answer/save', {
      answer: {
        _id: id,
        prompt_id: null,
        prompt_title: 'Tea at four',
        text: 'Tea was **strong** today.\n\n- milk\n- honey\n\n[the kettle](https://example.com/kettle)',
        answered: stamp,
        modified: stamp,
      },
    });
    await call(page, '/api/answer/share', { answer_id: id, anonymous: false, user_id: me._id });

    // The home page's cards from the world.
    await page.goto(`${server.origin}/home`);
    const homeCard = page
      .getByRole('list', { name: 'Shared answers', exact: true })
      .getByRole('listitem')
      .filter({ hasText: 'Tea at four' })
      .first();
    await expect(homeCard.locator('strong')).toHaveText('strong');
    await expect(homeCard.locator('li')).toHaveText(['milk', 'honey']);
    // A link in the words opens itself, not the card's own link underneath it.
    const kettle = homeCard.getByRole('link', { name: /^the kettle/ });
    await expect(kettle).toHaveAttribute('href', 'https://example.com/kettle');
    // A trial click fails when another element (the card's stretched link) would take the tap.
    await kettle.click({ trial: true, timeout: 5_000 });
    await expect(homeCard.getByText('**strong**')).toHaveCount(0);
    await shoot(page, 'home-markdown');

    // The person's own Shared answers.
    await page.goto(`${server.origin}/shared`);
    const sharedCard = page.getByRole('article', { name: 'Tea at four' });
    await expect(sharedCard.locator('strong')).toHaveText('strong');
    await expect(sharedCard.locator('li')).toHaveText(['milk', 'honey']);
    await shoot(page, 'shared-markdown');
    expect(errors).toEqual([]);
  });
});
