import { type BrowserContext, expect, type Page, type Route } from '@playwright/test';
import { watchPageErrors } from './support/browser.ts';
import { call, openAsNewVisitor, screenshotEveryWay } from './support/page.ts';
import { signUpThroughForm } from './support/people.ts';
import type { RunningServer } from './support/server.ts';
import { test } from './support/worker-server.ts';

// Issue 35 point 1, "never lose a keystroke": on a slow phone /answer/today's box shows (from the
// prerendered page) well before the app runs. Every key typed from the moment it shows ends up
// in the entry — through the prerendered box, the app's frame and the editor's hand-over — with
// focus kept, saved on the device and on the server. A locked journal keeps them (unseen) until
// it is unlocked.

const PHONE = { width: 390, height: 844 };
const SHOTS = '/tmp/shots-h1';
const CODE = '4826';
/** Sent one key at a time, from the first moment the box shows until well after the app runs. */
const LOCKED_WORDS = 'And one more thought.';
const KEPT_WORDS = 'Written, then the tab was closed.';
/** Typed after other words of the day: only an entry's first letter is capitalised. */
const BEFORE_APP = 'before the app had run a line.';
const WORDS = 'slow phones deserve every word, from the first key to the last one typed here.';
/** WORDS as the entry keeps them: the first letter capitalised as typed (SPEC §5). */
const TYPED = `S${WORDS.slice(1)}`;

type ServerAnswer = { text: string; prompt_id: string | null };

const box = (page: Page) => page.getByLabel('Your answer');

/**
 * A slow phone: 4× CPU and a slow-4G-like network (DevTools' "Slow 4G": 562.5 ms round trips,
 * about 1.4 Mbit/s down and 0.7 Mbit/s up). Returns the function that ends both.
 */
async function slowPhone(context: BrowserContext, page: Page): Promise<() => Promise<void>> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 562.5,
    downloadThroughput: (1.4 * 1024 * 1024) / 8,
    uploadThroughput: (0.7 * 1024 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return async () => {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await cdp.detach();
  };
}

/** Whether the editor has taken the box over (its Done button is there, not the frame's). */
function editorIsIn(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      document.querySelector('textarea[data-early-text]') === null &&
      [...document.querySelectorAll('button')].some((b) => b.textContent === 'Done'),
  );
}

/** Keys typed before the app's scripts may arrive, so that some surely meet the bare page. */
const FIRST_KEYS = 8;

/**
 * Opens /answer/today on a slow phone and types WORDS into its box, a key at a time, from the
 * moment the box is visible: the first FIRST_KEYS before the app's scripts are let through (on a
 * busy machine the prerendered page may otherwise be replaced before the test's first key
 * arrives), the rest across the app's take-over. Returns how many keys went in before the editor
 * took over.
 */
async function typeFromFirstSight(page: Page, url: string): Promise<number> {
  const release = await holdScripts(page);
  void page.goto(url, { waitUntil: 'commit' }).catch(() => {});
  await expect(box(page)).toBeVisible({ timeout: 30_000 });
  await box(page).click({ timeout: 30_000 });
  let before = 0;
  let handedOver = false;
  for (const [index, key] of [...WORDS].entries()) {
    if (index === FIRST_KEYS) release();
    await page.keyboard.type(key);
    if (!handedOver) {
      handedOver = await editorIsIn(page);
      if (!handedOver) before++;
    }
  }
  return before;
}

/**
 * Holds the app's scripts until the returned function is called: until then the page is the
 * prerendered one, without a line of the app run.
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // Left in place once released: a held request then goes on at once.
  await page.route('**/assets/*.js', async (route: Route) => {
    await held;
    await route.continue();
  });
  return release;
}

async function serverTexts(page: Page): Promise<string[]> {
  const { answers } = await call<{ answers: ServerAnswer[] }>(page, '/api/user/answers');
  return answers.filter((a) => a.prompt_id !== null).map((a) => a.text);
}

/** Light and dark at phone and desktop width: `${name}-{phone|desktop}-{light|dark}.png`. */
async function shoot(page: Page, name: string): Promise<void> {
  await screenshotEveryWay(page, SHOTS, name);
}

