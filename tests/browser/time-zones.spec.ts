import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import {
  addDays,
  type CalendarDay,
  dayKey,
  daysBetween,
  isValidDay,
  utcDayOf,
} from '../../src/shared/domain/calendar-day.ts';
import { formatDay, formatLongDay } from '../../src/shared/domain/date-format.ts';
import { dayInZone, noonInZone } from '../../src/shared/domain/zoned-day.ts';
import { DESKTOP, PHONE, screenshot, watchPageErrors } from './support/browser.ts';
import { call, download, keepRecoveryCodes, waitForSession } from './support/page.ts';
import { type RunningServer, startServer } from './support/server.ts';

// Issue 17 points 6 and 8 (decision 028): a person at UTC+14 (Kiritimati) or UTC-11 (Pago Pago),
// whose calendar day is not the server's UTC date, answers today's prompt, sees their own day
// on the answer, in My answers, on the heat-map and in the download, reads the world's dates in
// their zone, is reminded of what they wrote a year ago on this date, and keeps a streak over
// two days of their own.
//
// The browser's clock is the test's (page.clock); the server's is the real one, so every day the
// person sends must lie within one day of the server's UTC date. The first day is written at an
// hour when the person's date is not the UTC date (so every date shown is checked where UTC
// would show another), and the two days are chosen so that their UTC dates are not one day
// apart: a streak counted on UTC dates would break (Kiritimati: two UTC days apart) or not
// grow (Pago Pago: the same UTC day), while on the person's own days it is 2.
// In Pago Pago before 11:00 UTC the second day is still ahead of the server's clock, which then
// stamps that answer with its own time: only its streak and prompt are checked then.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MINUTE = 60_000;

type Plan = {
  first: number;
  second: number;
  day1: CalendarDay;
  day2: CalendarDay;
  /** Whether the second instant is after the server's clock (see above). */
  secondAhead: boolean;
};

function zoneDay(instant: number, zone: string): CalendarDay {
  const day = dayInZone(new Date(instant), zone);
  if (!day) throw new Error(`this runtime lacks ${zone}`);
  return day;
}

const utcDay = (instant: number) => utcDayOf(new Date(instant));
const differs = (instant: number, zone: string) =>
  dayKey(zoneDay(instant, zone)) !== dayKey(utcDay(instant));

/** `now` (a little before), kept between `from` and `to`. */
const within = (now: number, from: number, to: number) =>
  Math.max(from, Math.min(now - 2 * MINUTE, to));

/** The two instants, from U = midnight UTC of the server's today; see the comment above. */
const INSTANTS: Record<string, (u: number, now: number) => [number, number]> = {
  // 08:00 on U-1 there (U-2 in UTC); then U there and in UTC (before 10:00 UTC).
  'Pacific/Kiritimati': (u, now) => [
    u - 2 * DAY + 18 * HOUR,
    within(now, u + MINUTE, u + 9 * HOUR),
  ],
  // The evening of U-1 there (U in UTC, before 11:00); then U there and in UTC (after 11:00).
  'Pacific/Pago_Pago': (u, now) => [
    within(now, u + MINUTE, u + 10 * HOUR),
    within(now, u + 11 * HOUR + 30 * MINUTE, u + 23 * HOUR),
  ],
};

function planFor(zone: string): Plan {
  const now = Date.now();
  const u = now - (now % DAY);
  const instants = INSTANTS[zone];
  if (!instants) throw new Error(`no plan for ${zone}`);
  const [first, second] = instants(u, now);
  const day1 = zoneDay(first, zone);
  const day2 = zoneDay(second, zone);
  const today = utcDay(now);
  const near = (day: CalendarDay) => Math.abs(daysBetween(today, day)) <= 1;
  expect(dayKey(addDays(day1, 1))).toBe(dayKey(day2));
  expect(near(day1) && near(day2), `${dayKey(day1)}, ${dayKey(day2)}: near the server's day`).toBe(
    true,
  );
  expect(differs(first, zone)).toBe(true);
  expect(daysBetween(utcDay(first), utcDay(second))).not.toBe(1);
  return { first, second, day1, day2, secondAhead: second > now };
}

