import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { formatLongDay, formatMonth } from '../../src/shared/domain/date-format.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { PHONE, screenshot, watchPageErrors } from './support/browser.ts';
import { call, openAnswerFilters, openAsNewVisitor, settle } from './support/page.ts';
import type { RunningServer } from './support/server.ts';
import { test } from './support/worker-server.ts';

// Issue 17 point 7: the streak heat-map and a month calendar on /past are ways into what was
// written on one day (/past?day=YYYY-MM-DD): by pointer, by keyboard alone (one tab stop,
// arrow keys, Enter), through reload and the back button, with search and category, in the
// person's own time zone, at phone and desktop width, light and dark, with axe finding nothing.

const DESKTOP = { width: 1280, height: 800 };

type Day = { year: number; month: number; day: number; key: string; long: string };

/** The local day `daysAgo` days before today, as the browser (same zone as this process) sees it. */
function localDay(daysAgo: number): Day & { noon: string } {
  const d = new Date();
  d.setHours(12, 0, 0, 0);
  d.setDate(d.getDate() - daysAgo);
  const day = { year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate() };
  const key = [day.year, day.month, day.day].map((n) => String(n).padStart(2, '0')).join('-');
  return { ...day, key, long: formatLongDay(day), noon: d.toISOString() };
}

function sameDayLastMonth(d: Day): Day {
  const year = d.month === 1 ? d.year - 1 : d.year;
  const month = d.month === 1 ? 12 : d.month - 1;
  const day = Math.min(d.day, new Date(Date.UTC(year, month, 0)).getUTCDate());
  const key = [year, month, day].map((n) => String(n).padStart(2, '0')).join('-');
  return { year, month, day, key, long: formatLongDay({ year, month, day }) };
}

function dayOfKey(key: string): Day {
  const [year = 0, month = 0, day = 0] = key.split('-').map(Number);
  return { year, month, day, key, long: formatLongDay({ year, month, day }) };
}

const d1 = localDay(1);
const d2 = localDay(2);
const d3 = localDay(3);
const d10 = localDay(10);
const old = localDay(40);
const today = localDay(0);

const ANSWERS = [
  ['river-walk', 'Morning by the river', 'We walked along the river before work.', d3, ['Nature']],
  ['bus-song', 'What made you laugh?', 'The bus driver sang the whole way.', d3, ['People']],
  [
    'kindness',
    'A small kindness',
    'A neighbour carried my shopping up the stairs.',
    d1,
    ['People'],
  ],
  ['rain', 'Ten days back', 'Rain all day; I read by the window.', d10, []],
  ['fog', "Last month's walk", 'Cold hands, warm coffee, river fog.', old, ['Nature']],
] as const;

/** The cards on My answers, one article each; their titles. */
const cards = (page: Page) => page.getByRole('main').getByRole('article');
const titles = (page: Page) => cards(page).getByRole('heading', { level: 2 });
const calendar = (page: Page) => page.getByRole('region', { name: /^\w+ \d{4}$/ });
/** A day of a heat-map or calendar grid, by its full name ('March 4, 2026: 2 answers'). */
const dayCell = (page: Page, name: string) => page.getByRole('gridcell', { name, exact: true });
const dayLink = (page: Page, name: string) => page.getByRole('link', { name, exact: true });

/** Answers written on earlier days, through the same call the app makes when it saves. */
async function writeAnswers(page: Page, answers: ReadonlyArray<(typeof ANSWERS)[number]>) {
  for (const [index, [id, title, text, day, categories]] of answers.entries()) {
    // A minute apart, so two answers of one day have an order: the later one first.
    const at = new Date(Date.parse(day.noon) + index * 60_000).toISOString();
    await call(page, '/api/answer/save', {
      answer: {
        _id: `${id}-${day.key}`,
        prompt_id: null,
        prompt_title: title,
        text,
        categories,
        answered: at,
        modified: at,
      },
    });
  }
}

/** Presses Tab until `target` has focus (at most `max` presses). */
async function tabUntil(page: Page, target: ReturnType<Page['locator']>, max = 40) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  throw new Error('Tab never reached the target');
}

async function expectDay(page: Page, day: Day, expected: readonly string[]) {
  await expect(page).toHaveURL(new RegExp(`/past\\?day=${day.key}$`));
  await expect(page.getByRole('heading', { level: 2, name: day.long, exact: true })).toBeVisible();
  await expect(titles(page)).toHaveText([...expected]);
}