test.describe('never lose a keystroke on /answer/today', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  let server: RunningServer;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  test.beforeAll(async ({ browser, server: shared }) => {
    server = shared;
    // No service worker: its cache would answer before the slow network (and the held scripts).
    context = await browser.newContext({
      viewport: PHONE,
      reducedMotion: 'reduce',
      serviceWorkers: 'block',
    });
    page = await context.newPage();
    page.setDefaultTimeout(30_000);
    errors = watchPageErrors(page);
  });
  test.afterAll(async () => {
    await context?.close();
  });

  test('every key typed from the moment the box shows is in the entry, and saved', async () => {
    await openAsNewVisitor(page, `${server.origin}/home`);
    const fast = await slowPhone(context, page);
    const early = await typeFromFirstSight(page, `${server.origin}/answer/today`);
    // The point of the test: keys went in before the app had taken over.
    expect(early).toBeGreaterThanOrEqual(FIRST_KEYS);
    const expected = TYPED;
    await expect(box(page)).toHaveValue(expected);
    await expect(box(page)).toBeFocused();
    await expect(box(page)).toBeEditable();
    await fast();
    await expect(box(page)).toHaveAccessibleDescription('Saved', { timeout: 20_000 });
    await shoot(page, 'today-after-early-typing');
    await page.reload();
    await expect(box(page)).toHaveValue(expected);
    await expect.poll(() => serverTexts(page), { timeout: 20_000 }).toContain(expected);
    expect(errors).toEqual([]);
  });

  test('what was typed before the app ran, and nothing after, joins the day’s entry and is saved', async () => {
    const release = await holdScripts(page);
    void page.goto(`${server.origin}/answer/today`, { waitUntil: 'commit' }).catch(() => {});
    await expect(box(page)).toBeVisible();
    const heading = page.getByRole('heading', { level: 1 });
    const asked = (await heading.textContent())?.trim() ?? '';
    await box(page).click();
    await page.keyboard.type(BEFORE_APP);
    await expect(box(page)).toHaveValue(BEFORE_APP);
    await shoot(page, 'today-prerendered-typing');
    release();
    // The day's entry was written already (the test before): the new words join it.
    const expected = `${TYPED}\n\n${BEFORE_APP}`;
    await expect(page.getByRole('button', { name: 'Done', exact: true })).toBeVisible();
    await expect(box(page)).toHaveValue(expected);
    await expect(box(page)).toBeFocused();
    // Under the question the person saw while typing.
    await expect(heading).toContainText(asked);
    // The caret is where the person left it: at the end of what they typed.
    expect(await box(page).evaluate((b: HTMLTextAreaElement) => b.selectionStart)).toBe(
      expected.length,
    );
    await expect(box(page)).toHaveAccessibleDescription('Saved', { timeout: 20_000 });
    await page.reload();
    await expect(box(page)).toHaveValue(expected);
    await expect.poll(() => serverTexts(page), { timeout: 20_000 }).toContain(expected);
    expect(errors).toEqual([]);
  });

  test('a locked journal keeps what was typed, unseen, for today’s entry once unlocked', async () => {
    await page.goto(`${server.origin}/login?mode=signup`);
    await signUpThroughForm(page, 'Ines');
    await page.goto(`${server.origin}/userSettings`);
    await page.getByRole('region', { name: 'Passcode' }).getByLabel('Passcode').fill(CODE);
    await page.getByRole('button', { name: 'Set passcode' }).click();
    await expect(page.getByRole('button', { name: 'Remove passcode' })).toBeVisible();

    // The app's scripts are held until the words are typed: the box is the prerendered one.
    const release = await holdScripts(page);
    void page.goto(`${server.origin}/answer/today`, { waitUntil: 'commit' }).catch(() => {});
    await expect(box(page)).toBeVisible();
    await box(page).click();
    await page.keyboard.type(LOCKED_WORDS);
    await expect(box(page)).toHaveValue(LOCKED_WORDS);
    release();
    const lock = page.getByRole('dialog', { name: 'Enter your passcode' });
    await expect(lock).toBeVisible();
    // Nothing of the journal beside the lock, the words typed included; the lock says so.
    await expect(page.getByText(LOCKED_WORDS)).toHaveCount(0);
    await expect(box(page)).toHaveCount(0);
    await expect(lock).toContainText('What you began to write is kept for today’s entry.');
    await shoot(page, 'today-locked-with-early-text');
    await lock.getByLabel('Passcode').pressSequentially(CODE);
    await expect(lock).toHaveCount(0);
    await expect(box(page)).toHaveValue(`${TYPED}\n\n${BEFORE_APP}\n\n${LOCKED_WORDS}`);
    await expect(box(page)).toBeFocused();
    await expect(box(page)).toHaveAccessibleDescription('Saved', { timeout: 20_000 });
    expect(errors).toEqual([]);
  });

  test('closed behind the lock, the words wait on this device for today’s entry', async () => {
    const release = await holdScripts(page);
    void page.goto(`${server.origin}/answer/today`, { waitUntil: 'commit' }).catch(() => {});
    await expect(box(page)).toBeVisible();
    await box(page).click();
    await page.keyboard.type(KEPT_WORDS);
    release();
    const lock = page.getByRole('dialog', { name: 'Enter your passcode' });
    await expect(lock).toContainText('What you began to write is kept for today’s entry.');
    // The tab goes before anyone unlocks: the words are kept on the device, for today only.
    await page.close({ runBeforeUnload: true });
    page = await context.newPage();
    page.setDefaultTimeout(30_000);
    errors = watchPageErrors(page);
    await page.goto(`${server.origin}/answer/today`);
    const again = page.getByRole('dialog', { name: 'Enter your passcode' });
    await expect(again).toContainText('What you began to write is kept for today’s entry.');
    await expect(page.getByText(KEPT_WORDS)).toHaveCount(0);
    await again.getByLabel('Passcode').pressSequentially(CODE);
    const expected = `${TYPED}\n\n${BEFORE_APP}\n\n${LOCKED_WORDS}\n\n${KEPT_WORDS}`;
    await expect(box(page)).toHaveValue(expected);
    await expect(box(page)).toHaveAccessibleDescription('Saved', { timeout: 20_000 });
    await expect.poll(() => serverTexts(page), { timeout: 20_000 }).toContain(expected);
    // Handed over: nothing is kept twice.
    expect(await page.evaluate(() => localStorage.getItem('muse-early-text'))).toBeNull();
    expect(errors).toEqual([]);
  });
});
