import { randomUUID } from 'node:crypto';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import {
  capture,
  DESKTOP,
  PHONE,
  screenshot,
  screenshotPath,
  watchPageErrors,
} from './support/browser.ts';
import { call } from './support/page.ts';
import { apiUser, shareAnswer, signUpThroughForm } from './support/people.ts';
import {
  justAfterTheHour,
  METRICS_TOKEN,
  type RunningServer,
  startServer,
} from './support/server.ts';

// The live world (decision 019): Ada (phone) and Bea (desktop) both have /world open. Ada shares
// an answer anonymously; when it joins the world on the hour (decision 057), without reloading,
// Bea sees '1 new answer' above the list (the list itself does not move) and reveals it at the
// top. A love sent meanwhile changes the count in place.

const OLD_TEXT = 'Mornings by the harbour, before anyone is up';
const NEW_TEXT = 'I finally said sorry, and it was easier than I feared';
const FILLER =
  'A longer thought, so that the list is taller than a screen: the walk home, the light on ' +
  'the water, the people I passed and what I wondered about each of them.';

/** The answers of the whole world, newest first: one list item each. */
const worldItems = (page: Page) =>
  page.getByRole('list', { name: 'Shared answers', exact: true }).getByRole('listitem');
const feedItem = (page: Page, text: string) => worldItems(page).filter({ hasText: text });

