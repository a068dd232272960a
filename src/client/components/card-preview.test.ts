import { describe, expect, it } from 'vitest';
import { cardPreview } from './card-preview.ts';

describe('cardPreview', () => {
  it('keeps a short answer whole', () => {
    expect(cardPreview('A short answer.', 40)).toBe('A short answer.');
  });

  it('cuts a long one at a line break, else at a space, within the limit', () => {
    const lines = `${'a'.repeat(30)}\n${'b'.repeat(30)}`;
    expect(cardPreview(lines, 40)).toBe('a'.repeat(30));
    const words = 'word '.repeat(20);
    const cut = cardPreview(words, 42);
    expect(cut).toBe('word '.repeat(8).trimEnd());
    expect(cardPreview('x'.repeat(100), 40)).toBe('x'.repeat(40));
  });
});
