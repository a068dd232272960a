import { describe, expect, it } from 'vitest';
import { isReminderDue, reminderCalendar } from './reminder.ts';

describe('isReminderDue', () => {
  const rule = { time: '20:30', days: [1, 2, 3, 4, 5], lastSentDay: '' };
  const monday = (minutes: number) => ({ day: '2026-11-23', weekday: 1, minutes });

  it('is due on a chosen day once the time has come, once', () => {
    expect(isReminderDue(rule, monday(20 * 60 + 29))).toBe(false);
    expect(isReminderDue(rule, monday(20 * 60 + 30))).toBe(true);
    expect(isReminderDue(rule, monday(23 * 60))).toBe(true);
    expect(isReminderDue({ ...rule, lastSentDay: '2026-11-23' }, monday(21 * 60))).toBe(false);
  });

  it('is never due on a day not chosen', () => {
    expect(isReminderDue(rule, { day: '2026-11-22', weekday: 0, minutes: 21 * 60 })).toBe(false);
  });
});

describe('reminderCalendar', () => {
  it('repeats at the local time on the chosen days and links to today', () => {
    const ics = reminderCalendar({
      time: '20:30',
      days: [5, 1, 3],
      timeZone: 'Europe/Berlin',
      url: 'https://muse.example/answer/today',
      today: '2026-11-23',
      stamp: '2026-11-23T10:00:00.000Z',
      uid: 'r1@muse',
    });
    expect(ics).toContain('DTSTART;TZID=Europe/Berlin:20261123T203000\r\n');
    expect(ics).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR\r\n');
    expect(ics).toContain('URL:https://muse.example/answer/today\r\n');
    expect(ics).toContain('DTSTAMP:20261123T100000Z\r\n');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    const daily = reminderCalendar({
      time: '07:05',
      days: [0, 1, 2, 3, 4, 5, 6],
      timeZone: 'UTC',
      url: 'u',
      today: '2026-11-23',
      stamp: '2026-11-23T10:00:00.000Z',
      uid: 'r2',
    });
    expect(daily).toContain('RRULE:FREQ=DAILY\r\n');
    expect(daily).toContain('T070500');
  });
});
