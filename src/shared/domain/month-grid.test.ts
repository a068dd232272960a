import { describe, expect, it } from 'vitest';
import { dayKey } from './calendar-day.ts';
import { addMonths, compareMonths, firstDayOf, lastDayOf, monthWeeks } from './month-grid.ts';

describe('addMonths', () => {
  it('steps forward and back across New Year', () => {
    expect(addMonths({ year: 2025, month: 12 }, 1)).toEqual({ year: 2026, month: 1 });
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(addMonths({ year: 2026, month: 3 }, -15)).toEqual({ year: 2024, month: 12 });
    expect(addMonths({ year: 2026, month: 3 }, 0)).toEqual({ year: 2026, month: 3 });
  });
});

describe('compareMonths', () => {
  it('orders months by year, then month', () => {
    expect(compareMonths({ year: 2025, month: 12 }, { year: 2026, month: 1 })).toBeLessThan(0);
    expect(compareMonths({ year: 2026, month: 2 }, { year: 2026, month: 2 })).toBe(0);
    expect(compareMonths({ year: 2026, month: 3 }, { year: 2026, month: 2 })).toBeGreaterThan(0);
  });
});

describe('firstDayOf / lastDayOf', () => {
  it('knows month lengths, leap years included', () => {
    expect(lastDayOf({ year: 2024, month: 2 })).toEqual({ year: 2024, month: 2, day: 29 });
    expect(lastDayOf({ year: 2026, month: 2 })).toEqual({ year: 2026, month: 2, day: 28 });
    expect(firstDayOf({ year: 2026, month: 4 })).toEqual({ year: 2026, month: 4, day: 1 });
  });
});

describe('monthWeeks', () => {
  const keys = (year: number, month: number) =>
    monthWeeks({ year, month }, (d) => dayKey(d).slice(8));

  it('lays a month out in Monday-first weeks, blanks before the 1st and after the last', () => {
    // 1 March 2026 is a Sunday: six blanks, then the 1st in the Sunday column.
    const march = keys(2026, 3);
    expect(march[0]).toEqual([null, null, null, null, null, null, '01']);
    expect(march[1]?.[0]).toBe('02');
    // 31 March 2026 is a Tuesday: five blanks after it.
    expect(march.at(-1)).toEqual(['30', '31', null, null, null, null, null]);
    expect(march).toHaveLength(6);
  });

  it('has whole weeks only, and every day once', () => {
    for (const [year, month] of [
      [2026, 2],
      [2024, 2],
      [2025, 9],
      [2026, 6],
    ] as const) {
      const weeks = keys(year, month);
      expect(weeks.every((week) => week.length === 7)).toBe(true);
      const days = weeks.flat().filter((d) => d !== null);
      expect(days).toEqual(
        Array.from({ length: lastDayOf({ year, month }).day }, (_, i) =>
          String(i + 1).padStart(2, '0'),
        ),
      );
    }
    // February 2021 starts on a Monday and has 28 days: exactly four weeks, no blanks.
    expect(keys(2021, 2).flat()).not.toContain(null);
    expect(keys(2021, 2)).toHaveLength(4);
  });
});
