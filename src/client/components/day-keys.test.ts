import { describe, expect, it } from 'vitest';
import { type CalendarDay, dayKey, parseDayKey } from '#shared/domain/calendar-day.ts';
import { chooseTabStop, type DayBounds, dayForKey } from './day-keys.ts';

const day = (key: string): CalendarDay => {
  const d = parseDayKey(key);
  if (!d) throw new Error(key);
  return d;
};
const wide: DayBounds = { first: day('2000-01-01'), last: day('2100-12-31') };
const move = (key: string, from: string, bounds = wide) => {
  const to = dayForKey(key, day(from), bounds);
  return to ? dayKey(to) : null;
};

describe('dayForKey', () => {
  it('moves a day with left and right, a week with up and down, across months', () => {
    expect(move('ArrowLeft', '2026-03-01')).toBe('2026-02-28');
    expect(move('ArrowRight', '2026-02-28')).toBe('2026-03-01');
    expect(move('ArrowUp', '2026-03-04')).toBe('2026-02-25');
    expect(move('ArrowDown', '2026-12-29')).toBe('2027-01-05');
  });

  it('goes to Monday with Home and Sunday with End', () => {
    // 4 March 2026 is a Wednesday.
    expect(move('Home', '2026-03-04')).toBe('2026-03-02');
    expect(move('End', '2026-03-04')).toBe('2026-03-08');
    expect(move('Home', '2026-03-02')).toBe('2026-03-02');
  });

  it('moves a month with Page Up and Page Down, to the last day of a shorter month', () => {
    expect(move('PageUp', '2026-03-31')).toBe('2026-02-28');
    expect(move('PageDown', '2026-01-31')).toBe('2026-02-28');
    expect(move('PageDown', '2026-12-15')).toBe('2027-01-15');
    expect(move('PageUp', '2024-03-30')).toBe('2024-02-29');
  });

  it('stays within the bounds (never after today on the heat-map)', () => {
    const bounds = { first: day('2025-04-01'), last: day('2026-03-10') };
    expect(move('ArrowDown', '2026-03-06', bounds)).toBe('2026-03-10');
    expect(move('ArrowRight', '2026-03-10', bounds)).toBe('2026-03-10');
    expect(move('PageUp', '2025-04-20', bounds)).toBe('2025-04-01');
  });

  it('leaves other keys alone', () => {
    for (const key of ['Enter', ' ', 'Tab', 'a', 'toString', 'constructor']) {
      expect(move(key, '2026-03-04')).toBeNull();
    }
  });
});

describe('chooseTabStop', () => {
  const focusable = new Set(['2026-03-01', '2026-03-02', '2026-03-03']);

  it('takes the first candidate that is a focusable day', () => {
    expect(chooseTabStop([null, '2026-04-01', '2026-03-02', '2026-03-01'], focusable)).toBe(
      '2026-03-02',
    );
  });

  it('is null when no candidate is on screen', () => {
    expect(chooseTabStop([undefined, '2026-02-01'], focusable)).toBeNull();
    expect(chooseTabStop([], focusable)).toBeNull();
  });
});
