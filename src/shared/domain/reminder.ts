/** The reminder time a new form starts at. */
export const DEFAULT_REMINDER_TIME = '20:30';

/** A moment as a device sees it: its local day, weekday (0 = Sunday) and minutes since midnight. */
export type LocalMoment = { day: string; weekday: number; minutes: number };

export type ReminderRule = { time: string; days: readonly number[]; lastSentDay: string };

export function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/**
 * A reminder is due on a chosen weekday once its time has come, and only once that day: a
 * server that was down at 20:30 still sends at 20:41, but never twice.
 */
export function isReminderDue(rule: ReminderRule, now: LocalMoment): boolean {
  return (
    rule.days.includes(now.weekday) &&
    now.minutes >= minutesOf(rule.time) &&
    rule.lastSentDay !== now.day
  );
}

const BYDAY = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/**
 * An iCalendar file with a daily (or chosen-weekday) event at the reminder time, in the
 * person's time zone, linking to today's prompt: for browsers without Web Push.
 * `today` is 'YYYY-MM-DD'; `stamp` is the creation time (UTC, ISO).
 */
export function reminderCalendar(options: {
  time: string;
  days: readonly number[];
  timeZone: string;
  url: string;
  today: string;
  stamp: string;
  uid: string;
}): string {
  const { time, days, timeZone, url, today, stamp, uid } = options;
  const date = today.replaceAll('-', '');
  const clock = `${time.replace(':', '')}00`;
  const utc = stamp.replace(/[-:]/g, '').replace(/\.\d+/, '');
  const byDay = [...days]
    .sort()
    .map((d) => BYDAY[d])
    .join(',');
  const escapeText = (text: string) => text.replace(/[\\;,]/g, (c) => `\\${c}`);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Müse//Daily reminder//EN',
    'CALSCALE:GREGORIAN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTAMP:${utc}`,
    `DTSTART;TZID=${timeZone}:${date}T${clock}`,
    'DURATION:PT10M',
    days.length === 7 ? 'RRULE:FREQ=DAILY' : `RRULE:FREQ=WEEKLY;BYDAY=${byDay}`,
    `SUMMARY:${escapeText('Write in Müse')}`,
    `DESCRIPTION:${escapeText(`Today's prompt is waiting: ${url}`)}`,
    `URL:${url}`,
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    'TRIGGER:PT0M',
    `DESCRIPTION:${escapeText('Write in Müse')}`,
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.join('\r\n')}\r\n`;
}
