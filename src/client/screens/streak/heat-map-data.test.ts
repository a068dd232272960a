import { describe, expect, it } from 'vitest';
import { heatLevel, heatMapMonths } from './heat-map-data.ts';

describe('heatMapMonths', () => {
  const today = { year: 2026, month: 2, day: 10 };

  it('covers the twelve months ending with this one, oldest first, across New Year', () => {
    const months = heatMapMonths(new Map(), today);
    expect(months).toHaveLength(12);
    expect(months[0]?.label).toBe('March 2025');
    expect(months[10]?.label).toBe('January 2026');
    expect(months[11]?.label).toBe('February 2026');
  });

  it('has every day of each month, with a Monday-first offset', () => {
    const months = heatMapMonths(new Map(), today);
    const feb = months[11];
    expect(feb?.days).toHaveLength(28);
    // 1 Feb 2026 is a Sunday: six empty cells before it.
    expect(feb?.offset).toBe(6);
    // 1 Dec 2025 is a Monday.
    expect(months[9]?.offset).toBe(0);
  });

  it('shades answered days and counts them per month; days after today are future', () => {
    const activity = new Map([
      ['2026-02-01', 1],
      ['2026-02-09', 3],
      ['2026-02-20', 2],
    ]);
    const feb = heatMapMonths(activity, today)[11];
    expect(feb?.answeredDays).toBe(2);
    expect(feb?.days[0]).toMatchObject({ key: '2026-02-01', count: 1, level: 1, future: false });
    expect(feb?.days[8]).toMatchObject({ count: 3, level: 3 });
    expect(feb?.days[19]).toMatchObject({ count: 0, future: true });
  });
});

describe('heatLevel', () => {
  it('rises with the number of answers and tops out at 4', () => {
    expect([0, 1, 2, 3, 4, 5, 40].map(heatLevel)).toEqual([0, 1, 2, 3, 3, 4, 4]);
  });
});
