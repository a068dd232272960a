import { randomUUID } from 'node:crypto';
import { type Browser, expect, type Page } from '@playwright/test';
import { watchPageErrors } from './browser.ts';
import { keepRecoveryCodes, reflectState, waitForSession } from './page.ts';

// The people of the world specs: some are made through the API from Node (their own session
// cookie, no browser) when what they do is not the test's subject; the ones the test follows
// sign up through the form, as a person would.

export const PASSWORD = 'a long enough password';

export type ApiUser = {
  id: string;
  name: string;
  post: <T>(path: string, body: unknown) => Promise<T>;
};

/** A named user made through the API from Node, with its own cookie jar of one cookie. */
export async function apiUser(origin: string, name: string): Promise<ApiUser> {
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
    user: { _id: id, name, email: `${name.toLowerCase()}@example.com`, password: PASSWORD },
  });
  return { id, name, post };
}

export type ShareOptions = {
  text: string;
  promptTitle: string;
  /** A library prompt's id; none for a free-standing answer. */
  promptId?: string | null;
  anonymous?: boolean;
  /** The answer's id; a fresh one when not given. */
  id?: string;
};

/** Saves one answer for an API user and shares it; returns the answer's id. */
export async function shareAnswer(user: ApiUser, options: ShareOptions): Promise<string> {
  const _id = options.id ?? randomUUID().replaceAll('-', '');
  const stamp = new Date().toISOString();
  await user.post('/api/answer/save', {
    answer: {
      _id,
      prompt_id: options.promptId ?? null,
      prompt_title: options.promptTitle,
      text: options.text,
      answered: stamp,
      modified: stamp,
    },
  });
  await user.post('/api/answer/share', {
    answer_id: _id,
    anonymous: options.anonymous ?? false,
    user_id: user.id,
  });
  return _id;
}

type Saved = { state: { user: { _id: string; name: string } } };

/** The user this device has saved (written at most once a second, SPEC §3); null before. */
export async function savedUser(page: Page): Promise<{ _id: string; name: string } | null> {
  return (await reflectState<Saved>(page))?.state.user ?? null;
}

/**
 * Signs the page's own anonymous user up through the form at /login?mode=signup, which must be
 * open, keeps the recovery codes it is shown, and waits until the device has saved the name.
 */
export async function signUpThroughForm(page: Page, name: string): Promise<void> {
  // The first visit's anonymous user must exist first, and its session with it: signing up
  // names that user. The id is saved before /api/user/create has set the cookie.
  await expect.poll(async () => (await savedUser(page))?._id ?? '').not.toBe('');
  await expect
    .poll(async () => (await page.context().cookies()).some((c) => c.name === 'muse_session'))
    .toBe(true);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Email').fill(`${name.toLowerCase()}@example.com`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await keepRecoveryCodes(page);
  await expect.poll(async () => (await savedUser(page))?.name).toBe(name);
}

/**
 * Another device of `name`'s: a new browser context at phone size, signed in through the login
 * form; its page's console errors are collected in `errors`.
 */
export async function signInOnNewDevice(
  browser: Browser,
  origin: string,
  name: string,
  password = PASSWORD,
) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await page.goto(`${origin}/login`);
  await waitForSession(page);
  await page.getByLabel('Name or email').fill(name);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect.poll(async () => (await savedUser(page))?.name).toBe(name);
  return { context, page, errors };
}
