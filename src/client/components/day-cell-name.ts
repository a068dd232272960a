import { parseDayKey } from '#shared/domain/calendar-day.ts';
import { formatLongDay } from '#shared/domain/date-format.ts';

/** How many answers, in words: 'no answers', '1 answer', '3 answers'. */
export function answersText(count: number): string {
  if (count <= 0) return 'no answers';
  return count === 1 ? '1 answer' : `${count} answers`;
}

/**
 * What a screen reader says on a day of the heat-map or the calendar, and the tooltip a pointer
 * sees: 'March 4, 2026: 2 answers', 'Today, March 6, 2026: no answers'. '' for a bad key.
 */
export function dayCellName(key: string, count: number, isToday = false): string {
  const day = parseDayKey(key);
  if (!day) return '';
  return `${isToday ? 'Today, ' : ''}${formatLongDay(day)}: ${answersText(count)}`;
}
