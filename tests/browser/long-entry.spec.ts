import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { DESKTOP, PHONE, screenshot, watchPageErrors } from './support/browser.ts';
import { call } from './support/page.ts';
import type { RunningServer } from './support/server.ts';
import { test } from './support/worker-server.ts';

// Issue 12 "Long entries stay fast" (decision 027), as a person sees it: a 5,000-word entry is
// counted once typing pauses, sits in a box of fixed height that scrolls instead of growing,
// and is saved as it is written. How fast each keystroke is, is `npm run bench:client`.

const WORDS = Array.from({ length: 5000 }, (_, i) => `word${i % 97}`).join(' ');

/** The line under the prompt: "A new answer · N words" (or "Written {date} · N words"). */
const wordCount = (page: Page, words: number) => page.getByText(new RegExp(`· ${words} words$`));

async function startLongEntry(page: Page, origin: string) {
  await page.goto(`${origin}/answer/journal`);
  const box = page.getByLabel('Your answer');
  await expect(box).toBeEditable();
  await box.fill(WORDS);
  await expect(wordCount(page, 5000)).toBeVisible();
  return box;
}

test.describe('a long entry', () => {
  let server: RunningServer;

  test.beforeAll(async ({ server: shared }) => {
    server = shared;
  });

  test('is counted when typing pauses, scrolls in a fixed box and is saved as written', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const box = await startLongEntry(page, server.origin);
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();

    // The box keeps its height and scrolls: it never pushes the page down by 5,000 words.
    await expect
      .poll(() =>
        box.evaluate((el) => ({
          fits: el.getBoundingClientRect().height <= window.innerHeight,
          scrolls: el.scrollHeight > el.clientHeight,
        })),
      )
      .toEqual({ fits: true, scrolls: true });

    // Typing on at the end: counted after the pause, saved a moment later, on the server too.
    await box.evaluate((el: HTMLTextAreaElement) =>
      el.setSelectionRange(el.value.length, el.value.length),
    );
    await page.keyboard.type(' and two more');
    await expect(box).toHaveValue(/word52 and two more$/);
    await expect(wordCount(page, 5003)).toBeVisible();
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
    await expect
      .poll(async () => {
        const { answers } = await call<{ answers: { text: string }[] }>(page, '/api/user/answers');
        return answers.some((a) => a.text.endsWith('word52 and two more'));
      })
      .toBe(true);
    await expectNoAxeViolations(page, 'a long entry');
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const [width, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      test(`looks right at ${width} width, ${scheme}`, async ({ browser }) => {
        const context = await browser.newContext({
          viewport,
          colorScheme: scheme,
          reducedMotion: 'reduce',
        });
        const page = await context.newPage();
        await startLongEntry(page, server.origin);
        await expect(page.getByText('Saved', { exact: true })).toBeVisible();
        // Nothing wider than the screen.
        await expect
          .poll(() => page.evaluate(() => document.documentElement.scrollWidth - innerWidth))
          .toBeLessThanOrEqual(0);
        await screenshot(page, `long-entry-${width}-${scheme}`);
        await context.close();
      });
    }
  }
});
