import type { Reminder } from '#shared/api/reminders.ts';
import type { SubscriptionRow } from './reminders.repo.ts';

/** A device's reminder as its owner sees it: never the push keys. */
export function presentReminder(row: SubscriptionRow): Reminder {
  return {
    endpoint: row.endpoint,
    time: row.remind_at,
    days: JSON.parse(row.days) as number[],
    timeZone: row.time_zone,
  };
}
