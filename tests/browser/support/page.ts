import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { capture, DESKTOP, PHONE, SCREENSHOTS } from './browser.ts';

// What several browser specs ask of a page: its saved state, a call with its session cookie,
// a settled screen, a downloaded file.

/** The page's `reflect-state` in localStorage, parsed; null when nothing is saved yet. */
export async function reflectState<T>(page: Page): Promise<T | null> {
  const raw = await page.evaluate(() => localStorage.getItem('reflect-state'));
  return raw ? (JSON.parse(raw) as T) : null;
}

/** A JSON POST from the page, with its session cookie; anything but a 2xx throws. */
export async function call<T>(page: Page, path: string, body: unknown = {}): Promise<T> {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    { path, body },
  ) as Promise<T>;
}

/** Waits until no CSS animation is running, so a screenshot shows the settled screen. */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

/**
 * Screenshots of the page as it is, at phone and desktop width in the light and dark themes,
 * as `{dir}/{project}/{name}-{phone|desktop}-{light|dark}.png`, for a person to look at; the page is left
 * at phone width in the light theme.
 */
export async function screenshotEveryWay(
  page: Page,
  dir: string,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (!SCREENSHOTS) {
    // Left as it would be after the pictures.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(PHONE);
    return;
  }
  // One folder per Playwright project: the @layout tests run in both, perhaps at once.
  const folder = path.join(dir, test.info().project.name);
  fs.mkdirSync(folder, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [label, size] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      await page.setViewportSize(size);
      await settle(page);
      await capture(page, { path: `${folder}/${name}-${label}-${scheme}.png`, ...options });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(PHONE);
}

/** Runs `trigger`, waits for the download it starts, and returns its file name and text. */
export async function download(page: Page, trigger: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), trigger()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: fs.readFileSync(path, 'utf8') };
}

/**
 * After a sign-up on a server without e-mail, the recovery codes show once in a dialog
 * (decision 014): reads them and closes it with "I have saved them".
 */
export async function keepRecoveryCodes(page: Page): Promise<string[]> {
  const dialog = page.getByRole('dialog', { name: 'Your recovery codes' });
  await dialog.waitFor();
  const codes = await dialog
    .getByRole('list', { name: 'Recovery codes' })
    .locator('li')
    .allTextContents();
  await dialog.getByRole('button', { name: 'I have saved them' }).click();
  await dialog.waitFor({ state: 'hidden' });
  return codes;
}

/**
 * Waits until the page's person exists on the server too: their id is in reflect-state and the
 * session cookie that `/api/user/create` sets is in the browser. The id is saved before that
 * answer, so an API call made as soon as the id shows, or a navigation that cuts the answer off
 * (the next page then meets a 401 for the saved id), fails on a busy machine. Returns the id.
 */
export async function waitForSession(page: Page): Promise<string> {
  const id = async () =>
    (await reflectState<{ state: { user: { _id: string } } }>(page))?.state.user._id ?? '';
  await expect.poll(id).not.toBe('');
  await expect
    .poll(async () => (await page.context().cookies()).some((c) => c.name === 'muse_session'))
    .toBe(true);
  return id();
}

/**
 * Opens `url` as a first-time visitor and waits for `/api/user/create` to answer: that answer
 * sets the session cookie. The new user's id is in reflect-state before it, so an API call made
 * as soon as the id shows can meet a 401 on a busy machine.
 */
export async function openAsNewVisitor(page: Page, url: string): Promise<void> {
  const created = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/user/create' && response.ok(),
  );
  await page.goto(url);
  await created;
}

/**
 * Opens My answers' search and filters where they fold behind "Filter" (on a phone, issue 35),
 * as a person would; on a wide screen they are open already. The list must be on the page.
 */
export async function openAnswerFilters(page: Page): Promise<void> {
  const filter = page.getByRole('button', { name: /^Filter/ });
  const box = page.getByRole('searchbox', { name: 'Search your answers' });
  await expect(filter.or(box).first()).toBeVisible();
  if ((await filter.isVisible()) && (await filter.getAttribute('aria-expanded')) === 'false') {
    await filter.click();
  }
  await expect(box).toBeVisible();
}
