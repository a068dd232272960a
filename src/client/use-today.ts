import { useMemo } from 'react';
import { type CalendarDay, dayKey, parseDayKey, todayOf } from '../shared/domain/calendar-day.ts';

/**
 * Today on this device's calendar (the person's own day). The same object until the day
 * changes, so memos that depend on it are not redone on every render.
 */
export function useToday(): CalendarDay {
  const key = dayKey(todayOf(new Date()));
  return useMemo(() => parseDayKey(key) ?? todayOf(new Date()), [key]);
}
