import { expect, type Page } from '@playwright/test';
import { call } from './page.ts';

// Writing in the journal as a person does, for the specs that write and then look at what the
// server keeps.

export const answerBox = (page: Page) => page.getByLabel('Your answer');

/** Types at the end of the answer, as a person would after clicking into it. */
export async function typeAtEnd(page: Page, text: string): Promise<void> {
  const box = answerBox(page);
  // Read-only until the server's latest text has come (decision 013).
  await expect(box).toBeEditable();
  await box.focus();
  await box.press('ControlOrMeta+End');
  // A key at a time: with both cores busy a key can take 300 ms, more than the action timeout
  // allows for a sentence.
  await box.pressSequentially(text, { timeout: 30_000 });
}

/** Today's Journal entry at its address, once it can be typed in. */
export async function openJournal(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/answer/journal`);
  await expect(answerBox(page)).toBeEditable();
}

/**
 * Writes `text` as today's Journal entry (a new one beside today's with `another`) and finishes
 * it with Done, which opens the streak.
 */
export async function writeJournal(
  page: Page,
  origin: string,
  text: string,
  another = false,
): Promise<void> {
  await page.goto(`${origin}/answer/journal`);
  const box = answerBox(page);
  await expect(box).toBeEditable();
  if (another) {
    await page.getByRole('button', { name: / \(more actions\)$/ }).click();
    await page
      .getByRole('dialog', { name: 'Journal entry' })
      .getByRole('button', { name: 'New entry' })
      .click();
    await page.waitForURL(/\/answer\/journal\/[^/]+$/);
    await expect(box).toHaveValue('');
  }
  await box.fill(text);
  await page.getByRole('button', { name: 'Done', exact: true }).click();
  await page.waitForURL(`${origin}/streak`);
}

export type ServerAnswer = { _id: string; text: string; encrypted?: boolean; tags: string[] };

/** The signed-in person's answers as the server keeps them (ciphertext when encrypted). */
export async function serverAnswers(page: Page): Promise<ServerAnswer[]> {
  return (await call<{ answers: ServerAnswer[] }>(page, '/api/user/answers')).answers;
}
