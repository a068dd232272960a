import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { settle } from './page.ts';

/** The WCAG 2.0/2.1 level A and AA rules: names for controls, contrast, labels, ARIA use. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe-core on the screen as it is now and fails with every violation and where it is.
 * It replaces the old hand-made check for unnamed controls (button-name, link-name, label
 * and aria-*-name are among these rules) and catches much more.
 */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  // Colours measured mid-transition (a button easing to its hover colour after a click or a
  // resize) are neither the old nor the new ones: measure them settled.
  await settle(page);
  const results = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  const found = results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} — ${violation.help}`),
  );
  expect(found, `axe violations on ${screen}`).toEqual([]);
}
