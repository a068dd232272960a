import { type BrowserContext, expect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { PHONE, screenshot, watchPageErrors } from './support/browser.ts';
import { call, openAsNewVisitor, reflectState } from './support/page.ts';
import type { RunningServer } from './support/server.ts';
import { test } from './support/worker-server.ts';

// SPEC §1 "Answers and prompts created while offline are kept locally and synced later", §4
// Offline, §8 "Queued data kept": a visitor loses the network, answers today's prompt, writes a
// journal entry and deletes an older answer, reloads without a network, and comes back online —
// then the server holds exactly what they did, once, however often the record is sent.

const now = new Date();
const dayKeyOf = (d: Date) =>
  [
    d.getFullYear(),
    String(d.getMonth() + 1).padStart(2, '0'),
    String(d.getDate()).padStart(2, '0'),
  ].join('-');
const TODAY_KEY = dayKeyOf(now);
const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1, 12);
const aWeekAgo = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 7, 12);

/** What Chrome logs for every request made without a network: expected here, nothing else is. */
const OFFLINE_REQUEST = 'Failed to load resource: net::ERR_INTERNET_DISCONNECTED';
const HINT = ' (more actions)';

type Offline = {
  beenOffline: boolean;
  answered: { text: string }[];
  deleted: string[];
  streak: number | null;
};
type ServerUser = { streak: number; longestStreak: number; last: string; answered: string[] };
type ServerAnswer = { _id: string; text: string; prompt_id: string | null };

type Saved = { state: { offline: Offline; user: { _id: string } } };

/** expect.poll for what the screen does not show: the saved state, the server's copy. */
function poll<T>(read: () => Promise<T> | T) {
  return expect.poll(read, { timeout: 15_000 });
}

async function savedOffline(page: Page): Promise<Offline | null> {
  return (await reflectState<Saved>(page))?.state.offline ?? null;
}

async function savedUserId(page: Page): Promise<string> {
  return (await reflectState<Saved>(page))?.state.user._id ?? '';
}

async function serverState(page: Page) {
  const [{ answers }, { user }] = await Promise.all([
    call<{ answers: ServerAnswer[] }>(page, '/api/user/answers'),
    call<{ user: ServerUser }>(page, '/api/user'),
  ]);
  return {
    texts: answers.map((a) => a.text).sort(),
    ids: answers.map((a) => a._id).sort(),
    streak: { streak: user.streak, longestStreak: user.longestStreak, last: user.last },
  };
}

/** The answers on My answers, one article each; their texts are the paragraphs under the title. */
const cardsOf = (page: Page) => page.getByRole('main').getByRole('article');
const cardTitles = (page: Page) => cardsOf(page).getByRole('heading', { level: 2 });
const streakHeading = (page: Page) => page.getByRole('heading', { level: 1 });

