import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { DESKTOP, PHONE, screenshot, watchPageErrors } from './support/browser.ts';
import { call, openAnswerFilters, openAsNewVisitor, settle } from './support/page.ts';
import type { RunningServer } from './support/server.ts';
import { test } from './support/worker-server.ts';

// Issue 17 C: finding your own words on /past — whole words, simple forms, titles and
// categories, a date range and a category, the match in <mark>.

const shotsDir = '/tmp/h17-api-shots';

test.describe('searching my answers', () => {
  let server: RunningServer;

  test.beforeAll(async ({ server: shared }) => {
    server = shared;
  });

  test('finds words, not fragments, narrows by day and category, and marks the match', async ({
    page,
  }) => {
    const errors = watchPageErrors(page);
    // The answers are saved through the API, with the session the first visit starts.
    await openAsNewVisitor(page, `${server.origin}/home`);
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
    // One article per answer; the words that matched are marked (<mark>) inside them.
    const cards = page.getByRole('main').getByRole('article');
    // (The mark element: Playwright's role list has no 'mark' role to find it by.)
    const marks = cards.locator('mark');
    await expect(cards).toHaveCount(3);
    await expect(page.getByText('3 answers', { exact: true })).toBeVisible();
    // axe on My answers before a search (a list, filters folded): axe-every-screen.spec.ts.

    // On a phone the search and filters fold behind "Filter" (issue 35): open them.
    await openAnswerFilters(page);
    const box = page.getByRole('searchbox', { name: 'Search your answers' });
    await box.fill('river');
    await expect(cards).toHaveCount(2);
    await expect(page.getByText('bus driver')).toHaveCount(0);
    await expect(marks).toHaveText(['rivers', 'river']);
    await expect(page.getByText('2 of 3 answers', { exact: true })).toBeVisible();
    // A fragment is not a word: "rive" finds nothing, and says so.
    await box.fill('rive');
    await expect(cards).toHaveCount(0);
    await expect(page.getByText('Nothing matches “rive”.')).toBeVisible();
    await expectNoAxeViolations(page, 'My answers, nothing found');
    await box.fill('river');
    await expect(cards).toHaveCount(2);

    await page.getByLabel('From').fill('2026-01-01');
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText(['until dark']);

    await page.getByLabel('From').fill('');
    await box.fill('');
    await page.getByLabel('Category').selectOption('People');
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText(['bus driver']);
    await page.getByLabel('Category').selectOption('');
    await box.fill('helped');
    await expect(cards).toHaveCount(1);
    await expect(marks).toHaveText(['helped']);

    await box.fill('rivers');
    await expect(cards).toHaveCount(2);
    await expect(marks).toHaveText(['rivers', 'river']);
    await expectNoAxeViolations(page, 'My answers, searched');
    fs.mkdirSync(shotsDir, { recursive: true });
    for (const [label, size] of [
      ['360', PHONE],
      ['1280', DESKTOP],
    ] as const) {
      await page.setViewportSize(size);
      await settle(page);
      const file = await screenshot(page, `past-search-${label}`);
      if (file) fs.copyFileSync(file, path.join(shotsDir, path.basename(file)));
    }
    expect(errors).toEqual([]);
  });
});
