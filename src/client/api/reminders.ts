import type { Ok } from '#shared/api/common.ts';
import type {
  ReminderKeyResponse,
  ReminderResponse,
  SubscribeRequest,
  UnsubscribeRequest,
} from '#shared/api/reminders.ts';
import { postJson } from './post-json.ts';

export function fetchReminderKey() {
  return postJson<ReminderKeyResponse>('/api/reminders/key');
}

export function subscribeReminder(body: SubscribeRequest) {
  return postJson<ReminderResponse>('/api/reminders/subscribe', body);
}

export function unsubscribeReminder(body: UnsubscribeRequest) {
  return postJson<Ok>('/api/reminders/unsubscribe', body);
}