/** How many live streams the server holds open (its /metrics; the screen doesn't show it). */
async function liveStreams(origin: string): Promise<number> {
  const text = await (
    await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const line = text.split('\n').find((l) => l.startsWith('muse_live_streams '));
  return Number(line?.split(' ')[1] ?? 0);
}

test.describe('the live world', () => {
  test.describe.configure({ mode: 'serial' });
  let server: RunningServer;
  let ada: BrowserContext;
  let bea: BrowserContext;
  let pageA: Page;
  let pageB: Page;
  let errorsA: string[];
  let errorsB: string[];
  let oldAnswerId = '';

  test.beforeAll(async ({ browser }) => {
    server = await startServer({}, { movableClock: true });
    [ada, bea] = await Promise.all([
      browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' }),
      browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' }),
    ]);
    [pageA, pageB] = await Promise.all([ada.newPage(), bea.newPage()]);
    errorsA = watchPageErrors(pageA);
    errorsB = watchPageErrors(pageB);
    // Something already in the world, shared by name, and enough after it to scroll through.
    const cleo = await apiUser(server.origin, 'Cleo');
    oldAnswerId = await shareAnswer(cleo, { promptTitle: 'A quiet place', text: OLD_TEXT });
    for (let i = 0; i < 5; i += 1) {
      await shareAnswer(cleo, { promptTitle: `Thought ${i + 1}`, text: FILLER });
    }
  });
  test.afterAll(async () => {
    await ada?.close();
    await bea?.close();
    await server?.stop();
  });

  test('shows Bea a share of Ada’s without a reload, behind a button, then at the top', async () => {
    // Ada signs up through the form, then both open the world.
    await pageA.goto(`${server.origin}/login?mode=signup`);
    await signUpThroughForm(pageA, 'Ada');
    await Promise.all([pageA.goto(`${server.origin}/world`), pageB.goto(`${server.origin}/world`)]);
    await expect(feedItem(pageA, OLD_TEXT)).toBeVisible();
    await expect(feedItem(pageB, OLD_TEXT)).toBeVisible();
    await screenshot(pageA, 'world-live-before-phone');
    // The streams are open before anything is shared.
    await expect.poll(() => liveStreams(server.origin)).toBe(2);
    // Ada is reading further down the list.
    await feedItem(pageA, OLD_TEXT).scrollIntoViewIfNeeded();
    await expect(feedItem(pageA, OLD_TEXT)).toBeInViewport();
    const readingAt = await pageA.evaluate(() => window.scrollY);
    expect(readingAt).toBeGreaterThan(0);

    // Ada shares from her session (the share itself is the world spec's subject), two seconds
    // before the hour by the server's clock.
    const answerId = `new${randomUUID().replaceAll('-', '')}`;
    await call(pageA, '/api/answer/save', {
      answer: { _id: answerId, prompt_id: '', prompt_title: 'Something brave', text: NEW_TEXT },
    });
    // The server's hour turns two seconds after this, not before.
    const hourTurns = Date.now() + 2_000;
    await server.setClock(new Date(justAfterTheHour().getTime() - 3_000));
    await call(pageA, '/api/answer/share', { answer_id: answerId, anonymous: true });

    // Nothing is told until the hour; then its card is announced like any new one.
    const button = pageB.getByRole('button', { name: '1 new answer' });
    await expect(button).toBeVisible();
    expect(Date.now()).toBeGreaterThanOrEqual(hourTurns);
    // Waiting, not pushed under the reader's eyes: the list still starts with what it had.
    await expect(feedItem(pageB, NEW_TEXT)).toHaveCount(0);
    await expect(worldItems(pageB).first()).toContainText('Thought 5');
    await screenshot(pageB, 'world-live-new-answer-desktop');
    const pill = pageA.getByRole('button', { name: '1 new answer' });
    // The button floats where Ada can see it, and nothing moved under her thumb.
    await expect(pill).toBeInViewport();
    await expect(feedItem(pageA, OLD_TEXT)).toBeInViewport();
    await expect.poll(() => pageA.evaluate(() => window.scrollY)).toBe(readingAt);
    await expect.poll(async () => (await pill.boundingBox())?.y ?? 0).toBeGreaterThan(50);
    await expect
      .poll(async () => (await pill.boundingBox())?.y ?? PHONE.height)
      .toBeLessThan(PHONE.height / 2);
    await capture(pageA, { path: screenshotPath('world-live-new-answer-scrolled-phone') });
    await expectNoAxeViolations(pageA, '/world with new answers waiting (phone)');

    // A love sent elsewhere changes Cleo's count in place for both (Cleo's own love + Dee's).
    const dee = await apiUser(server.origin, 'Dee');
    await dee.post('/api/answer/like', { answer_id: oldAnswerId });
    await expect(
      feedItem(pageB, OLD_TEXT).getByRole('button', { name: /^Love/ }),
    ).toHaveAccessibleName('Love, 2 loves');
    await expect(
      feedItem(pageA, OLD_TEXT).getByRole('button', { name: /^Love/ }),
    ).toHaveAccessibleName('Love, 2 loves');

    await button.click();
    const first = worldItems(pageB).first();
    await expect(first).toContainText(NEW_TEXT);
    await expect(first).toContainText('Anonymous');
    // Focus goes to the first of the new answers, at the top of the page.
    await expect(first).toBeFocused();
    await expect(first).toBeInViewport();
    await expect(pageB.getByRole('button', { name: /new answer/ })).toHaveCount(0);
    await screenshot(pageB, 'world-live-revealed-desktop');
    await expectNoAxeViolations(pageB, '/world after revealing the new answer (desktop)');
    expect(errorsA).toEqual([]);
    expect(errorsB).toEqual([]);
  });
});

// A stream ends after its lifetime (issue 34 point 5, decision 052); Chromium's own EventSource
// comes back with Last-Event-ID and gets what was shared meanwhile: every share once, in order,
// with no reset, also when a stream ended before any event reached it.
test.describe('a live stream at the end of its lifetime', () => {
  let server: RunningServer;
  test.beforeAll(async () => {
    server = await startServer({ MUSE_LIVE_STREAM_LIFETIME_MS: '1000' });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('is resumed by the browser without losing or repeating a share', async ({ page }) => {
    const errors = watchPageErrors(page);
    // Any page of the app, so EventSource is same-origin; not /world, which opens its own.
    await page.goto(`${server.origin}/login`);
    await page.evaluate(() => {
      const seen: { answers: string[]; resets: number; opens: number } = {
        answers: [],
        resets: 0,
        opens: 0,
      };
      Object.assign(window, { seen });
      const source = new EventSource('/api/world/live');
      source.addEventListener('open', () => {
        seen.opens += 1;
      });
      source.addEventListener('answer', (event) => {
        seen.answers.push(JSON.parse((event as MessageEvent<string>).data).answer._id);
      });
      source.addEventListener('reset', () => {
        seen.resets += 1;
      });
    });
    const seen = () =>
      page.evaluate(
        () =>
          (window as unknown as { seen: { answers: string[]; resets: number; opens: number } })
            .seen,
      );
    // The first stream ends with no event received: it resumes from where it started.
    await expect
      .poll(async () => (await seen()).opens, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(2);

    // Shares spread over several lifetimes, most of them while the browser is reconnecting.
    const eve = await apiUser(server.origin, 'Eve');
    const shared: string[] = [];
    for (let n = 0; n < 10; n += 1) {
      shared.push(await shareAnswer(eve, { promptTitle: `Moment ${n}`, text: `Moment ${n}` }));
      await page.waitForTimeout(500);
    }
    await expect
      .poll(async () => (await seen()).answers.length, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(10);
    const after = await seen();
    expect(after.answers).toEqual(shared);
    expect(after.resets).toBe(0);
    expect(after.opens).toBeGreaterThan(3);
    expect(errors).toEqual([]);
  });
});
