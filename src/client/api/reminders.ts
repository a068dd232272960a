import type { RequestOf } from '#shared/api/endpoints.ts';
import { api } from './call.ts';

export function fetchReminderKey() {
  return api('/api/reminders/key');
}

export function subscribeReminder(body: RequestOf<'/api/reminders/subscribe'>) {
  return api('/api/reminders/subscribe', body);
}

export function unsubscribeReminder(body: RequestOf<'/api/reminders/unsubscribe'>) {
  return api('/api/reminders/unsubscribe', body);
}
