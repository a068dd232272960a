import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, watchPageErrors } from './support/browser.ts';
import { call, reflectState, settle } from './support/page.ts';
import { type RunningServer, startServer } from './support/server.ts';

// Issue 12 "Trust: nothing lost between devices" (decision 013), as the reviewer found it: one
// account on a laptop and a phone, today's journal entry written on both. Nothing either device
// wrote may disappear without the person seeing both texts.

const NAME = 'Sync Person';
const PASSWORD = 'two devices, one journal';
const SHOTS = '/tmp/h12-sync-shots';

type ServerAnswer = { _id: string; text: string; revision: number; prompt_id: string | null };
type Saved = { state: { user: { _id: string; name: string } } };

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

async function openJournal(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/`);
  await page.getByRole('link', { name: 'Journal', exact: true }).click();
  await page.waitForURL(`${origin}/answer/journal`);
  await page.getByLabel('Your answer').waitFor();
}

/** Types at the end of the answer, as a person would after clicking into it. */
async function typeAtEnd(page: Page, text: string): Promise<void> {
  const box = page.getByLabel('Your answer');
  await expect.poll(() => box.getAttribute('readonly')).toBeNull();
  await box.focus();
  await box.press('ControlOrMeta+End');
  await box.pressSequentially(text);
}

describe('sync: nothing is lost between a laptop and a phone', () => {
  let server: RunningServer;
  let browser: Browser;
  let laptopContext: BrowserContext;
  let phoneContext: BrowserContext;
  let laptop: Page;
  let phone: Page;
  const errors: string[][] = [];

  const A = 'Morning on the laptop: coffee and a long list.';
  const B = ' Evening on the phone: the list was too long.';

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    laptopContext = await browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' });
    phoneContext = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
    laptop = await laptopContext.newPage();
    phone = await phoneContext.newPage();
    for (const page of [laptop, phone]) {
      page.setDefaultTimeout(10_000);
      errors.push(watchPageErrors(page));
    }
  });
  afterAll(async () => {
    await laptopContext?.close();
    await phoneContext?.close();
    await browser?.close();
    await server?.stop();
  });

  it('signs up on the laptop and signs in on the phone', async () => {
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
      await expect.poll(async () => (await reflectState<Saved>(page))?.state.user.name).toBe(NAME);
    }
  });

  it('saves as the person writes, and says so beside the editor', async () => {
    await openJournal(laptop, server.origin);
    const status = laptop.locator('.save-status');
    await typeAtEnd(laptop, A);
    await expect.poll(() => status.textContent()).toBe('Saving…');
    // No Next, no Done, no leaving: the pause alone saves it.
    await expect.poll(() => journalText(laptop)).toBe(A);
    await expect.poll(() => status.textContent()).toBe('Saved');
    expect(await status.getAttribute('aria-live')).toBe('polite');
    await laptop.screenshot({ path: `${SHOTS}/editor-saved-desktop.png` });
    // The laptop leaves the entry; its copy of it (A) is now what goes stale.
    await laptop.getByRole('link', { name: 'Back to categories' }).click();
    await laptop.waitForURL(`${server.origin}/`);
  });

  it("the reviewer's case: the laptop reopens today's journal and sees the phone's words; leaving writes nothing", async () => {
    // The phone adds B to today's entry.
    await openJournal(phone, server.origin);
    await expect.poll(() => phone.getByLabel('Your answer').inputValue()).toBe(A);
    await typeAtEnd(phone, B);
    await expect.poll(() => journalText(phone)).toBe(A + B);
    await phone.screenshot({ path: `${SHOTS}/editor-saved-phone.png` });
    const [afterPhone] = await journalOnServer(phone);

    // The laptop never reloaded: its app state still holds A. Opening shows the server's text.
    const saves: string[] = [];
    laptop.on('request', (request) => {
      if (request.url().endsWith('/api/answer/save')) saves.push(request.postData() ?? '');
    });
    await laptop.getByRole('link', { name: 'Journal', exact: true }).click();
    await laptop.waitForURL(`${server.origin}/answer/journal`);
    await expect.poll(() => laptop.getByLabel('Your answer').inputValue()).toBe(A + B);

    // Back without typing, then a reload (the page-hide hooks run): nothing was sent.
    await laptop.getByRole('link', { name: 'Back to categories' }).click();
    await laptop.waitForURL(`${server.origin}/`);
    await laptop.reload();
    await laptop.getByRole('link', { name: 'Journal', exact: true }).waitFor();
    expect(saves).toEqual([]);
    const [now] = await journalOnServer(laptop);
    expect(now).toEqual(afterPhone);
    expect(now?.text).toBe(A + B);
  });

  it('a real conflict shows both texts, and "Keep both" keeps both', async () => {
    // Both devices have today's entry open at the same version.
    await openJournal(laptop, server.origin);
    await expect.poll(() => laptop.getByLabel('Your answer').inputValue()).toBe(A + B);
    await openJournal(phone, server.origin);
    await expect.poll(() => phone.getByLabel('Your answer').inputValue()).toBe(A + B);

    const L = ' Laptop, later: cross three things off.';
    const P = ' Phone, later: keep only three things.';
    await typeAtEnd(laptop, L);
    await expect.poll(() => journalText(laptop)).toBe(A + B + L);
    await typeAtEnd(phone, P); // written from the version before the laptop's

    const dialog = phone.getByRole('alertdialog', {
      name: 'This answer was changed on another device',
    });
    await dialog.waitFor();
    const mine = dialog.getByRole('region', { name: 'Your text on this device' });
    const theirs = dialog.getByRole('region', { name: 'The text from the other device' });
    expect(await mine.textContent()).toContain(A + B + P);
    expect(await theirs.textContent()).toContain(A + B + L);
    // Nothing was overwritten while the person decides.
    expect(await journalText(phone)).toBe(A + B + L);
    await settle(phone);
    await phone.screenshot({ path: `${SHOTS}/conflict-phone.png` });

    await dialog.getByRole('button', { name: 'Keep both', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    const both = A + B + L + P;
    await expect.poll(() => phone.getByLabel('Your answer').inputValue()).toBe(both);
    await expect.poll(() => journalText(phone)).toBe(both);
    await expect.poll(() => phone.locator('.save-status').textContent()).toBe('Saved');
  });

  it('"Keep mine" and "Keep theirs" each keep the chosen text', async () => {
    // The laptop's editor is still open from before the phone's choice: its base is stale.
    const before = await journalText(laptop);
    await typeAtEnd(laptop, ' Mine.');
    const dialog = laptop.getByRole('alertdialog', {
      name: 'This answer was changed on another device',
    });
    await dialog.waitFor();
    await settle(laptop);
    await laptop.screenshot({ path: `${SHOTS}/conflict-desktop.png` });
    await dialog.getByRole('button', { name: 'Keep mine', exact: true }).click();
    const mine = `${before.slice(0, before.length - ' Phone, later: keep only three things.'.length)} Mine.`;
    await expect.poll(() => journalText(laptop)).toBe(mine);
    await expect.poll(() => laptop.getByLabel('Your answer').inputValue()).toBe(mine);

    // Now the phone's editor is the stale one; it chooses the laptop's text.
    await typeAtEnd(phone, ' Not this.');
    const phoneDialog = phone.getByRole('alertdialog', {
      name: 'This answer was changed on another device',
    });
    await phoneDialog.getByRole('button', { name: 'Keep theirs', exact: true }).click();
    await expect.poll(() => phone.getByLabel('Your answer').inputValue()).toBe(mine);
    await expect.poll(() => journalText(phone)).toBe(mine);
  });

  it("an open editor nobody typed in takes the other device's words when its tab is seen again", async () => {
    // Both editors are still open; the phone writes on.
    const before = await journalText(phone);
    const more = ' The phone, once more.';
    await typeAtEnd(phone, more);
    await expect.poll(() => journalText(phone)).toBe(before + more);
    expect(await laptop.getByLabel('Your answer').inputValue()).toBe(before);
    // The person turns back to the laptop's tab.
    await laptop.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect.poll(() => laptop.getByLabel('Your answer').inputValue()).toBe(before + more);
  });

  it('closing the page mid-sentence loses nothing: on this device and on the server', async () => {
    await openJournal(laptop, server.origin);
    const start = await laptop.getByLabel('Your answer').inputValue();
    const words = ' and then, halfway through a sentence';
    await typeAtEnd(laptop, words);
    // No pause, no button: the tab is closed at once.
    await laptop.close({ runBeforeUnload: true });

    laptop = await laptopContext.newPage();
    laptop.setDefaultTimeout(10_000);
    errors.push(watchPageErrors(laptop));
    await openJournal(laptop, server.origin);
    await expect.poll(() => laptop.getByLabel('Your answer').inputValue()).toBe(start + words);
    await expect.poll(() => journalText(laptop)).toBe(start + words);
  });

  it('closing the page mid-sentence while offline keeps the words on this device; online, the server gets them', async () => {
    await openJournal(laptop, server.origin);
    const start = await laptop.getByLabel('Your answer').inputValue();
    await expect
      .poll(() => laptop.locator('.save-status').textContent())
      .toBe('Saved as you write');
    await laptopContext.setOffline(true);
    const words = ' written on a train without a network';
    await typeAtEnd(laptop, words);
    await laptop.close({ runBeforeUnload: true });

    // Still offline: the service worker serves the app, the draft kept on this device opens.
    laptop = await laptopContext.newPage();
    laptop.setDefaultTimeout(10_000);
    errors.push(watchPageErrors(laptop));
    await openJournal(laptop, server.origin);
    await expect.poll(() => laptop.getByLabel('Your answer').inputValue()).toBe(start + words);
    await expect
      .poll(() => laptop.locator('.save-status').textContent())
      .toBe('Offline — saved on this device, will sync');
    await laptop.screenshot({ path: `${SHOTS}/editor-offline-desktop.png` });
    // The words count as text: Done is ready to finish the entry.
    const done = laptop.getByRole('button', { name: 'Done', exact: true });
    expect(await done.getAttribute('aria-disabled')).toBeNull();
    // (Whether the closing page's own save got out before the network went is up to the
    // browser: what matters is that the reopened editor, still offline, has the words.)

    await laptopContext.setOffline(false);
    await expect.poll(() => journalText(phone)).toBe(start + words);
    await expect.poll(() => laptop.locator('.save-status').textContent()).toBe('Saved');
  });

  it('shows no unexpected console errors on either device', () => {
    for (const list of errors) expect(unexpected(list)).toEqual([]);
  });
});