test.describe('offline: what is written without a network reaches the server later', () => {
  // One story: later steps build on what earlier ones did, so a failure stops the rest.
  test.describe.configure({ mode: 'serial' });
  let server: RunningServer;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let olderId = '';
  let todayTitle = '';
  let sentBody = '';

  test.beforeAll(async ({ browser, server: shared }) => {
    server = shared;
    context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
    page = await context.newPage();
    errors = watchPageErrors(page);
  });
  test.afterAll(async () => {
    await context?.close();
  });

  test('starts online: an answer from last week, a streak that ended yesterday, the app cached', async () => {
    // The older answer is saved through the API, with the session the first visit starts.
    await openAsNewVisitor(page, `${server.origin}/stop`);
    await poll(() => savedUserId(page)).not.toBe('');
    // The service worker has cached the app shell and controls the page.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    olderId = `older${Date.now()}`;
    await call(page, '/api/answer/save', {
      answer: {
        _id: olderId,
        prompt_id: null,
        prompt_title: 'A week ago',
        text: 'Written a week ago',
        answered: aWeekAgo.toISOString(),
        modified: aWeekAgo.toISOString(),
      },
    });
    // A new user's last streak day is yesterday already; a reset dated yesterday makes it 1.
    const { user } = await call<{ user: ServerUser }>(page, '/api/user/reset', {
      user_id: await savedUserId(page),
      year: yesterday.getFullYear(),
      month: yesterday.getMonth() + 1,
      day: yesterday.getDate(),
    });
    expect(user.streak).toBe(1);

    await page.goto(`${server.origin}/past`);
    await expect(cardsOf(page)).toHaveCount(1);
    await expect(cardTitles(page)).toHaveText(['A week ago']);
    await page.goto(`${server.origin}/streak`);
    await expect(streakHeading(page)).toHaveText('1 day streak');
    expect(errors).toEqual([]);
  });

  test("answers today's prompt and writes a journal entry offline, with no error shown", async () => {
    await context.setOffline(true);
    await page.getByRole('link', { name: 'Back to categories' }).click();
    await page.getByRole('link', { name: 'Daily', exact: true }).click();
    await page.waitForURL(`${server.origin}/answer/today`);
    const promptButton = page.getByRole('button', { name: / \(more actions\)$/ });
    await expect(promptButton).toHaveText(/\S/);
    todayTitle = ((await promptButton.textContent()) ?? '').replace(HINT, '').trim();
    await page.getByLabel('Your answer').fill('the train had no signal today');
    await expectNoAxeViolations(page, "today's prompt, offline");
    await page.getByRole('button', { name: 'Done', exact: true }).click();
    await page.waitForURL(`${server.origin}/streak`);
    // The banner says it is saved, not a warning that the save failed.
    await expect(page.getByRole('status')).toHaveText('Answer saved');
    // The streak continues from yesterday on this device.
    await expect(streakHeading(page)).toHaveText('2 day streak');
    await expectNoAxeViolations(page, 'the streak, offline');

    await page.getByRole('link', { name: 'Back to categories' }).click();
    await page.getByRole('link', { name: 'Journal', exact: true }).click();
    await page.waitForURL(`${server.origin}/answer/journal`);
    await page.getByLabel('Your answer').fill('dear diary, written offline');
    await page.getByRole('button', { name: 'Done', exact: true }).click();
    await page.waitForURL(`${server.origin}/streak`);
    await expect(page.getByRole('status')).toHaveText('Answer saved');
  });

  test('deletes the older answer offline and lists exactly the new ones in /past', async () => {
    await page.getByRole('link', { name: 'My answers' }).click();
    await page.waitForURL(`${server.origin}/past`);
    await page.getByRole('button', { name: /^Delete answer: A week ago/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(cardsOf(page)).toHaveCount(2);
    // Newest first: the journal entry was written after today's prompt.
    await expect(cardsOf(page)).toContainText([
      'Dear diary, written offline',
      'The train had no signal today',
    ]);
    await expect(cardsOf(page).filter({ hasText: 'Written a week ago' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'My answers, offline');
    await poll(() => savedOffline(page)).toMatchObject({
      beenOffline: true,
      deleted: [olderId],
      streak: 2,
    });
    expect(((await savedOffline(page))?.answered ?? []).map((a) => a.text).sort()).toEqual([
      'Dear diary, written offline',
      'The train had no signal today',
    ]);
    expect(errors.filter((e) => e !== OFFLINE_REQUEST)).toEqual([]);
    expect(errors.length).toBeGreaterThan(0);
  });

  test('reloads without a network: the service worker serves the app, the answers are kept', async () => {
    await page.reload();
    await expect(cardsOf(page)).toHaveCount(2);
    await expect(page).toHaveTitle('Müse | My answers');
    // The start-up sync failed without a network and kept the record (SPEC §8).
    await poll(() => savedOffline(page)).toMatchObject({ beenOffline: true, deleted: [olderId] });
    await screenshot(page, 'offline-past-phone');
    expect(errors.filter((e) => e !== OFFLINE_REQUEST)).toEqual([]);
  });

  test('sends the record when the browser is back online; the server has exactly the right state', async () => {
    const sent = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/offline/save' && r.status() === 200,
    );
    await context.setOffline(false);
    const response = await sent;
    sentBody = response.request().postData() ?? '';
    expect(JSON.parse(sentBody)).toMatchObject({
      month: now.getMonth() + 1,
      day: now.getDate(),
      offline: { deleted: [olderId], streak: 2, last: TODAY_KEY },
    });
    await poll(async () => (await savedOffline(page))?.beenOffline).toBe(false);
    expect(await savedOffline(page)).toMatchObject({ answered: [], deleted: [], streak: null });

    await poll(() => serverState(page)).toMatchObject({
      texts: ['Dear diary, written offline', 'The train had no signal today'],
      streak: { streak: 2, longestStreak: 2, last: TODAY_KEY },
    });
    expect((await serverState(page)).ids).not.toContain(olderId);
    // The device shows the server's copy.
    await expect(cardsOf(page)).toHaveCount(2);
    await expect(cardTitles(page)).toContainText([todayTitle]);
  });

  test('changes nothing when the same record is sent again', async () => {
    const before = await serverState(page);
    const again = JSON.parse(sentBody) as Record<string, unknown>;
    await call(page, '/api/offline/save', again);
    await call(page, '/api/offline/save', again);
    expect(await serverState(page)).toEqual(before);
  });

  test('sends nothing when there is nothing to send', async () => {
    let sends = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/offline/save') sends += 1;
    });
    await page.reload();
    await expect(cardsOf(page)).toHaveCount(2);
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    // A send would start while the event is handled: a call made after it, and answered, is
    // a round trip behind it.
    await call(page, '/api/categories');
    expect(sends).toBe(0);
    expect(errors.filter((e) => e !== OFFLINE_REQUEST)).toEqual([]);
  });
});
