import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { settle } from './page.ts';

/** The WCAG 2.0/2.1 level A and AA rules: names for controls, contrast, labels, ARIA use. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core on `page`, run by `axe.run()` in the page itself ("legacy mode"). The default mode
 * runs `axe.runPartial()` in each frame, then opens a blank page, injects axe-core again and
 * calls `axe.finishRun()` there, so that cross-origin frames are checked too. The app has no
 * frames (expectNoAxeViolations checks that none is cross-origin); the results were the same
 * rule by rule and node by node on six screens in both themes, and a run took half the time
 * (0.3 s against 0.7 s, and one page fewer opened and closed per run).
 */
export function axeOn(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true);
}

/**
 * Runs axe-core on the screen as it is now and fails with every violation and where it is.
 * It replaces the old hand-made check for unnamed controls (button-name, link-name, label
 * and aria-*-name are among these rules) and catches much more.
 */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  // Colours measured mid-transition (a button easing to its hover colour after a click or a
  // resize) are neither the old nor the new ones: measure them settled.
  await settle(page);
  // axe.run() skips a cross-origin frame (axeOn): none may go unmeasured.
  const origin = new URL(page.url()).origin;
  const elsewhere = page
    .frames()
    .filter((frame) => !['null', origin].includes(new URL(frame.url()).origin));
  expect(
    elsewhere.map((frame) => frame.url()),
    `cross-origin frames on ${screen}`,
  ).toEqual([]);
  const results = await axeOn(page).withTags(WCAG_AA).analyze();
  const found = results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} — ${violation.help}`),
  );
  expect(found, `axe violations on ${screen}`).toEqual([]);
}
