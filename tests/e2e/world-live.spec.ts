import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, screenshot, watchPageErrors } from './support/browser.ts';
import { call, reflectState, unnamedControls } from './support/page.ts';
import { type RunningServer, startServer } from './support/server.ts';

// The live world (decision 019): Ada and Bea both have /world open. Ada shares an answer
// anonymously; without reloading, Bea sees '1 new answer' above the list (the list itself does
// not move) and reveals it at the top. A love sent meanwhile changes the count in place.

const PASSWORD = 'a long enough password';

/** A named user made through the API from Node, with its own cookie jar of one cookie. */
async function apiUser(origin: string, name: string) {
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
  await post('/api/user/create', { user: { _id: id } });
  await post('/api/signup', {
    user: { _id: id, name, email: `${name.toLowerCase()}@example.com`, password: PASSWORD },
  });
  return { id, post };
}

function feedItem(page: Page, text: string): Locator {
  return page.locator('.feed-entry').filter({ hasText: text });
}

describe('the live world', () => {
  let server: RunningServer;
  let browser: Browser;
  let ada: BrowserContext;
  let bea: BrowserContext;
  let pageA: Page;
  let pageB: Page;
  let errorsA: string[];
  let errorsB: string[];
  const OLD_TEXT = 'Mornings by the harbour, before anyone is up';
  const NEW_TEXT = 'I finally said sorry, and it was easier than I feared';
  const FILLER =
    'A longer thought, so that the list is taller than a screen: the walk home, the light on ' +
    'the water, the people I passed and what I wondered about each of them.';
  let oldAnswerId = '';

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    [ada, bea] = await Promise.all([
      browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' }),
      browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' }),
    ]);
    [pageA, pageB] = await Promise.all([ada.newPage(), bea.newPage()]);
    pageA.setDefaultTimeout(10_000);
    pageB.setDefaultTimeout(10_000);
    errorsA = watchPageErrors(pageA);
    errorsB = watchPageErrors(pageB);
    // Something already in the world, shared by name.
    const cleo = await apiUser(server.origin, 'Cleo');
    oldAnswerId = `old${randomUUID().replaceAll('-', '')}`;
    await cleo.post('/api/answer/save', {
      answer: { _id: oldAnswerId, prompt_id: '', prompt_title: 'A quiet place', text: OLD_TEXT },
    });
    await cleo.post('/api/answer/share', { answer_id: oldAnswerId, anonymous: false });
    // Enough answers before it to scroll through.
    for (let i = 0; i < 5; i += 1) {
      const id = `more${i}${randomUUID().replaceAll('-', '')}`;
      await cleo.post('/api/answer/save', {
        answer: { _id: id, prompt_id: '', prompt_title: `Thought ${i + 1}`, text: FILLER },
      });
      await cleo.post('/api/answer/share', { answer_id: id, anonymous: false });
    }
  });
  afterAll(async () => {
    await ada?.close();
    await bea?.close();
    await browser?.close();
    await server?.stop();
  });

  it('shows Bea a share of Ada’s without a reload, behind a button, then at the top', async () => {
    // Ada signs up through the form, then both open the world.
    await pageA.goto(`${server.origin}/login?mode=signup`);
    await pageA.getByLabel('Name', { exact: true }).fill('Ada');
    await pageA.getByLabel('Email').fill('ada@example.com');
    await pageA.getByLabel('Password').fill(PASSWORD);
    await pageA.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect
      .poll(
        async () =>
          (await reflectState<{ state: { user: { name: string } } }>(pageA))?.state.user.name,
      )
      .toBe('Ada');
    await Promise.all([pageA.goto(`${server.origin}/world`), pageB.goto(`${server.origin}/world`)]);
    await feedItem(pageA, OLD_TEXT).waitFor();
    await feedItem(pageB, OLD_TEXT).waitFor();
    await screenshot(pageA, 'world-live-before-phone');
    // The streams are open before anything is shared.
    await expect.poll(() => liveStreams(server.origin)).toBe(2);
    // Ada is reading further down the list.
    await feedItem(pageA, OLD_TEXT).scrollIntoViewIfNeeded();
    const readingAt = await pageA.evaluate(() => window.scrollY);
    expect(readingAt).toBeGreaterThan(0);

    // Ada shares from her session (the share itself is the world spec's subject).
    const answerId = `new${randomUUID().replaceAll('-', '')}`;
    await call(pageA, '/api/answer/save', {
      answer: { _id: answerId, prompt_id: '', prompt_title: 'Something brave', text: NEW_TEXT },
    });
    await call(pageA, '/api/answer/share', { answer_id: answerId, anonymous: true });

    const button = pageB.getByRole('button', { name: '1 new answer' });
    await button.waitFor();
    // Waiting, not pushed under the reader's thumb: the list still starts with the old answer.
    expect(await feedItem(pageB, NEW_TEXT).count()).toBe(0);
    await expect
      .poll(() => pageB.locator('.feed-entry').first().textContent())
      .toContain('Thought 5');
    await screenshot(pageB, 'world-live-new-answer-desktop');
    const pill = pageA.getByRole('button', { name: '1 new answer' });
    await pill.waitFor();
    // Nothing moved under Ada's thumb, and the button floats where she can see it.
    expect(await pageA.evaluate(() => window.scrollY)).toBe(readingAt);
    const box = await pill.boundingBox();
    expect(box?.y).toBeGreaterThan(50);
    expect(box?.y).toBeLessThan(PHONE.height / 2);
    await pageA.screenshot({ path: `${screenshotDir()}/world-live-new-answer-scrolled-phone.png` });

    // A love sent elsewhere changes Cleo's count in place for both (Cleo's own love + Dee's).
    const dee = await apiUser(server.origin, 'Dee');
    await dee.post('/api/answer/like', { answer_id: oldAnswerId });
    await pageB.getByRole('button', { name: 'Love, 2 loves' }).waitFor();
    await pageA.getByRole('button', { name: 'Love, 2 loves' }).waitFor();

    await button.click();
    await expect.poll(() => pageB.locator('.feed-entry').first().textContent()).toContain(NEW_TEXT);
    await expect.poll(() => feedItem(pageB, NEW_TEXT).textContent()).toContain('Anonymous');
    await expect
      .poll(() => pageB.evaluate(() => document.activeElement?.className ?? ''))
      .toContain('feed-entry');
    expect(await pageB.getByRole('button', { name: /new answer/ }).count()).toBe(0);
    await screenshot(pageB, 'world-live-revealed-desktop');

    expect(await unnamedControls(pageA)).toEqual([]);
    expect(await unnamedControls(pageB)).toEqual([]);
    expect(errorsA).toEqual([]);
    expect(errorsB).toEqual([]);
  });
});

function screenshotDir(): string {
  return new URL('../../test-results/screenshots', import.meta.url).pathname;
}

async function liveStreams(origin: string): Promise<number> {
  const text = await (await fetch(`${origin}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('muse_live_streams '));
  return Number(line?.split(' ')[1] ?? 0);
}
