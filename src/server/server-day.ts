import {
  type CalendarDay,
  daysBetween,
  isValidDay,
  utcDayOf,
} from '../shared/domain/calendar-day.ts';
import { badRequest } from './plugins/errors.ts';

/**
 * The caller's day may differ from the server's UTC date by time zone (UTC-12 … UTC+14 is at most
 * one calendar day either way), never by more: anything further is a wrong clock or a forged
 * request that would let someone fix a prompt of the day in advance or game a streak.
 * Every call that takes a day checks it here, before it changes anything (decision 028).
 */
export function assertCallerDay(day: CalendarDay, now: Date = new Date()): CalendarDay {
  if (!isValidDay(day)) throw badRequest('That is not a real calendar day');
  if (Math.abs(daysBetween(utcDayOf(now), day)) > 1) {
    throw badRequest('That day is too far from today');
  }
  return day;
}

/**
 * The caller's day when the request carries one, else the server's UTC day. Part of a day
 * (a year without its month) is a broken client, refused rather than silently read as UTC.
 */
export function callerDayOrToday(
  fields: { year?: number; month?: number; day?: number },
  now: Date = new Date(),
): CalendarDay {
  const { year, month, day } = fields;
  if (year === undefined && month === undefined && day === undefined) return utcDayOf(now);
  if (year === undefined || month === undefined || day === undefined) {
    throw badRequest('year, month and day go together');
  }
  return assertCallerDay({ year, month, day }, now);
}
