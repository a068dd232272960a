import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { watchPageErrors } from './support/browser.ts';
import { call, openAsNewVisitor, screenshotEveryWay } from './support/page.ts';
import { signUpThroughForm } from './support/people.ts';
import { justAfterTheHour, type RunningServer, startServer } from './support/server.ts';

// Issue 35 points 2 and 3, on today's prompt: Ctrl/⌘+Enter finishes a new Daily answer as Done
// does, and says so only where there is a keyboard to speak of; after Done, "Share this" stands
// beside "See how others answered this" and shares through the flow of everywhere else.

const PHONE = { width: 390, height: 844 };
const SHOTS = '/tmp/shots-h1';
const WORDS = 'A quiet walk before work, and the light on the river.';
const KEYS_HINT = 'Finish with Ctrl+Enter (⌘+Enter on a Mac).';

type ServerAnswer = { _id: string; text: string; prompt_id: string | null };
type Feed = { sharedAnswers: { _id: string; text: string; user_name?: string }[] };

const box = (page: Page) => page.getByLabel('Your answer');
const shareThis = (page: Page) => page.getByRole('button', { name: 'Share this', exact: true });

async function todaysAnswer(page: Page): Promise<ServerAnswer | undefined> {
  const { answers } = await call<{ answers: ServerAnswer[] }>(page, '/api/user/answers');
  return answers.find((a) => a.text === WORDS);
}

/** Light and dark at phone and desktop width: `${name}-{phone|desktop}-{light|dark}.png`. */
async function shoot(page: Page, name: string): Promise<void> {
  await screenshotEveryWay(page, SHOTS, name, { fullPage: true });
}

test.describe('finishing today’s answer from the keyboard, and sharing it right after', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let server: RunningServer;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  test.beforeAll(async ({ browser }: { browser: Browser }) => {
    // Anonymous shares join the world on the hour (decision 057): the test moves the server's clock.
    server = await startServer({}, { movableClock: true });
    context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    errors = watchPageErrors(page);
  });
  test.afterAll(async () => {
    await context?.close();
    await server?.stop();
  });

  test('@layout Ctrl+Enter finishes a new Daily answer, and its hint says so', async () => {
    await openAsNewVisitor(page, `${server.origin}/answer/today`);
    await expect(box(page)).toBeEditable();
    // No text yet: Done asks for some, and so does the hint; Ctrl+Enter does nothing.
    await expect(page.getByText('Write something to finish.')).toBeVisible();
    await box(page).press('Control+Enter');
    await expect(page).toHaveURL(`${server.origin}/answer/today`);
    await box(page).pressSequentially(WORDS);
    await expect(page.getByText(KEYS_HINT)).toBeVisible();
    await expect(box(page)).toHaveAttribute('aria-keyshortcuts', 'Control+Enter Meta+Enter');
    await shoot(page, 'daily-finish-hint');
    await box(page).press('Control+Enter');
    await page.waitForURL(`${server.origin}/streak`);
    await expect.poll(() => todaysAnswer(page), { timeout: 15_000 }).toBeTruthy();
    expect(errors).toEqual([]);
  });

  test('@layout "Share this" stands beside "See how others answered this" after Done', async () => {
    await expect(page.getByRole('link', { name: 'See how others answered this' })).toBeVisible();
    await expect(shareThis(page)).toBeVisible();
    // axe on /streak with "Share this" after Done: axe-every-screen.spec.ts, in both themes.
    await shoot(page, 'streak-share-this');
    // Not named yet: the same rule as everywhere, sign up first, then back here to share.
    await shareThis(page).click();
    await page.waitForURL(/\/login\?mode=signup$/);
    await signUpThroughForm(page, 'Oona');
    await page.waitForURL(`${server.origin}/streak`);
    await shareThis(page).click();
    const asWhom = page.getByRole('dialog', { name: 'Share as whom?' });
    await expect(asWhom).toBeVisible();
    await asWhom.getByRole('button', { name: /^Anonymous/ }).click();
    await page.waitForURL(`${server.origin}/world`);
    await expect(page.getByRole('status')).toHaveText('Answer shared Anonymously');
    const id = (await todaysAnswer(page))?._id ?? '';
    const inFeed = async () =>
      (await call<Feed>(page, '/api/answer/shared', { page: 1 })).sharedAnswers.find(
        (a) => a._id === id,
      );
    // Anonymous: in the world from the next hour (decision 057), and nothing there leads back
    // to Oona.
    expect(await inFeed()).toBeUndefined();
    await server.setClock(justAfterTheHour());
    const inWorld = await inFeed();
    expect(inWorld?.text).toBe(WORDS);
    expect(JSON.stringify(inWorld)).not.toContain('Oona');
    await page.reload();
    await expect(page.getByRole('main').getByText(WORDS)).toBeVisible();
    await expect(page.getByRole('main').getByText('Oona')).toHaveCount(0);
    // Shared now: back on the streak screen it is not offered again.
    await page.goBack();
    await page.waitForURL(`${server.origin}/streak`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('day streak');
    await expect(shareThis(page)).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('no keyboard hint on a touch screen', async ({ browser }: { browser: Browser }) => {
    const touch = await browser.newContext({
      viewport: PHONE,
      hasTouch: true,
      isMobile: true,
      reducedMotion: 'reduce',
    });
    try {
      const phone = await touch.newPage();
      await openAsNewVisitor(phone, `${server.origin}/answer/today`);
      await expect(box(phone)).toBeEditable();
      await box(phone).fill('Words from a phone.');
      await expect(phone.getByRole('button', { name: 'Done', exact: true })).toBeEnabled();
      await expect(phone.getByText(KEYS_HINT)).toBeHidden();
      expect(await phone.evaluate(() => matchMedia('(pointer: fine)').matches)).toBe(false);
    } finally {
      await touch.close();
    }
  });
});
