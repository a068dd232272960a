import { afterEach, describe, expect, it } from 'vitest';
import {
  dateLocale,
  formatDate,
  formatDay,
  formatDayKey,
  formatLongDay,
  formatMonth,
  journalTitle,
  setDateLocales,
  weekdayName,
} from './date-format.ts';

describe('formatDate', () => {
  it('prints the local calendar day of a Date', () => {
    expect(formatDate(new Date(2020, 2, 5, 0, 0))).toBe('Mar 5, 2020');
    expect(formatDate(new Date(2020, 11, 31, 23, 59))).toBe('Dec 31, 2020');
    expect(formatDate(new Date(2021, 0, 1))).toBe('Jan 1, 2021');
  });

  it('prints the local calendar day of an ISO timestamp', () => {
    const local = new Date(2024, 1, 29, 23, 30);
    expect(formatDate(local.toISOString())).toBe('Feb 29, 2024');
  });

  it('takes a bare day key as that day in every time zone', () => {
    expect(formatDate('2020-03-05')).toBe('Mar 5, 2020');
  });

  it('prints nothing for an unreadable date', () => {
    expect(formatDate('soon')).toBe('');
    expect(formatDate(new Date(Number.NaN))).toBe('');
  });

  it('uses every short month name in order', () => {
    const names = Array.from({ length: 12 }, (_, m) => formatDate(new Date(2022, m, 10)));
    expect(names.map((s) => s.slice(0, 3)).join(' ')).toBe(
      'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec',
    );
  });
});

describe('formatDayKey / formatDay / journalTitle', () => {
  it('formats day keys and rejects others', () => {
    expect(formatDayKey('2026-11-22')).toBe('Nov 22, 2026');
    expect(formatDayKey('2026-02-30')).toBe('');
    expect(formatDayKey('22/11/2026')).toBe('');
  });

  it('formats calendar days', () => {
    expect(formatDay({ year: 2020, month: 3, day: 5 })).toBe('Mar 5, 2020');
    expect(formatDay({ year: 2020, month: 13, day: 5 })).toBe('');
  });

  it('titles a journal entry with the day', () => {
    expect(journalTitle({ year: 2026, month: 11, day: 22 })).toBe('Nov 22, 2026');
  });
});

describe('formatLongDay, formatMonth, weekdayName', () => {
  it('spells the month out for headings and calendar cells', () => {
    expect(formatLongDay({ year: 2026, month: 3, day: 4 })).toBe('March 4, 2026');
    expect(formatLongDay({ year: 2026, month: 12, day: 31 })).toBe('December 31, 2026');
    expect(formatMonth(2025, 1)).toBe('January 2025');
    expect(formatMonth(2025, 9)).toBe('September 2025');
  });

  it('spells a day key out when asked', () => {
    expect(formatDayKey('2026-03-04', 'long')).toBe('March 4, 2026');
    expect(formatDayKey('2026-03-04')).toBe('Mar 4, 2026');
    expect(formatDayKey('2026-02-30', 'long')).toBe('');
  });

  it('prints nothing for a day or month that does not exist', () => {
    expect(formatLongDay({ year: 2026, month: 2, day: 30 })).toBe('');
    expect(formatMonth(2026, 13)).toBe('');
    expect(formatMonth(2026, 0)).toBe('');
  });

  it('names ISO weekdays, Monday first', () => {
    expect([1, 7].map(weekdayName)).toEqual(['Monday', 'Sunday']);
    expect(weekdayName(8)).toBe('');
  });
});

describe("dates in the person's language (issue 35)", () => {
  const day = { year: 2026, month: 11, day: 27 };
  afterEach(() => setDateLocales(['en-US']));

  it('follows the languages set, keeping the journal title in the SPEC format', () => {
    setDateLocales(['de-DE', 'en-US']);
    expect(formatDay(day)).toBe('27. Nov. 2026');
    expect(formatLongDay(day)).toBe('27. November 2026');
    expect(formatMonth(2026, 3)).toBe('März 2026');
    expect(weekdayName(1)).toBe('Montag');
    expect(formatDate('2026-11-27')).toBe('27. Nov. 2026');
    expect(journalTitle(day)).toBe('Nov 27, 2026');
    setDateLocales(['en-GB']);
    expect(formatDay(day)).toBe('27 Nov 2026');
    expect(dateLocale()).toBe('en-GB');
  });

  it("falls back to the SPEC's 'Mar 5, 2020' without a language it knows", () => {
    setDateLocales(['not a language!', '']);
    expect(formatDay({ year: 2020, month: 3, day: 5 })).toBe('Mar 5, 2020');
    setDateLocales([]);
    expect(formatDay({ year: 2020, month: 3, day: 5 })).toBe('Mar 5, 2020');
  });
});
