import { describe, expect, it } from 'vitest';
import { joinText } from './early-text.ts';

describe('joinText: early typing joins the day’s entry', () => {
  it('is the new text alone when nothing was written before', () => {
    expect(joinText('', 'First words')).toBe('First words');
    expect(joinText('  \n', 'First words')).toBe('First words');
  });
  it('puts a blank line between what was written and what was typed early', () => {
    expect(joinText('Morning.', 'Evening.')).toBe('Morning.\n\nEvening.');
    expect(joinText('Morning.\n\n  ', 'Evening.')).toBe('Morning.\n\nEvening.');
  });
  it('keeps what was written as it is when nothing was typed', () => {
    expect(joinText('Morning.\n', '')).toBe('Morning.\n');
    expect(joinText('Morning.', '   ')).toBe('Morning.');
  });
});
