import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, screenshot, watchPageErrors } from './support/browser.ts';
import { call, reflectState, settle } from './support/page.ts';
import { type RunningServer, startServer } from './support/server.ts';

// Issue 16 "accessible by measurement": the dates' contrast, the flag button's name, the focus
// ring's contrast, focus after a client route change, the well-known files, and each start-up
// load asked of the server once.

const PASSWORD = 'a long enough password';
const shotsDir = '/tmp/h16-a11y-shots';

type Saved = { state: { user: { _id: string; name: string } } };

/** A named user made through the API from Node, with its own cookie. */
async function apiUser(origin: string, name: string) {
  let cookie = '';
  const post = async <T>(at: string, body: unknown): Promise<T> => {
    const response = await fetch(`${origin}${at}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    for (const header of response.headers.getSetCookie()) {
      if (header.startsWith('muse_session=')) cookie = header.split(';')[0] ?? '';
    }
    const data = (await response.json()) as T;
    if (!response.ok) throw new Error(`${at}: ${response.status} ${JSON.stringify(data)}`);
    return data;
  };
  const id = randomUUID().replaceAll('-', '');
  await post('/api/user/create', { user: { _id: id } });
  await post('/api/signup', {
    user: { _id: id, name, email: `${name.toLowerCase()}@example.com`, password: PASSWORD },
  });
  return { id, post };
}

/** Saves and shares one answer for an API user. */
async function shareOne(user: Awaited<ReturnType<typeof apiUser>>, text: string) {
  const _id = randomUUID().replaceAll('-', '');
  const stamp = new Date().toISOString();
  await user.post('/api/answer/save', {
    answer: {
      _id,
      prompt_id: null,
      prompt_title: `About ${text}`,
      text,
      answered: stamp,
      modified: stamp,
    },
  });
  await user.post('/api/answer/share', { answer_id: _id, anonymous: false, user_id: user.id });
}

/** Signs the page's own (anonymous) user up through /login, as a person would. */
async function signUp(page: Page, origin: string, name: string): Promise<void> {
  await page.goto(`${origin}/login?mode=signup`);
  await page.waitForFunction(() => {
    const raw = localStorage.getItem('reflect-state');
    return raw ? (JSON.parse(raw) as Saved).state?.user?._id !== '' : false;
  });
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Email').fill(`${name.toLowerCase()}@example.com`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await page.waitForFunction((name) => {
    const raw = localStorage.getItem('reflect-state');
    return raw ? (JSON.parse(raw) as Saved).state?.user?.name === name : false;
  }, name);
}

/**
 * WCAG contrast ratios, measured in the page: for each element, its colour (or `what`) against
 * the background it sits on (the nearest opaque background, semi-transparent ones blended in).
 */
function measure(page: Page, selector: string, what: 'color' | 'outlineColor') {
  return page.evaluate(
    ({ selector, what }) => {
      const parse = (css: string): number[] => {
        const m = css.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0, 0];
        return [m[0] ?? 0, m[1] ?? 0, m[2] ?? 0, m[3] ?? 1];
      };
      const over = (top: number[], below: number[]): number[] => {
        const a = top[3] ?? 1;
        return [0, 1, 2].map((i) => (top[i] ?? 0) * a + (below[i] ?? 0) * (1 - a)).concat(1);
      };
      const backgroundOf = (el: Element | null): number[] => {
        const layers: number[][] = [];
        for (let at = el; at; at = at.parentElement) {
          const bg = parse(getComputedStyle(at).backgroundColor);
          if ((bg[3] ?? 0) > 0) layers.push(bg);
          if ((bg[3] ?? 0) >= 1) break;
        }
        return layers.reduceRight((below, top) => over(top, below), [255, 255, 255, 1]);
      };
      const luminance = (c: number[]): number => {
        const [r, g, b] = c.slice(0, 3).map((v) => {
          const s = v / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
      };
      return [...document.querySelectorAll(selector)].map((el) => {
        const style = getComputedStyle(el);
        // A focus ring sits outside the element, on its parent's background.
        const bg = backgroundOf(what === 'outlineColor' ? el.parentElement : el);
        const fg = over(parse(style[what]), bg);
        const [hi, lo] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
        const ratio = ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
        return {
          text: (el.textContent ?? '').trim().slice(0, 30),
          ratio: Math.round(ratio * 100) / 100,
        };
      });
    },
    { selector, what },
  );
}

async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(shotsDir, { recursive: true });
  for (const [label, size] of [
    ['360', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await settle(page);
    const file = await screenshot(page, `a11y-${name}-${label}`);
    fs.copyFileSync(file, path.join(shotsDir, path.basename(file)));
  }
  await page.setViewportSize(PHONE);
}

describe('accessible by measurement', () => {
  let server: RunningServer;
  let browser: Browser;
  let ada: Awaited<ReturnType<typeof apiUser>>;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ada = await apiUser(server.origin, 'Adamant');
    await shareOne(ada, 'the sea in the morning');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('serves a real robots.txt and 404s the other well-known files instead of the app', async () => {
    const robots = await fetch(`${server.origin}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toContain('text/plain');
    const text = await robots.text();
    expect(text).toContain('User-agent: *');
    expect(text).toMatch(/^Disallow: \/api$/m);
    expect(text).not.toContain('<html');
    for (const at of [
      '/favicon.ico',
      '/sitemap.xml',
      '/.well-known/security.txt',
      '/.well-known/change-password',
      '/.well-known/apple-app-site-association',
    ]) {
      const response = await fetch(`${server.origin}${at}`);
      expect({ at, status: response.status }).toEqual({ at, status: 404 });
      expect(await response.text()).not.toContain('<html');
    }
  });

  it('asks the server for each start-up load once', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const counts = new Map<string, number>();
    page.on('request', (request) => {
      const at = new URL(request.url()).pathname;
      if (at.startsWith('/api/')) counts.set(at, (counts.get(at) ?? 0) + 1);
    });
    const count = (at: string) => counts.get(at) ?? 0;

    // A first visit: / sends the visitor to /home, which shows today's prompt and the world.
    await page.goto(`${server.origin}/`);
    await page.getByText('the sea in the morning').first().waitFor();
    await page.waitForLoadState('networkidle');
    await settle(page);
    expect(page.url()).toBe(`${server.origin}/home`);
    expect(count('/api/prompts/approved')).toBe(1);
    expect(count('/api/answer/shared')).toBe(1);
    expect(count('/api/prompt/today')).toBe(1);

    // A returning visitor opening /world directly.
    counts.clear();
    await page.goto(`${server.origin}/world`);
    await page.getByText('the sea in the morning').first().waitFor();
    await page.waitForLoadState('networkidle');
    await settle(page);
    expect(count('/api/prompts/approved')).toBe(1);
    expect(count('/api/answer/shared')).toBe(1);
    expect(count('/api/prompt/today')).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('moves focus to the new page’s heading after a route change, not on the first load', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${server.origin}/about`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await settle(page);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');

    await page.getByRole('link', { name: 'Privacy' }).first().click();
    await page.waitForURL(`${server.origin}/privacy`);
    await expect
      .poll(() =>
        page.evaluate(() => {
          const el = document.activeElement;
          return el
            ? `${el.tagName} ${el.getAttribute('tabindex')} ${el.closest('main') ? 'main' : ''}`
            : '';
        }),
      )
      .toBe('H1 -1 main');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      await page.getByRole('heading', { level: 1 }).textContent(),
    );
    await context.close();
  });

  describe.each(['light', 'dark'] as const)('in the %s theme', (scheme) => {
    let context: BrowserContext;
    let page: Page;
    let errors: string[];
    const name = `Bea${scheme}`;

    beforeAll(async () => {
      context = await browser.newContext({ viewport: PHONE, colorScheme: scheme });
      page = await context.newPage();
      errors = watchPageErrors(page);
      await signUp(page, server.origin, name);
    });
    afterAll(async () => {
      await context?.close();
    });

    it('names the flag button by what it shows: "Flag for review", then "Flagged"', async () => {
      await page.goto(`${server.origin}/world`);
      const item = page.locator('.feed-entry', { hasText: 'the sea in the morning' });
      await item.getByRole('button', { name: 'Flag for review' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Flag for review' });
      await confirm.getByRole('button', { name: 'Flag', exact: true }).click();
      const flagged = item.getByRole('button', { name: 'Flagged', exact: true });
      await flagged.waitFor();
      expect(await flagged.getAttribute('aria-pressed')).toBe('true');
      // The accessible name holds the visible label (WCAG 2.5.3 label in name).
      expect(await flagged.textContent()).toBe('Flagged');
      await shoot(page, `world-flagged-${scheme}`);
      await flagged.click();
      await item.getByRole('button', { name: 'Flag for review' }).waitFor();
      expect(errors).toEqual([]);
    });

    it('shows every date on /world, /shared, /past and the profiles at 4.5:1 or more', async () => {
      // Bea shares one of her own, so /shared, /past and her profile have dates too.
      const me = (await reflectState<Saved>(page))?.state.user._id ?? '';
      const _id = randomUUID().replaceAll('-', '');
      const stamp = new Date().toISOString();
      await call(page, '/api/answer/save', {
        answer: {
          _id,
          prompt_id: null,
          prompt_title: 'The garden',
          text: 'A note.',
          answered: stamp,
          modified: stamp,
        },
      });
      await call(page, '/api/answer/share', { answer_id: _id, anonymous: false, user_id: me });
      const dates =
        'main time, .feed-date, .answer-card-date, .shared-card-meta, .profile-since, .other-user-since';
      for (const at of ['/world', '/shared', '/past', '/userProfile', `/user/${ada.id}`]) {
        await page.goto(`${server.origin}${at}`);
        await page.locator(dates).first().waitFor();
        await settle(page);
        const measured = await measure(page, dates, 'color');
        expect(measured.length).toBeGreaterThan(0);
        expect({ at, low: measured.filter((m) => m.ratio < 4.5) }).toEqual({ at, low: [] });
      }
    });

    it('draws the focus ring at 3:1 or more against the page', async () => {
      for (const at of ['/', '/home', '/about', '/world', '/past']) {
        await page.goto(`${server.origin}${at}`);
        await page.locator('main').first().waitFor();
        await settle(page);
        const seen: { at: string; text: string; ratio: number }[] = [];
        for (let n = 0; n < 4; n++) {
          await page.keyboard.press('Tab');
          const found = await measure(page, ':focus-visible', 'outlineColor');
          for (const m of found) seen.push({ at, ...m });
        }
        expect(seen.length).toBeGreaterThan(0);
        expect(seen.filter((m) => m.ratio < 3)).toEqual([]);
        if (at === '/home') await shoot(page, `focus-ring-${scheme}`);
      }
    });
  });
});
