import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, screenshot, watchPageErrors } from './support/browser.ts';
import { call, reflectState, settle, unnamedControls } from './support/page.ts';
import { type RunningServer, startServer } from './support/server.ts';

// Issue 17 C: finding your own words on /past — whole words, simple forms, titles and
// categories, a date range and a category, the match in <mark>.

const shotsDir = '/tmp/h17-api-shots';

describe('searching my answers', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('finds words, not fragments, narrows by day and category, and marks the match', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${server.origin}/home`);
    await expect
      .poll(
        async () =>
          (await reflectState<{ state: { user: { _id: string } } }>(page))?.state.user._id,
      )
      .toBeTruthy();
    const save = (id: string, title: string, text: string, day: string, categories: string[]) =>
      call(page, '/api/answer/save', {
        answer: {
          _id: id,
          prompt_id: null,
          prompt_title: title,
          text,
          categories,
          answered: `${day}T12:00:00.000Z`,
          modified: `${day}T12:00:00.000Z`,
        },
      });
    await save('river1', 'A quiet place', 'We sat by the rivers until dark.', '2026-03-02', [
      'Nature',
    ]);
    await save('bus1', 'Who helped you?', 'The bus driver waited for me.', '2026-03-04', [
      'People',
    ]);
    await save('river2', 'Water', 'Another river, another year.', '2025-07-10', ['Travel']);
    await page.goto(`${server.origin}/past`);
    const cards = page.locator('.answer-card');
    await expect.poll(() => cards.count()).toBe(3);

    const box = page.getByRole('searchbox', { name: 'Search your answers' });
    await box.fill('river');
    await expect.poll(() => cards.count()).toBe(2);
    expect(await page.getByText('bus driver').count()).toBe(0);
    expect(await page.locator('.answer-card mark').allTextContents()).toEqual(['rivers', 'river']);
    await expect.poll(() => page.getByText('2 of 3 answers').count()).toBe(1);

    await page.getByLabel('From').fill('2026-01-01');
    await expect.poll(() => cards.count()).toBe(1);
    expect(await cards.first().textContent()).toContain('until dark');

    await page.getByLabel('From').fill('');
    await box.fill('');
    await page.getByLabel('Category').selectOption('People');
    await expect.poll(() => cards.count()).toBe(1);
    expect(await cards.first().textContent()).toContain('bus driver');
    await page.getByLabel('Category').selectOption('');
    await box.fill('helped');
    await expect.poll(() => cards.count()).toBe(1);
    expect(await page.locator('.answer-card mark').allTextContents()).toEqual(['helped']);

    await box.fill('rivers');
    await expect.poll(() => cards.count()).toBe(2);
    expect(await unnamedControls(page)).toEqual([]);
    fs.mkdirSync(shotsDir, { recursive: true });
    for (const [label, size] of [
      ['360', PHONE],
      ['1280', DESKTOP],
    ] as const) {
      await page.setViewportSize(size);
      await settle(page);
      const file = await screenshot(page, `past-search-${label}`);
      fs.copyFileSync(file, path.join(shotsDir, path.basename(file)));
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
