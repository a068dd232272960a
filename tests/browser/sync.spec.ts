import fs from 'node:fs';
import { type BrowserContext, expect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { capture, DESKTOP, PHONE, watchPageErrors } from './support/browser.ts';
import { answerBox, typeAtEnd } from './support/journal.ts';
import { call, reflectState, settle } from './support/page.ts';
import type { RunningServer } from './support/server.ts';
import { test } from './support/worker-server.ts';

// Issue 12 "Trust: nothing lost between devices" (decision 013), as the reviewer found it: one
// account on a laptop and a phone, today's journal entry written on both. Nothing either device
// wrote may disappear without the person seeing both texts. Every wait is for what the person
// would see (the text in the editor, the words beside it); the server's copy is polled.

const NAME = 'Sync Person';
const PASSWORD = 'two devices, one journal';
const SHOTS = '/tmp/h12-sync-shots';
const CONFLICT = 'This answer was changed on another device';

type ServerAnswer = { _id: string; text: string; revision: number; prompt_id: string | null };
type Saved = { state: { user: { _id: string; name: string } } };

/** expect.poll for what the screen does not show; a save waits out a 2.5 s pause first. */
function poll<T>(read: () => Promise<T> | T) {
  return expect.poll(read, { timeout: 15_000 });
}

/** The journal entries the server has for the signed-in user. */
async function journalOnServer(page: Page): Promise<ServerAnswer[]> {
  const { answers } = await call<{ answers: ServerAnswer[] }>(page, '/api/user/answers');
  return answers.filter((a) => a.prompt_id === null);
}

/** The one journal entry's text on the server ('' while there is none). */
async function journalText(page: Page): Promise<string> {
  return (await journalOnServer(page))[0]?.text ?? '';
}

/**
 * Console errors other than the browser's notes of the 409 a stale save gets on purpose and of
 * the calls that fail while the laptop is offline on purpose.
 */
function unexpected(errors: readonly string[]): string[] {
  return errors.filter(
    (e) =>
      !/^Failed to load resource: the server responded with a status of 409\b/.test(e) &&
      !e.includes('net::ERR_INTERNET_DISCONNECTED'),
  );
}

/**
 * What the editor says about the text ("Saved", "Saving…", "Offline — …"): a polite live region
 * that is also the textarea's description, so it is what a screen reader reads with the field.
 */
async function expectSaveStatus(page: Page, words: string): Promise<void> {
  await expect(answerBox(page)).toHaveAccessibleDescription(words, { timeout: 15_000 });
}

const conflictDialog = (page: Page) => page.getByRole('alertdialog', { name: CONFLICT });

async function openJournal(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/`);
  await page.getByRole('link', { name: 'Journal', exact: true }).click();
  await page.waitForURL(`${origin}/answer/journal`);
  await expect(answerBox(page)).toBeVisible();
}

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await settle(page);
  await capture(page, { path: `${SHOTS}/${name}.png` });
}

test.describe('sync: nothing is lost between a laptop and a phone', () => {
  // One story: later steps build on what earlier ones did, so a failure stops the rest. Two
  // browsers typing a key at a time, each save after a 2.5 s pause: a step took 37 s with both
  // cores busy (load average 27), so each gets twice the usual minute.
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let server: RunningServer;
  let laptopContext: BrowserContext;
  let phoneContext: BrowserContext;
  let laptop: Page;
  let phone: Page;
  const errors: string[][] = [];

  const A = 'Morning on the laptop: coffee and a long list.';
  const B = ' Evening on the phone: the list was too long.';
  const L = ' Laptop, later: cross three things off.';
  const P = ' Phone, later: keep only three things.';

  /** A new tab in the laptop's browser (after the old one was closed). */
  async function newLaptopTab(): Promise<Page> {
    const page = await laptopContext.newPage();
    errors.push(watchPageErrors(page));
    return page;
  }

  test.beforeAll(async ({ browser, server: shared }) => {
    server = shared;
    laptopContext = await browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' });
    phoneContext = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
    laptop = await newLaptopTab();
    phone = await phoneContext.newPage();
    errors.push(watchPageErrors(phone));
  });
  test.afterAll(async () => {
    await laptopContext?.close();
    await phoneContext?.close();
  });

  test('signs up on the laptop and signs in on the phone', async () => {
    await laptop.goto(`${server.origin}/login?mode=signup`);
    await laptop.getByLabel('Name', { exact: true }).fill(NAME);
    await laptop.getByLabel('Email').fill('sync@example.com');
    await laptop.getByLabel('Password').fill(PASSWORD);
    await laptop.getByRole('button', { name: 'Sign up', exact: true }).click();
    await laptop.waitForURL(`${server.origin}/`);

    await phone.goto(`${server.origin}/login`);
    await phone.getByLabel('Name or email').fill(NAME);
    await phone.getByLabel('Password').fill(PASSWORD);
    await phone.getByRole('button', { name: 'Sign in', exact: true }).click();
    await phone.waitForURL(`${server.origin}/`);
    for (const page of [laptop, phone]) {
      await poll(async () => (await reflectState<Saved>(page))?.state.user.name).toBe(NAME);
    }
  });

  test('saves as the person writes, and says so beside the editor', async () => {
    await openJournal(laptop, server.origin);
    // Empty, the field also says what Done needs.
    await expectSaveStatus(laptop, 'Write something to finish. Saved as you write');
    // axe on the empty journal entry: axe-every-screen.spec.ts (/answer/journal).
    await typeAtEnd(laptop, A);
    await expectSaveStatus(laptop, 'Saving…');
    // No Next, no Done, no leaving: the pause alone saves it.
    await poll(() => journalText(laptop)).toBe(A);
    await expectSaveStatus(laptop, 'Saved');
    // Polite: a screen reader hears "Saved" without being cut off mid-sentence.
    await expect(laptop.getByRole('main').getByText('Saved', { exact: true })).toHaveAttribute(
      'aria-live',
      'polite',
    );
    await shot(laptop, 'editor-saved-desktop');
    await expectNoAxeViolations(laptop, 'the journal entry, saved');
    // The laptop leaves the entry; its copy of it (A) is now what goes stale.
    await laptop.getByRole('link', { name: 'Back to categories' }).click();
    await laptop.waitForURL(`${server.origin}/`);
  });

  test("the reviewer's case: the laptop reopens today's journal and sees the phone's words; leaving writes nothing", async () => {
    // The phone adds B to today's entry.
    await openJournal(phone, server.origin);
    await expect(answerBox(phone)).toHaveValue(A);
    await typeAtEnd(phone, B);
    await poll(() => journalText(phone)).toBe(A + B);
    await expectSaveStatus(phone, 'Saved');
    await shot(phone, 'editor-saved-phone');
    const [afterPhone] = await journalOnServer(phone);

    // The laptop never reloaded: its app state still holds A. Opening shows the server's text.
    const saves: string[] = [];
    // On the context, so a save sent by a page that is going away is counted too.
    laptopContext.on('request', (request) => {
      if (request.url().endsWith('/api/answer/save')) saves.push(request.postData() ?? '');
    });
    await laptop.getByRole('link', { name: 'Journal', exact: true }).click();
    await laptop.waitForURL(`${server.origin}/answer/journal`);
    await expect(answerBox(laptop)).toHaveValue(A + B);
    await expect(answerBox(laptop)).toBeEditable();

    // Back without typing, then a reload (the page-hide hooks run): nothing was sent.
    await laptop.getByRole('link', { name: 'Back to categories' }).click();
    await laptop.waitForURL(`${server.origin}/`);
    await laptop.reload();
    await expect(laptop.getByRole('link', { name: 'Journal', exact: true })).toBeVisible();
    // Whatever the reload's page-hide hooks would send has gone out once the network is quiet.
    await laptop.waitForLoadState('networkidle');
    expect(saves).toEqual([]);
    const [now] = await journalOnServer(laptop);
    expect(now).toEqual(afterPhone);
    expect(now?.text).toBe(A + B);
  });

  test('a real conflict shows both texts, and "Keep both" keeps both', async () => {
    // Both devices have today's entry open at the same version.
    await openJournal(laptop, server.origin);
    await expect(answerBox(laptop)).toHaveValue(A + B);
    await openJournal(phone, server.origin);
    await expect(answerBox(phone)).toHaveValue(A + B);

    await typeAtEnd(laptop, L);
    await poll(() => journalText(laptop)).toBe(A + B + L);
    await typeAtEnd(phone, P); // written from the version before the laptop's

    const dialog = conflictDialog(phone);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('region', { name: 'Your text on this device' })).toContainText(
      A + B + P,
    );
    await expect(
      dialog.getByRole('region', { name: 'The text from the other device' }),
    ).toContainText(A + B + L);
    // "Keep both", the choice that loses nothing, has focus first.
    await expect(dialog.getByRole('button', { name: 'Keep both', exact: true })).toBeFocused();
    await expectSaveStatus(phone, 'Changed on another device — choose which text to keep');
    // Nothing was overwritten while the person decides.
    expect(await journalText(phone)).toBe(A + B + L);
    await shot(phone, 'conflict-phone');
    // axe on the conflict dialog, at both widths: axe-every-screen.spec.ts.

    await dialog.getByRole('button', { name: 'Keep both', exact: true }).click();
    await expect(dialog).toBeHidden();
    const both = A + B + L + P;
    await expect(answerBox(phone)).toHaveValue(both);
    await poll(() => journalText(phone)).toBe(both);
    await expectSaveStatus(phone, 'Saved');
  });

  test('"Keep mine" and "Keep theirs" each keep the chosen text', async () => {
    // The laptop's editor is still open at A+B+L, from before the phone's choice: its base is
    // stale, so its next save meets the phone's text.
    await expect(answerBox(laptop)).toHaveValue(A + B + L);
    await typeAtEnd(laptop, ' Mine.');
    const dialog = conflictDialog(laptop);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('region', { name: 'Your text on this device' })).toContainText(
      `${A + B + L} Mine.`,
    );
    await expect(
      dialog.getByRole('region', { name: 'The text from the other device' }),
    ).toContainText(A + B + L + P);
    await shot(laptop, 'conflict-desktop');
    await dialog.getByRole('button', { name: 'Keep mine', exact: true }).click();
    await expect(dialog).toBeHidden();
    const mine = `${A + B + L} Mine.`;
    await expect(answerBox(laptop)).toHaveValue(mine);
    await poll(() => journalText(laptop)).toBe(mine);
    await expectSaveStatus(laptop, 'Saved');

    // Now the phone's editor is the stale one; it chooses the laptop's text.
    await typeAtEnd(phone, ' Not this.');
    const phoneDialog = conflictDialog(phone);
    await expect(phoneDialog).toBeVisible();
    await phoneDialog.getByRole('button', { name: 'Keep theirs', exact: true }).click();
    await expect(phoneDialog).toBeHidden();
    await expect(answerBox(phone)).toHaveValue(mine);
    await poll(() => journalText(phone)).toBe(mine);
  });

  test("an open editor nobody typed in takes the other device's words when its tab is seen again", async () => {
    // Both editors are still open; the phone writes on.
    const before = `${A + B + L} Mine.`;
    await expect(answerBox(phone)).toHaveValue(before);
    const more = ' The phone, once more.';
    await typeAtEnd(phone, more);
    await poll(() => journalText(phone)).toBe(before + more);
    // The laptop has not looked yet ...
    await expect(answerBox(laptop)).toHaveValue(before);
    // ... then the person turns back to the laptop's tab.
    await laptop.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(answerBox(laptop)).toHaveValue(before + more);
  });

  test('closing the page mid-sentence loses nothing: on this device and on the server', async () => {
    await openJournal(laptop, server.origin);
    const start = await journalText(laptop);
    await expect(answerBox(laptop)).toHaveValue(start);
    const words = ' and then, halfway through a sentence';
    await typeAtEnd(laptop, words);
    // No pause, no button: the tab is closed at once.
    await laptop.close({ runBeforeUnload: true });

    laptop = await newLaptopTab();
    await openJournal(laptop, server.origin);
    await expect(answerBox(laptop)).toHaveValue(start + words);
    await poll(() => journalText(laptop)).toBe(start + words);
  });

  test('closing the page mid-sentence while offline keeps the words on this device; online, the server gets them', async () => {
    await openJournal(laptop, server.origin);
    const start = await journalText(laptop);
    await expect(answerBox(laptop)).toHaveValue(start);
    await expectSaveStatus(laptop, 'Saved as you write');
    await laptopContext.setOffline(true);
    const words = ' written on a train without a network';
    await typeAtEnd(laptop, words);
    await laptop.close({ runBeforeUnload: true });

    // Still offline: the service worker serves the app, the draft kept on this device opens.
    laptop = await newLaptopTab();
    await openJournal(laptop, server.origin);
    await expect(answerBox(laptop)).toHaveValue(start + words);
    await expectSaveStatus(laptop, 'Offline — saved on this device, will sync');
    await shot(laptop, 'editor-offline-desktop');
    await expectNoAxeViolations(laptop, 'the journal entry, offline');
    // The words count as text: Done is ready to finish the entry.
    await expect(laptop.getByRole('button', { name: 'Done', exact: true })).not.toHaveAttribute(
      'aria-disabled',
    );
    // (Whether the closing page's own save got out before the network went is up to the
    // browser: what matters is that the reopened editor, still offline, has the words.)

    await laptopContext.setOffline(false);
    await poll(() => journalText(phone)).toBe(start + words);
    await expectSaveStatus(laptop, 'Saved');
  });

  test('shows no unexpected console errors on either device', () => {
    for (const list of errors) expect(unexpected(list)).toEqual([]);
  });
});