/**
 * An instant on `day` in `zone` whose UTC date is another day (morning east of Greenwich,
 * evening west of it), so a memory matched on UTC dates would miss it.
 */
function instantOnDayElsewhereInUtc(day: CalendarDay, zone: string): string {
  const noon = noonInZone(day, zone);
  if (!noon) throw new Error(`no noon on ${dayKey(day)} in ${zone}`);
  for (const hours of [-4, 8, -8, 4]) {
    const at = noon.getTime() + hours * HOUR;
    if (dayKey(zoneDay(at, zone)) === dayKey(day) && differs(at, zone)) {
      return new Date(at).toISOString();
    }
  }
  throw new Error(`no instant of ${dayKey(day)} in ${zone} is another UTC date`);
}

/** A named user made through the API from Node (no fake clock), with its own cookie. */
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
  await post('/api/user/create', { user: { _id: id }, device: randomUUID() });
  await post('/api/signup', {
    user: { _id: id, name, email: `${name.toLowerCase()}@example.com`, password: 'long enough pw' },
  });
  return { id, post };
}

/** The prompt title on the answer screen is a button that opens the prompt's actions. */
const promptButton = (page: Page) => page.getByRole('button', { name: / \(more actions\)$/ });
const pageHeading = (page: Page) => page.getByRole('heading', { level: 1 });

/** The title the server has for the prompt of `day`: what the person must be shown. */
async function promptTitleOf(page: Page, day: CalendarDay): Promise<string> {
  const { prompt_id } = await call<{ prompt_id: string }>(page, '/api/prompt/today', day);
  const { prompts } = await call<{ prompts: { _id: string; title: string }[] }>(
    page,
    '/api/prompts/approved',
  );
  const title = prompts.find((p) => p._id === prompt_id)?.title;
  if (!title) throw new Error(`no approved prompt ${prompt_id}`);
  return title;
}

/** Opens today's prompt and checks it is the server's prompt of the person's `day`. */
async function openTodaysPrompt(page: Page, origin: string, day: CalendarDay): Promise<string> {
  await page.goto(`${origin}/answer/today`);
  const title = await promptTitleOf(page, day);
  await expect(promptButton(page)).toHaveText(`${title} (more actions)`);
  return title;
}

async function writeAndFinish(page: Page, origin: string, text: string) {
  await page.getByLabel('Your answer').fill(text);
  await page.getByRole('button', { name: 'Done', exact: true }).click();
  await page.waitForURL(`${origin}/streak`);
}

/**
 * Saves with the editor's Save button and checks that the status banner covers neither the app
 * header's title nor the page's own (the answer screen's prompt sits right under the header).
 * The page's clock stands still meanwhile, so the banner (two seconds) waits to be measured.
 */
async function saveAndCheckBanner(page: Page, screenshotName: string) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 3000);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('Answer saved');
  const overlaps = await page.evaluate(() => {
    const banner = document.querySelector('.status-region .status')?.getBoundingClientRect();
    const titles = [document.querySelector('.app-header-title'), document.querySelector('h1')];
    if (!banner) return ['no banner'];
    return titles.flatMap((title) => {
      const box = title?.getBoundingClientRect();
      if (!box) return [];
      const apart = banner.bottom <= box.top || banner.top >= box.bottom;
      return apart ? [] : [title?.textContent ?? ''];
    });
  });
  expect(overlaps).toEqual([]);
  await screenshot(page, screenshotName);
  await page.clock.resume();
  await expect(page.getByRole('status')).toHaveText('', { timeout: 5000 });
}

let server: RunningServer;
let worldText = '';
let sharedOn = '';

