import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailCatcher, resetLinkIn, startMailCatcher } from '../support/mail-catcher.ts';
import { DESKTOP, launchBrowser, PHONE, watchPageErrors } from './support/browser.ts';
import { call, keepRecoveryCodes, reflectState, settle, unnamedControls } from './support/page.ts';
import { type RunningServer, startServer } from './support/server.ts';

// Issue 12, "always a way back in", as a person lives it: a reset link by e-mail through a real
// SMTP server the spec starts; recovery codes when the server sends no mail; and the passcode as
// a real lock — never kept in clear, slower after wrong codes, and "Forgot passcode?".

const PASSWORD = 'correct horse battery';
const SHOTS = '/tmp/h12-recovery-shots';

type Saved = { state: { user: { _id: string; name: string; code: unknown } } };

/** expect.poll with the same patience as the page's own waits. */
function poll<T>(read: () => Promise<T> | T) {
  return expect.poll(read, { timeout: 15_000 });
}

/** A full-page screenshot at phone and at desktop width, for a person to look at. */
async function shots(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await settle(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}-360.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
  await settle(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize(PHONE);
}

/** Console errors other than the browser's note of a refused call (provoked on purpose). */
function unexpected(errors: readonly string[]): string[] {
  return errors.filter(
    (e) => !/^Failed to load resource: the server responded with a status of 4\d\d\b/.test(e),
  );
}

const status = (page: Page) => page.locator('.status-region');
const alertText = async (page: Page) =>
  ((await page.locator('main [role="alert"]').first().textContent()) ?? '').trim();

async function waitForUser(page: Page): Promise<void> {
  await poll(async () => (await reflectState<Saved>(page))?.state.user._id ?? '').toMatch(
    /^[A-Za-z0-9_-]{20,}$/,
  );
}

async function signUp(page: Page, origin: string, name: string): Promise<void> {
  await page.goto(`${origin}/login?mode=signup`);
  await waitForUser(page);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Email').fill(`${name.toLowerCase()}@example.com`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await page.waitForURL(`${origin}/`);
}

async function signIn(page: Page, origin: string, name: string, password: string) {
  await page.goto(`${origin}/login`);
  await page.getByLabel('Name or email').fill(name);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

function browserPages(getBrowser: () => Browser) {
  const contexts: BrowserContext[] = [];
  return {
    async open() {
      const context = await getBrowser().newContext({
        viewport: PHONE,
        reducedMotion: 'reduce',
        acceptDownloads: true,
      });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return { page, errors: watchPageErrors(page) };
    },
    async closeAll() {
      for (const context of contexts) await context.close();
    },
  };
}

describe('forgot password: a reset link by e-mail', () => {
  let mail: MailCatcher;
  let server: RunningServer;
  let browser: Browser;
  const pages = browserPages(() => browser);

  beforeAll(async () => {
    mail = await startMailCatcher();
    [server, browser] = await Promise.all([
      startServer({ SMTP_URL: mail.url, MAIL_FROM: 'Müse <no-reply@muse.example>' }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await pages.closeAll();
    await browser?.close();
    await server?.stop();
    await mail?.close();
  });

  it('mails a link that sets a new password once and signs every other device out', async () => {
    const first = await pages.open();
    await signUp(first.page, server.origin, 'Grace');
    // With e-mail there are no recovery codes to keep.
    await poll(() => status(first.page).textContent()).toBe('Account created');
    expect(await first.page.getByRole('dialog', { name: 'Your recovery codes' }).count()).toBe(0);

    const { page, errors } = await pages.open();
    await page.goto(`${server.origin}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(`${server.origin}/forgot-password`);
    await poll(() => page.title()).toBe('Müse | Forgot password');
    const send = page.getByRole('button', { name: 'Send reset link' });
    // Greyed out (aria-disabled), yet pressing it says what is missing.
    expect(await send.getAttribute('aria-disabled')).toBe('true');
    await send.press('Enter');
    expect(await alertText(page)).toBe('Please enter your name or email');
    await shots(page, 'forgot-password-email');
    expect(await unnamedControls(page)).toEqual([]);

    await page.getByLabel('Name or email').fill('grace@example.com');
    await send.click();
    await page.getByText(/a link to choose a new password is on its way/).waitFor();
    await shots(page, 'forgot-password-email-sent');

    const message = await mail.waitFor('grace@example.com');
    expect(message.subject).toBe('Reset your Müse password');
    const link = resetLinkIn(message);
    expect(link.origin).toBe(server.origin);

    await page.goto(link.toString());
    await page.getByRole('heading', { name: 'New password' }).waitFor();
    const save = page.getByRole('button', { name: 'Save new password' });
    await page.getByLabel('New password', { exact: true }).fill('short');
    await save.press('Enter');
    expect(await alertText(page)).toBe('Passwords are at least 8 characters');
    await shots(page, 'reset-password');
    expect(await unnamedControls(page)).toEqual([]);
    await page.getByLabel('New password', { exact: true }).fill('a brand new password');
    await save.click();
    await page.waitForURL(`${server.origin}/login`);
    await poll(() => status(page).textContent()).toBe('Password changed: please sign in');

    await signIn(page, server.origin, 'Grace', PASSWORD);
    await poll(() => alertText(page)).toBe('Sorry, password does not match');
    await signIn(page, server.origin, 'Grace', 'a brand new password');
    await page.waitForURL(`${server.origin}/`);
    // The device that was signed in before the reset is signed out.
    await expect(call(first.page, '/api/user')).rejects.toThrow(/401/);

    // The link works once.
    const again = await pages.open();
    await again.page.goto(link.toString());
    await again.page.getByLabel('New password', { exact: true }).fill('yet another password');
    await again.page.getByRole('button', { name: 'Save new password' }).click();
    await poll(() => alertText(again.page)).toBe(
      'This reset link has expired or was already used: ask for a new one',
    );
    await again.page.getByRole('link', { name: 'Ask for a new link' }).waitFor();
    await shots(again.page, 'reset-password-used');
    expect(unexpected(errors)).toEqual([]);
    expect(unexpected(again.errors)).toEqual([]);
  });

  it('says a link without its token is not complete', async () => {
    const { page } = await pages.open();
    await page.goto(`${server.origin}/reset-password`);
    await page.getByText('This reset link is not complete.').waitFor();
    expect(await page.getByRole('button', { name: 'Save new password' }).count()).toBe(0);
  });
});

describe('recovery codes and the passcode, on a server without e-mail', () => {
  let server: RunningServer;
  let browser: Browser;
  const pages = browserPages(() => browser);
  let ada: { page: Page; errors: string[] };
  let codes: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    ada = await pages.open();
  });
  afterAll(async () => {
    await pages.closeAll();
    await browser?.close();
    await server?.stop();
  });

  it('shows 8 recovery codes once at sign-up', async () => {
    const { page } = ada;
    await page.goto(`${server.origin}/login?mode=signup`);
    await waitForUser(page);
    await page.getByLabel('Name', { exact: true }).fill('Ada');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Your recovery codes' });
    await dialog.waitFor();
    await shots(page, 'recovery-codes-dialog');
    expect(await unnamedControls(page)).toEqual([]);
    codes = await keepRecoveryCodes(page);
    expect(codes).toHaveLength(8);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Shown once: not kept on the device.
    const saved = await page.evaluate(() => JSON.stringify(localStorage));
    for (const code of codes) expect(saved).not.toContain(code);
  });

  it('makes new codes in settings after the password; the old ones stop working', async () => {
    const { page } = ada;
    await page.goto(`${server.origin}/userSettings`);
    const section = page.getByRole('region', { name: 'Recovery codes' });
    await section.getByLabel('Your password').fill('not my password');
    await section.getByRole('button', { name: 'Make new codes' }).click();
    await poll(() => section.getByRole('alert').textContent()).toBe(
      'Sorry, password does not match',
    );
    await shots(page, 'settings-recovery-codes');
    await section.getByLabel('Your password').fill(PASSWORD);
    await section.getByRole('button', { name: 'Make new codes' }).click();
    const old = codes;
    codes = await keepRecoveryCodes(page);
    expect(codes).toHaveLength(8);
    expect(codes.filter((code) => old.includes(code))).toEqual([]);

    const { page: other, errors } = await pages.open();
    await other.goto(`${server.origin}/login`);
    await other.getByRole('link', { name: 'Forgot password?' }).click();
    const form = other.getByRole('form', { name: 'Choose a new password' });
    await form.waitFor();
    await form.getByLabel('Name or email').fill('Ada');
    await form.getByLabel('Recovery code').fill(old[0] ?? '');
    await form.getByLabel('New password', { exact: true }).fill('via an old code');
    await form.getByRole('button', { name: 'Set new password' }).click();
    await poll(() => alertText(other)).toBe('Sorry, that recovery code does not match');
    await shots(other, 'forgot-password-code');
    expect(await unnamedControls(other)).toEqual([]);
    expect(unexpected(errors)).toEqual([]);
  });

  it('sets a new password with a code, once; the name is filled in to sign in', async () => {
    const { page, errors } = await pages.open();
    await page.goto(`${server.origin}/forgot-password`);
    const form = page.getByRole('form', { name: 'Choose a new password' });
    await form.getByLabel('Name or email').fill('ada@example.com');
    await form.getByLabel('Recovery code').fill((codes[2] ?? '').toUpperCase());
    await form.getByLabel('New password', { exact: true }).fill('recovered password');
    await form.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL(`${server.origin}/login`);
    await poll(() => status(page).textContent()).toBe('Password changed: please sign in');
    expect(await page.getByLabel('Name or email').inputValue()).toBe('ada@example.com');
    await page.getByLabel('Password').fill('recovered password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${server.origin}/`);
    // Ada's first device was signed out by the recovery.
    await expect(call(ada.page, '/api/user')).rejects.toThrow(/401/);

    const again = await pages.open();
    await again.page.goto(`${server.origin}/forgot-password`);
    const second = again.page.getByRole('form', { name: 'Choose a new password' });
    await second.getByLabel('Name or email').fill('Ada');
    await second.getByLabel('Recovery code').fill(codes[2] ?? '');
    await second.getByLabel('New password', { exact: true }).fill('second time lucky');
    await second.getByRole('button', { name: 'Set new password' }).click();
    await poll(() => alertText(again.page)).toBe('Sorry, that recovery code does not match');
    expect(unexpected(errors)).toEqual([]);
    ada = { page, errors };
  });

  it('keeps the passcode out of every response and the saved state; wrong codes slow down', async () => {
    const { page, errors } = ada;
    const bodies: string[] = [];
    page.on('response', async (response) => {
      if (!response.url().includes('/api/')) return;
      bodies.push(await response.text().catch(() => ''));
    });
    await page.goto(`${server.origin}/userSettings`);
    await page.getByRole('region', { name: 'Passcode' }).getByLabel('Passcode').fill('4721');
    await page.getByRole('button', { name: 'Set passcode' }).click();
    await poll(() => status(page).textContent()).toBe('Passcode set');
    await poll(async () =>
      JSON.stringify((await reflectState<Saved>(page))?.state.user.code),
    ).toContain('PBKDF2-SHA256');
    const lock = (await reflectState<Saved>(page))?.state.user.code;
    expect(lock).toMatchObject({ algorithm: 'PBKDF2-SHA256' });

    // The page's clock is the test's to stop, so a wait lasts while it is looked at.
    await page.clock.install();
    await page.reload();
    const dialog = page.getByRole('dialog', { name: 'Enter your passcode' });
    await dialog.waitFor();
    const code = dialog.getByLabel('Passcode');
    const wait = dialog.getByRole('status');
    for (let miss = 1; miss <= 2; miss += 1) {
      await code.pressSequentially('1111');
      await poll(() => dialog.getByRole('alert').textContent()).toBe('Passcode does not match');
      await poll(() => code.inputValue()).toBe('');
      expect(await wait.textContent()).toBe('');
    }
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 10);
    await code.pressSequentially('1111');
    await poll(() => wait.textContent()).toBe('Take a breath: you can try again in 1\u00a0s.');
    expect(await dialog.getByRole('alert').textContent()).toBe('Passcode does not match');
    // While it waits, typing does nothing.
    await code.pressSequentially('4721');
    expect(await code.inputValue()).toBe('');
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('alert').textContent()).toBe('Passcode does not match');
    await shots(page, 'passcode-backoff');
    await page.clock.resume();
    await poll(() => wait.textContent()).toBe('');
    // The fourth miss waits twice as long.
    await code.pressSequentially('2222');
    await poll(() => wait.textContent()).toBe('Take a breath: you can try again in 2\u00a0s.');
    await poll(() => wait.textContent()).toBe('');
    await code.pressSequentially('4721');
    await poll(() => dialog.isVisible()).toBe(false);
    await poll(() => status(page).textContent()).toBe('Success');

    await poll(() => bodies.some((body) => body.includes('"PBKDF2-SHA256"'))).toBe(true);
    for (const body of bodies) expect(body).not.toContain('4721');
    const saved = await page.evaluate(() => JSON.stringify(localStorage));
    expect(saved).not.toContain('4721');
    expect(unexpected(errors)).toEqual([]);
  });

  it('"Forgot passcode?" signs out; the password login then removes the passcode', async () => {
    const { page, errors } = ada;
    await page.goto(`${server.origin}/userProfile`);
    const dialog = page.getByRole('dialog', { name: 'Enter your passcode' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Forgot passcode?' }).click();
    await dialog.getByText('Sign out of this device, then sign in with your password').waitFor();
    await shots(page, 'passcode-forgot');
    await dialog.getByRole('button', { name: 'Sign out and sign in' }).click();
    await page.waitForURL(`${server.origin}/login?passcode=forgotten`);
    await poll(() => dialog.isVisible()).toBe(false);
    await page.getByText('your forgotten passcode is then removed').waitFor();
    await poll(async () => (await reflectState<Saved>(page))?.state.user.name).toBe('');
    await shots(page, 'login-passcode-forgotten');

    await page.getByLabel('Name or email').fill('Ada');
    await page.getByLabel('Password').fill('recovered password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${server.origin}/`);
    await poll(() => status(page).textContent()).toBe('Passcode removed');
    await poll(async () => (await reflectState<Saved>(page))?.state.user.code).toBeNull();
    expect((await call<Saved['state']>(page, '/api/user')).user.code).toBeNull();
    await page.reload();
    await page.locator('main').waitFor();
    expect(await dialog.isVisible()).toBe(false);
    expect(unexpected(errors)).toEqual([]);
  });
});
