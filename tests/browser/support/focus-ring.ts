import type { Locator } from '@playwright/test';

/**
 * The WCAG contrast ratio of an element's focus ring (its outline colour) against the
 * background it is drawn on: the parent's nearest opaque background, semi-transparent layers
 * blended in. axe-core does not measure this (WCAG 1.4.11, non-text contrast), so it is
 * measured here, in the page, from the computed styles.
 */
export function focusRingContrast(focused: Locator): Promise<number> {
  return focused.evaluate((el) => {
    // rgb()/rgba() in 0–255; color-mix() computes to color(srgb r g b / a) in 0–1.
    const parse = (css: string): number[] => {
      const m = css.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0, 0];
      const scale = css.startsWith('color(srgb') ? 255 : 1;
      return [(m[0] ?? 0) * scale, (m[1] ?? 0) * scale, (m[2] ?? 0) * scale, m[3] ?? 1];
    };
    const over = (top: number[], below: number[]): number[] => {
      const a = top[3] ?? 1;
      return [0, 1, 2].map((i) => (top[i] ?? 0) * a + (below[i] ?? 0) * (1 - a)).concat(1);
    };
    const backgroundOf = (from: Element | null): number[] => {
      const layers: number[][] = [];
      for (let at = from; at; at = at.parentElement) {
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
    // A focus ring sits outside the element, on its parent's background.
    const bg = backgroundOf(el.parentElement);
    const ring = over(parse(getComputedStyle(el).outlineColor), bg);
    const [hi, lo] = [luminance(ring), luminance(bg)].sort((a, b) => b - a);
    return Math.round((((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05)) * 100) / 100;
  });
}