test.beforeAll(async () => {
  server = await startServer();
  // Ada shares an answer now (the server's real clock): each reader sees its date in their zone.
  const ada = await apiUser(server.origin, 'Ada');
  const _id = randomUUID().replaceAll('-', '');
  worldText = 'Ada shared this at the server’s now';
  await ada.post('/api/answer/save', {
    answer: { _id, prompt_id: 'seed-life-02', prompt_title: 'A prompt of Ada’s', text: worldText },
  });
  await ada.post('/api/answer/share', { answer_id: _id, anonymous: false, user_id: ada.id });
  const feed = await ada.post<{ sharedAnswers: { _id: string; sharedOn: string }[] }>(
    '/api/answer/shared',
    { page: 1 },
  );
  sharedOn = feed.sharedAnswers.find((a) => a._id === _id)?.sharedOn ?? '';
  expect(sharedOn).not.toBe('');
});
test.afterAll(async () => {
  await server?.stop();
});

for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
  test.describe(`living in ${zone}`, () => {
    test.use({ timezoneId: zone, acceptDownloads: true, reducedMotion: 'reduce' });

    test('answers on their own day, sees it everywhere and keeps a two-day streak', async ({
      page,
    }) => {
      test.setTimeout(240_000);
      const origin = server.origin;
      const errors = watchPageErrors(page);
      const plan = planFor(zone);
      const short = zone.split('/')[1]?.toLowerCase() ?? zone;
      const day1Label = formatDay(plan.day1);
      await page.clock.install({ time: plan.first });

      await test.step('a first visit makes an anonymous user on their day', async () => {
        await page.goto(`${origin}/`);
        await page.waitForURL(`${origin}/home`);
        // The next step saves through the API: the session, not only the saved user.
        await waitForSession(page);
        // The browser really is in that zone, on that day.
        expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
          zone,
        );
      });

      const memoryText = `A year ago in ${short}, the sea was calm.`;
      await test.step('an answer written on this date a year ago, through the API', async () => {
        const back = isValidDay({ ...plan.day1, year: plan.day1.year - 1 }) ? 1 : 4;
        const yearAgo = { ...plan.day1, year: plan.day1.year - back };
        await call(page, '/api/answer/save', {
          answer: {
            _id: randomUUID().replaceAll('-', ''),
            prompt_id: null,
            prompt_title: 'A walk by the sea',
            text: memoryText,
            answered: instantOnDayElsewhereInUtc(yearAgo, zone),
          },
        });
      });

      const answer1 = `First day in ${short}: the light came early.`;
      let title1 = '';
      await test.step("answers today's prompt: the prompt of their own day", async () => {
        title1 = await openTodaysPrompt(page, origin, plan.day1);
        // "On this day": the answer written a year ago on this date where they live.
        const memory = page.getByRole('complementary', { name: 'From your earlier answers' });
        await expect(
          memory.getByText(/^(A year ago, in \d{4},|In \d{4}) you wrote…$/),
        ).toBeVisible();
        await expect(memory).toContainText(memoryText);
        await screenshot(page, `time-zones-${short}-answer-360`);
        await writeAndFinish(page, origin, answer1);
        await expect(pageHeading(page)).toHaveText('1 day streak');
        await screenshot(page, `time-zones-${short}-streak-360`);
        // The heat-map marks their day, not the UTC date.
        // (A link to that day's answers, named in full: decision 029.)
        await expect(
          page.getByRole('link', {
            name: new RegExp(`^(Today, )?${formatLongDay(plan.day1)}: 1 answer$`),
          }),
        ).toBeVisible();
      });

      await test.step('sees their day on the answer and in My answers', async () => {
        await page.goto(`${origin}/answer/today`);
        await expect(page.getByLabel('Your answer')).toHaveValue(answer1);
        await expect(page.getByText(`Written ${day1Label}`)).toBeVisible();
        await page.goto(`${origin}/past`);
        await expect(page.getByRole('article', { name: `${title1}, ${day1Label}` })).toBeVisible();
        // axe on My answers with an answer in it: axe-every-screen.spec.ts.
        await screenshot(page, `time-zones-${short}-past-360`);
        await page.setViewportSize(DESKTOP);
        await screenshot(page, `time-zones-${short}-past-1280`);
        await page.setViewportSize(PHONE);
        const file = await download(page, () =>
          page.getByRole('button', { name: 'Download my answers' }).click(),
        );
        expect(file.name).toBe(`muse-answers-${dayKey(plan.day1)}.txt`);
        expect(file.text.split('\n\n---\n\n')[0]).toBe(`${day1Label}\n\n${title1}\n\n${answer1}`);
      });

      await test.step('edits it from My answers; the saved banner covers no title', async () => {
        await page.getByRole('button', { name: `Edit answer: ${title1}, ${day1Label}` }).click();
        await page.waitForURL(/\/answer\/a\//);
        await expect(page.getByText(`Written ${day1Label}`)).toBeVisible();
        const box = page.getByLabel('Your answer');
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          for (const viewport of [PHONE, DESKTOP]) {
            await page.setViewportSize(viewport);
            await box.press('End');
            await box.pressSequentially(` Seen ${scheme} at ${viewport.width}.`);
            await saveAndCheckBanner(
              page,
              `time-zones-${short}-banner-${scheme}-${viewport.width}`,
            );
          }
        }
        await page.emulateMedia({ colorScheme: 'light' });
        await page.setViewportSize(PHONE);
      });

      await test.step("the Journal tile is titled with their day and continues today's entry", async () => {
        await page.goto(`${origin}/answer/journal`);
        await expect(promptButton(page)).toHaveText(`${day1Label} (more actions)`);
        await page.getByLabel('Your answer').fill('A note for the journal');
        await page.getByRole('button', { name: 'Done', exact: true }).click();
        await page.waitForURL(`${origin}/streak`);
        await page.goto(`${origin}/answer/journal`);
        await expect(page.getByLabel('Your answer')).toHaveValue('A note for the journal');
      });

      await test.step("reads the world's dates in their own zone", async () => {
        await page.goto(`${origin}/world`);
        const card = page.getByRole('article').filter({ hasText: worldText });
        const readerDay = formatDay(zoneDay(Date.parse(sharedOn), zone));
        await expect(card.getByText(readerDay, { exact: true })).toBeVisible();
      });

      await test.step('the next day of their own: a new prompt and a streak of 2', async () => {
        await page.clock.fastForward(plan.second - (await page.evaluate(() => Date.now())));
        const answer2 = `Second day in ${short}: rain on the roof.`;
        const title2 = await openTodaysPrompt(page, origin, plan.day2);
        await writeAndFinish(page, origin, answer2);
        await expect(pageHeading(page)).toHaveText('2 day streak');
        // The server counted it too: a fresh load shows its number.
        await page.reload();
        await expect(pageHeading(page)).toHaveText('2 day streak');
        if (!plan.secondAhead) {
          const day2Label = formatDay(plan.day2);
          await expect(
            page.getByRole('link', {
              name: new RegExp(`^(Today, )?${formatLongDay(plan.day2)}: 1 answer$`),
            }),
          ).toBeVisible();
          await page.goto(`${origin}/past`);
          await expect(
            page.getByRole('article', { name: `${title2}, ${day2Label}` }),
          ).toBeVisible();
          await expect(
            page.getByRole('article', { name: `${title1}, ${day1Label}` }),
          ).toBeVisible();
        }
        await screenshot(page, `time-zones-${short}-day-two-360`);
      });

      await test.step('signs up on their day; the e-mail stays as typed', async () => {
        await page.goto(`${origin}/login?mode=signup`);
        await page.getByLabel('Name', { exact: true }).pressSequentially(`${short} writer`);
        const email = page.getByLabel('Email');
        await email.pressSequentially(`${short}.writer@example.com`);
        await expect(email).toHaveValue(`${short}.writer@example.com`);
        await page.getByLabel('Password').fill('long enough password');
        await page.getByRole('button', { name: 'Sign up', exact: true }).click();
        await page.waitForURL(`${origin}/`);
        expect(await keepRecoveryCodes(page)).toHaveLength(8);
        await page.goto(`${origin}/streak`);
        await expect(pageHeading(page)).toHaveText('2 day streak');
      });

      expect(errors).toEqual([]);
    });
  });
}
