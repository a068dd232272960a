import { describe, expect, it } from 'vitest';
import { heatLevel, heatMapMonths, latestWrittenDay } from './heat-map-data.ts';

const days = (weeks: ReadonlyArray<ReadonlyArray<{ key: string } | null>>) =>
  weeks.flat().filter((d) => d !== null);

describe('heatMapMonths', () => {
  const today = { year: 2026, month: 2, day: 10 };

  it('covers the twelve months ending with this one, oldest first, across New Year', () => {
    const months = heatMapMonths(new Map(), today);
    expect(months).toHaveLength(12);
    expect(months[0]?.label).toBe('March 2025');
    expect(months[10]?.label).toBe('January 2026');
    expect(months[11]?.label).toBe('February 2026');
  });

  it('has every day of each month in Monday-first weeks', () => {
    const months = heatMapMonths(new Map(), today);
    const feb = months[11];
    expect(days(feb?.weeks ?? [])).toHaveLength(28);
    // 1 Feb 2026 is a Sunday: six blank cells before it.
    expect(feb?.weeks[0]?.slice(0, 6)).toEqual([null, null, null, null, null, null]);
    expect(feb?.weeks[0]?.[6]?.key).toBe('2026-02-01');
    // 1 Dec 2025 is a Monday.
    expect(months[9]?.weeks[0]?.[0]?.key).toBe('2025-12-01');
  });

  it('shades answered days and counts them per month; days after today are future', () => {
    const activity = new Map([
      ['2026-02-01', 1],
      ['2026-02-09', 3],
      ['2026-02-20', 2],
    ]);
    const feb = days(heatMapMonths(activity, today)[11]?.weeks ?? []);
    expect(heatMapMonths(activity, today)[11]?.answeredDays).toBe(2);
    expect(feb[0]).toMatchObject({ key: '2026-02-01', count: 1, level: 1, future: false });
    expect(feb[8]).toMatchObject({ count: 3, level: 3, markClass: 'heat-level-3' });
    expect(feb[9]).toMatchObject({ key: '2026-02-10', today: true, future: false });
    expect(feb[19]).toMatchObject({ count: 0, future: true, today: false });
  });
});

describe('latestWrittenDay', () => {
  it('is the newest day with an answer, or null', () => {
    const today = { year: 2026, month: 2, day: 10 };
    const activity = new Map([
      ['2025-06-01', 1],
      ['2026-01-31', 2],
    ]);
    expect(latestWrittenDay(heatMapMonths(activity, today))).toBe('2026-01-31');
    expect(latestWrittenDay(heatMapMonths(new Map(), today))).toBeNull();
  });
});

describe('heatLevel', () => {
  it('rises with the number of answers and tops out at 4', () => {
    expect([0, 1, 2, 3, 4, 5, 40].map(heatLevel)).toEqual([0, 1, 2, 3, 3, 4, 4]);
  });
});