test.describe('a day of writing, from the heat-map and the calendar', () => {
  test.describe.configure({ mode: 'serial' });
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  test.beforeAll(async ({ browser: launched, server: shared }) => {
    browser = launched;
    server = shared;
    context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
    page = await context.newPage();
    errors = watchPageErrors(page);
    // The first visit's session must exist before the answers are saved through the API.
    await openAsNewVisitor(page, `${server.origin}/home`);
    await writeAnswers(page, ANSWERS);
  });
  test.afterAll(async () => {
    await context?.close();
  });

  test("a heat-map day opens exactly that day's answers, with a way back to every day", async () => {
    await page.goto(`${server.origin}/streak`);
    await expect(page.getByText('You wrote on 4 days in the last twelve months.')).toBeVisible();
    // Days without writing are cells, not links; today is named as today.
    await expect(dayCell(page, `${d2.long}: no answers`)).toBeVisible();
    await expect(dayLink(page, `${d2.long}: no answers`)).toHaveCount(0);
    await expect(dayCell(page, `Today, ${today.long}: no answers`)).toBeVisible();
    await dayLink(page, `${d3.long}: 2 answers`).click();
    await expectDay(page, d3, ['What made you laugh?', 'Morning by the river']);
    await expect(page.getByText('2 of 5 answers')).toBeVisible();
    await page.getByRole('link', { name: 'Show all days' }).click();
    await expect(page).toHaveURL(/\/past$/);
    await expect(cards(page)).toHaveCount(5);
    expect(errors).toEqual([]);
  });

  test('the calendar on /past filters to a day that survives a reload and the back button', async () => {
    await page.goto(`${server.origin}/past`);
    // On a phone the calendar folds behind "Filter" with the search (issue 35): open it.
    await openAnswerFilters(page);
    const month = formatMonth(today.year, today.month);
    await expect(calendar(page).getByRole('heading', { level: 2 })).toHaveText(month);
    await expect(calendar(page).getByRole('gridcell', { name: /^Today, / })).toHaveAttribute(
      'aria-current',
      'date',
    );
    // d1 may fall in last month: the calendar shows it after "Previous month".
    if (d1.month !== today.month) {
      await page.getByRole('button', { name: /^Previous month/ }).click();
    }
    await dayLink(page, `${d1.long}: 1 answer`).click();
    await expectDay(page, d1, ['A small kindness']);
    await expect(dayLink(page, `${d1.long}: 1 answer`)).toHaveAttribute('aria-current', 'page');

    await page.reload();
    await expectDay(page, d1, ['A small kindness']);
    await openAnswerFilters(page);

    if (d3.month !== d1.month) {
      await page.getByRole('button', { name: /^Previous month/ }).click();
    }
    await dayLink(page, `${d3.long}: 2 answers`).click();
    await expectDay(page, d3, ['What made you laugh?', 'Morning by the river']);
    await page.goBack();
    await expectDay(page, d1, ['A small kindness']);
    await page.goBack();
    await expect(page).toHaveURL(/\/past$/);
    await expect(cards(page)).toHaveCount(5);
    await expect(page.getByRole('heading', { level: 2, name: d1.long })).toHaveCount(0);

    // An older month: previous until it shows, then its day.
    let shown = { year: today.year, month: today.month };
    while (shown.year !== old.year || shown.month !== old.month) {
      shown =
        shown.month === 1
          ? { year: shown.year - 1, month: 12 }
          : { ...shown, month: shown.month - 1 };
      await page
        .getByRole('button', { name: `Previous month, ${formatMonth(shown.year, shown.month)}` })
        .click();
      await expect(calendar(page).getByRole('heading', { level: 2 })).toHaveText(
        formatMonth(shown.year, shown.month),
      );
    }
    await dayLink(page, `${old.long}: 1 answer`).click();
    await expectDay(page, old, ["Last month's walk"]);
    // An answer opened from a day comes back to that day.
    await page.getByRole('button', { name: /^Edit answer: Last month's walk/ }).click();
    await expect(page).toHaveURL(/\/answer\/a\//);
    await page.getByRole('link', { name: 'Back to my answers' }).click();
    await expectDay(page, old, ["Last month's walk"]);
    expect(errors).toEqual([]);
  });

  // A ?day= that is not a day, a day with nothing written and one before every answer are
  // checked in the component tier (src/client/screens/past/past-screen.component.test.tsx).

  test('the day narrows with the search words and the category; a date range replaces it', async () => {
    await page.goto(`${server.origin}/past?day=${d3.key}`);
    await expect(titles(page)).toHaveCount(2);
    await openAnswerFilters(page);
    const search = page.getByRole('searchbox', { name: 'Search your answers' });
    // "river", not "driver": one of the day's two answers.
    await search.fill('river');
    await expect(titles(page)).toHaveText(['Morning by the river']);
    await expect(cards(page).locator('mark')).toHaveText(['river', 'river']);
    // The calendar marks only the days whose answers match.
    if (d3.month === d1.month) {
      await expect(dayCell(page, `${d1.long}: no answers`)).toBeVisible();
    }
    await expect(dayLink(page, `${d3.long}: 1 answer`)).toBeVisible();
    await search.fill('');
    await page.getByLabel('Category').selectOption('People');
    await expect(titles(page)).toHaveText(['What made you laugh?']);
    await search.fill('river');
    await expect(page.getByText(`Nothing on ${d3.long} matches “river”.`)).toBeVisible();
    await search.fill('');
    await page.getByLabel('Category').selectOption('');
    // From and To show the day (in this browser's American English order, issue 35); changing
    // one leaves the day for that range (an ISO day may be typed too).
    const shown = (d: Day) =>
      `${String(d.month).padStart(2, '0')}/${String(d.day).padStart(2, '0')}/${d.year}`;
    await expect(page.getByLabel('From', { exact: true })).toHaveValue(shown(d3));
    await expect(page.getByLabel('To', { exact: true })).toHaveValue(shown(d3));
    await page.getByLabel('From', { exact: true }).fill(d10.key);
    await expect(page).toHaveURL(/\/past$/);
    await expect(page.getByLabel('To', { exact: true })).toHaveValue(shown(d3));
    await expect(titles(page)).toHaveText([
      'What made you laugh?',
      'Morning by the river',
      'Ten days back',
    ]);
    await page.getByLabel('From', { exact: true }).fill('');
    await page.getByLabel('To', { exact: true }).fill('');
    expect(errors).toEqual([]);
  });

  test('the keyboard alone: one tab stop per grid, arrow keys between days, Enter opens', async () => {
    await page.goto(`${server.origin}/streak`);
    // Tab reaches the heat-map once, on the latest day with writing.
    await tabUntil(page, dayLink(page, `${d1.long}: 1 answer`));
    await page.keyboard.press('ArrowLeft');
    await expect(dayCell(page, `${d2.long}: no answers`)).toBeFocused();
    await screenshot(page, 'calendar-heat-map-keyboard-focus');
    // Enter on a day without writing opens nothing.
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/streak$/);
    await page.keyboard.press('ArrowLeft');
    await expect(dayLink(page, `${d3.long}: 2 answers`)).toBeFocused();
    // A week on from three days ago is after today: focus stops at today.
    await page.keyboard.press('ArrowDown');
    await expect(dayCell(page, `Today, ${today.long}: no answers`)).toBeFocused();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
    await expect(dayLink(page, `${d3.long}: 2 answers`)).toBeFocused();
    // One Tab leaves the whole heat-map: the next control after it ("Share this" when the
    // answer just finished can be shared, else "Keep reflecting").
    await page.keyboard.press('Tab');
    const next = page
      .getByRole('button', { name: 'Share this' })
      .or(page.getByRole('link', { name: 'Keep reflecting' }))
      .first();
    await expect(next).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(dayLink(page, `${d3.long}: 2 answers`)).toBeFocused();
    await page.keyboard.press('Enter');
    await expectDay(page, d3, ['What made you laugh?', 'Morning by the river']);

    // On /past the calendar is one tab stop too: the chosen day. On a phone it is folded
    // behind "Filter" (issue 35), which the keyboard opens first.
    const filter = page.getByRole('button', { name: /^Filter/ });
    await tabUntil(page, filter);
    await page.keyboard.press('Enter');
    await expect(filter).toHaveAttribute('aria-expanded', 'true');
    await tabUntil(page, dayLink(page, `${d3.long}: 2 answers`));
    await page.keyboard.press('ArrowRight');
    await expect(dayCell(page, `${d2.long}: no answers`)).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(dayLink(page, `${d1.long}: 1 answer`)).toBeFocused();
    await screenshot(page, 'calendar-past-keyboard-focus');
    await page.keyboard.press('Enter');
    await expectDay(page, d1, ['A small kindness']);
    await expect(dayLink(page, `${d1.long}: 1 answer`)).toBeFocused();
    // Page Up shows last month, focus on the same day there (or its last day, if shorter).
    await page.keyboard.press('PageUp');
    const back = sameDayLastMonth(d1);
    await expect(calendar(page).getByRole('heading', { level: 2 })).toHaveText(
      formatMonth(back.year, back.month),
    );
    await expect(dayCell(page, `${back.long}: no answers`)).toBeFocused();
    await tabUntil(page, page.getByRole('link', { name: 'Show all days' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/past$/);
    await expect(cards(page)).toHaveCount(5);
    expect(errors).toEqual([]);
  });

  for (const scheme of ['light', 'dark'] as const) {
    for (const [width, size] of [
      ['360', PHONE],
      ['1280', DESKTOP],
    ] as const) {
      // axe on /streak (its heat-map a set of unlabelled shades, its days with writing links) runs
      // in axe-every-screen.spec.ts: light and dark at phone width, light at desktop width. The
      // calendar here is a state that walk does not reach (a chosen day that is not today, today
      // without writing): axe on it in light at both widths and in dark at phone width, the same
      // elements in the same colours as dark at desktop width.
      const axeOnCalendar = !(scheme === 'dark' && width === '1280');
      test(`both screens in ${scheme} at ${width} px: ${axeOnCalendar ? 'axe finds nothing, ' : ''}the calendar fits`, async () => {
        test.setTimeout(120_000);
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize(size);
        await page.goto(`${server.origin}/streak`);
        await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
        await expect(dayLink(page, `${d3.long}: 2 answers`)).toBeVisible();
        await settle(page);
        await screenshot(page, `calendar-streak-${scheme}-${width}`);

        await page.goto(`${server.origin}/past?day=${d1.key}`);
        await expectDay(page, d1, ['A small kindness']);
        await openAnswerFilters(page);
        // Centred: below the opened filters, scrolled in only as far as its edge, a fraction of
        // a pixel of it could stay out of view.
        await calendar(page).evaluate((el) => el.scrollIntoView({ block: 'center' }));
        await expect(calendar(page)).toBeInViewport({ ratio: 1 });
        // Nothing wider than the screen: no sideways scrolling at 360 px.
        await expect
          .poll(() =>
            page.evaluate(
              () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
            ),
          )
          .toBe(0);
        if (axeOnCalendar) await expectNoAxeViolations(page, `/past?day= ${scheme} ${width}`);
        await page.evaluate(() => window.scrollTo(0, 0));
        await settle(page);
        await screenshot(page, `calendar-past-${scheme}-${width}`);
        await page.setViewportSize(PHONE);
        await page.emulateMedia({ colorScheme: 'light' });
        expect(errors).toEqual([]);
      });
    }
  }
});

// The person's own calendar: the same moment is a different day at UTC+14 and UTC−11.
for (const [zone, shift] of [
  ['Pacific/Kiritimati', 1],
  ['Pacific/Pago_Pago', 0],
] as const) {
  test(`in ${zone}, an answer shows on the day it was there`, async ({ browser, server }) => {
    const context = await browser.newContext({ viewport: PHONE, timezoneId: zone });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    try {
      // The session must exist before the API call below (the id is saved before it does).
      await openAsNewVisitor(page, `${server.origin}/home`);
      // 20:00 UTC, twelve days ago: 10:00 the next day at UTC+14, 09:00 that day at UTC−11.
      const utc = new Date(Date.now() - 12 * 86_400_000);
      const at = `${utc.toISOString().slice(0, 10)}T20:00:00.000Z`;
      const there = new Date(
        Date.parse(`${utc.toISOString().slice(0, 10)}T00:00:00Z`) + shift * 86_400_000,
      )
        .toISOString()
        .slice(0, 10);
      const day = dayOfKey(there);
      await call(page, '/api/answer/save', {
        answer: {
          // Answer ids are the server's, not one person's: each zone's test its own, as both
          // use the worker's server.
          _id: `zoned-${shift}`,
          prompt_id: null,
          prompt_title: 'Across the date line',
          text: 'Which day was it?',
          answered: at,
          modified: at,
        },
      });
      await page.goto(`${server.origin}/streak`);
      await dayLink(page, `${day.long}: 1 answer`).click();
      await expectDay(page, day, ['Across the date line']);
      await openAnswerFilters(page);
      await expect(dayLink(page, `${day.long}: 1 answer`)).toHaveAttribute('aria-current', 'page');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
