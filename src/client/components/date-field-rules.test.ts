import { describe, expect, it } from 'vitest';
import { dateOrderOf, readDate, showDate } from './date-field-rules.ts';

describe('a date field in the person’s order (issue 35)', () => {
  const german = dateOrderOf('de-DE');
  const british = dateOrderOf('en-GB');
  const american = dateOrderOf('en-US');

  it('takes the order and separator of the language', () => {
    expect(german.pattern).toBe('dd.mm.yyyy');
    expect(british.pattern).toBe('dd/mm/yyyy');
    expect(american.pattern).toBe('mm/dd/yyyy');
    expect(dateOrderOf('not a language!').pattern).toBe('yyyy-mm-dd');
  });

  it('shows an ISO day in that order and reads it back', () => {
    expect(showDate('2026-11-07', german)).toBe('07.11.2026');
    expect(showDate('2026-11-07', american)).toBe('11/07/2026');
    expect(showDate('', german)).toBe('');
    expect(readDate('7.11.2026', german)).toBe('2026-11-07');
    expect(readDate('07/11/2026', british)).toBe('2026-11-07');
    expect(readDate('11/07/2026', american)).toBe('2026-11-07');
    expect(readDate('2026-11-07', german)).toBe('2026-11-07');
    expect(readDate('  ', german)).toBe('');
  });

  it('reads nothing from what is not a day yet', () => {
    expect(readDate('27.11.20', german)).toBeNull();
    expect(readDate('31.02.2026', german)).toBeNull();
    expect(readDate('27/13/2026', british)).toBeNull();
    expect(readDate('27.11', german)).toBeNull();
    expect(readDate('2026-02-30', german)).toBeNull();
  });
});
