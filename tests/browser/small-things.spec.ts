import fs from 'node:fs';
import {
  type Browser,
  type BrowserContextOptions,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { capture, DESKTOP, PHONE, watchPageErrors } from './support/browser.ts';
import { call, openAnswerFilters, openAsNewVisitor, reflectState, settle } from './support/page.ts';
import { apiUser, shareAnswer, signUpThroughForm } from './support/people.ts';
import { METRICS_TOKEN, type RunningServer, startServer } from './support/server.ts';

// Issue 35 point 5, "the small things, each seen", at phone width: the empty world gives way
// to new answers; the streak screen follows the clock past midnight; dates follow the person's
// language; the Daily tile says when today is done and each category has its own icon; where
// push can't work the reminder offers the calendar event; an answer written offline is sent
// when the network comes back, even when the first try after 'online' does not get through.

const shots = '/tmp/shots-h3';
/** What Chrome logs for a request made without a network (or one the test cut). */
const NO_NETWORK = /net::ERR_INTERNET_DISCONNECTED/;

/**
 * Screenshots of what the page shows (or of `part` of it), at both widths and in both themes,
 * for a person to look at.
 */
async function shoot(page: Page, name: string, part?: Locator): Promise<void> {
  fs.mkdirSync(shots, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [width, size] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      await page.setViewportSize(size);
      await settle(page);
      const path = `${shots}/${name}-${width}-${scheme}.png`;
      await capture(part ?? page, { path, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(PHONE);
}

async function liveStreams(origin: string): Promise<number> {
  const text = await (
    await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const line = text.split('\n').find((l) => l.startsWith('muse_live_streams '));
  return Number(line?.split(' ')[1] ?? 0);
}

/** Writes a journal entry through the editor and presses Done (which goes to /streak). */
async function writeJournal(page: Page, origin: string, text: string): Promise<void> {
  await page.goto(`${origin}/answer/journal`);
  await page.getByLabel('Your answer').fill(text);
  await page.getByRole('button', { name: 'Done', exact: true }).click();
  await page.waitForURL(`${origin}/streak`);
}

test.describe('the small things of issue 35', () => {
  test.describe.configure({ mode: 'serial' });
  let server: RunningServer;
  let browser: Browser;

  test.beforeAll(async ({ browser: launched }) => {
    browser = launched;
    server = await startServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  async function visitor(options: BrowserContextOptions = {}, at = '/stop') {
    const context = await browser.newContext({ viewport: PHONE, ...options });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await openAsNewVisitor(page, `${server.origin}${at}`);
    return { context, page, errors };
  }

  test('an empty world gives way to the new answers button, then to the answers', async () => {
    const { context, page, errors } = await visitor({}, '/world');
    const empty = page.getByText('No one has shared an answer yet');
    await expect(empty).toBeVisible();
    await expect.poll(() => liveStreams(server.origin)).toBe(1);

    const cleo = await apiUser(server.origin, 'Cleo');
    await shareAnswer(cleo, { promptTitle: 'A first light', text: 'The first answer anywhere' });
    await shareAnswer(cleo, { promptTitle: 'A second light', text: 'And the second one' });
    const pill = page.getByRole('button', { name: '2 new answers' });
    await expect(pill).toBeVisible();
    // The world is no longer empty: the sentence that said so is gone, only the button stays.
    await expect(empty).toHaveCount(0);
    await shoot(page, 'world-new-answers-on-empty');
    await expectNoAxeViolations(page, 'an empty world with new answers waiting');

    await pill.click();
    const items = page
      .getByRole('list', { name: 'Shared answers', exact: true })
      .getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(empty).toHaveCount(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('the streak screen turns to the new day at midnight, without a navigation', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    // The page's clock runs from two minutes before its midnight (the server's day stays within
    // one of it, as it allows).
    const now = new Date();
    await page.clock.install({
      time: new Date(now.getFullYear(), now.getMonth(), now.getDate(), 23, 58, 0),
    });
    await openAsNewVisitor(page, `${server.origin}/stop`);
    await writeJournal(page, server.origin, 'Late, but written today');
    const line = page.locator('.streak-line');
    await expect(line).toHaveText('You showed up for yourself today. See you tomorrow.');
    const todayCell = page.getByRole('gridcell', { name: /^Today, / });
    await expect(todayCell).toHaveAccessibleName(/: 1 answer$/);

    // Midnight passes while the screen is open.
    await page.clock.runFor('03:00');
    await expect(line).toHaveText('Answer a prompt today to keep your streak going.');
    await expect(todayCell).toHaveAccessibleName(/: no answers$/);
    await shoot(page, 'streak-after-midnight');
    expect(errors).toEqual([]);
    await context.close();
  });

  // Dates in the person's language on My answers (the card, the journal's title, the
  // calendar, the date fields' order and their invalid mark) are checked in the component tier
  // (src/client/screens/past/past-screen.component.test.tsx); here, how it looks in German.
  test('My answers in German, for a person to look at', async () => {
    const locale = 'de-DE';
    const { context, page, errors } = await visitor({ locale });
    await writeJournal(page, server.origin, `Written in ${locale}`);
    await page.goto(`${server.origin}/past`);
    await openAnswerFilters(page);
    const shown = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
    }).format(new Date());
    await expect(page.getByRole('main').getByRole('article').locator('time')).toHaveText(shown);
    const from = page.getByLabel('From', { exact: true });
    await from.fill('31.02.2026');
    await from.blur();
    await expect(from).toHaveAttribute('aria-invalid', 'true');
    await shoot(page, `past-dates-${locale}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('the Daily tile says when today is done; every category has its own icon', async () => {
    const { context, page, errors } = await visitor({}, '/stop');
    await page.goto(`${server.origin}/`);
    const daily = page.getByRole('link', { name: 'Daily', exact: true });
    await expect(daily).toHaveAccessibleDescription("Today's prompt");
    // Eleven tiles, each category with an icon of its own: categories-screen.component.test.tsx.
    await shoot(page, 'categories-daily-not-done');

    await daily.click();
    await page.waitForURL(`${server.origin}/answer/today`);
    await page.getByLabel('Your answer').fill('Answered the day’s own question');
    await page.getByRole('button', { name: 'Done', exact: true }).click();
    await page.waitForURL(`${server.origin}/streak`);
    await page.getByRole('link', { name: 'Back to categories' }).click();
    await expect(daily).toHaveAccessibleDescription('Done today');
    await expect(page.getByText('Done today')).toBeVisible();
    await expectNoAxeViolations(page, 'categories, Daily done today');
    await shoot(page, 'categories-daily-done');
    expect(errors).toEqual([]);
    await context.close();
  });

  test.describe('where push cannot work, the reminder offers the calendar event', () => {
    const calendarLink = (page: Page) => page.getByRole('link', { name: 'Add to calendar' });
    const reminderCard = (page: Page) =>
      page
        .getByRole('region', { name: 'Remind me to write' })
        .or(
          page
            .locator('section')
            .filter({ has: page.getByRole('heading', { name: 'Remind me to write' }) }),
        );

    async function signedUpAt(name: string, options: BrowserContextOptions, script?: () => void) {
      const context = await browser.newContext({ viewport: PHONE, ...options });
      if (script) await context.addInitScript(script);
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await openAsNewVisitor(page, `${server.origin}/login?mode=signup`);
      await signUpThroughForm(page, name);
      await page.goto(`${server.origin}/userSettings`);
      await expect(page.getByRole('heading', { name: 'Remind me to write' })).toBeVisible();
      return { context, page, errors };
    }

    test('the push service refuses: the calendar event instead of "try again"', async () => {
      const { context, page, errors } = await signedUpAt('Pia', {}, () => {
        // Headless Chromium has no push service; a phone's browser may refuse the same way.
        Notification.requestPermission = async () => 'granted';
        PushManager.prototype.subscribe = () =>
          Promise.reject(new DOMException('push service not available', 'AbortError'));
      });
      await page.getByRole('button', { name: 'Remind me' }).click();
      await expect(reminderCard(page).getByRole('status')).toHaveText(
        "This browser couldn't set up notifications: add the event to your calendar instead.",
      );
      await expect(reminderCard(page).getByRole('status')).not.toContainText('try again');
      await expect(page.getByRole('button', { name: 'Remind me' })).toHaveCount(0);
      await expect(calendarLink(page)).toHaveClass('button');
      await expect(calendarLink(page)).toHaveAttribute('download', 'muse-reminder.ics');
      await reminderCard(page).scrollIntoViewIfNeeded();
      await shoot(page, 'reminder-push-refused', reminderCard(page));
      expect(errors).toEqual([]);
      await context.close();
    });

    test('notifications blocked, or an iPhone tab: the calendar event at once', async () => {
      const blocked = await signedUpAt('Quin', {}, () => {
        Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
      });
      await expect(blocked.page.getByRole('button', { name: 'Remind me' })).toHaveCount(0);
      await expect(reminderCard(blocked.page).getByRole('status')).toHaveText(
        'Notifications are blocked for Müse in this browser: add the event to your calendar instead.',
      );
      await expect(calendarLink(blocked.page)).toBeVisible();
      await blocked.context.close();

      const iphone = await signedUpAt('Remy', {
        userAgent:
          'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      });
      await expect(iphone.page.getByRole('button', { name: 'Remind me' })).toHaveCount(0);
      await expect(reminderCard(iphone.page).getByRole('status')).toContainText(
        'On iPhone and iPad, reminders need Müse on your Home Screen',
      );
      await expect(calendarLink(iphone.page)).toBeVisible();
      await reminderCard(iphone.page).scrollIntoViewIfNeeded();
      await shoot(iphone.page, 'reminder-iphone-tab', reminderCard(iphone.page));
      await expectNoAxeViolations(iphone.page, 'settings, reminder on an iPhone tab');
      expect(iphone.errors).toEqual([]);
      await iphone.context.close();
    });
  });

  test('an answer written offline is sent on reconnecting, even when the first try fails', async () => {
    const { context, page, errors } = await visitor({}, '/stop');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
      .toBe(true);
    await context.setOffline(true);
    await writeJournal(page, server.origin, 'written on the train, no signal');
    type Saved = { state: { offline: { beenOffline: boolean; answered: unknown[] } } };
    const offline = async () => (await reflectState<Saved>(page))?.state.offline;
    await expect.poll(async () => (await offline())?.answered.length).toBe(1);

    // 'online' comes a moment before requests get through (a phone joining Wi-Fi): the first
    // sync after it never reaches the server.
    let cut = 0;
    await page.route('**/api/offline/save', async (route) => {
      if (cut === 0) {
        cut += 1;
        await route.abort('internetdisconnected');
        return;
      }
      await route.continue();
    });
    const delivered = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/offline/save' && r.status() === 200,
    );
    await context.setOffline(false);
    await delivered;
    expect(cut).toBe(1);
    await expect.poll(async () => (await offline())?.beenOffline).toBe(false);
    const { answers } = await call<{ answers: { text: string }[] }>(page, '/api/user/answers');
    expect(answers.map((a) => a.text)).toEqual(['Written on the train, no signal']);
    expect(errors.filter((e) => !NO_NETWORK.test(e))).toEqual([]);
    await context.close();
  });

  test('a save lost in a dead connection does not hold back what comes after it', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.clock.install();
    await openAsNewVisitor(page, `${server.origin}/stop`);
    // The connection dies under the save: no answer, no error, ever.
    await page.route('**/api/answer/save', () => undefined);
    await writeJournal(page, server.origin, 'sent into a tunnel');
    await context.setOffline(true);
    await context.setOffline(false);
    const delivered = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/offline/save' && r.status() === 200,
    );
    // Past the write's deadline, the save counts as not sent: into the offline record, and the
    // sync that 'online' queued behind it goes out.
    await page.clock.runFor('01:05');
    await delivered;
    const { answers } = await call<{ answers: { text: string }[] }>(page, '/api/user/answers');
    expect(answers.map((a) => a.text)).toEqual(['Sent into a tunnel']);
    expect(errors.filter((e) => !NO_NETWORK.test(e))).toEqual([]);
    await context.close();
  });
});
