import { DEFAULT_REMINDER_TIME } from '#shared/domain/reminder.ts';

/** What this device remembers of its reminder form (its own key, not reflect-state). */
export type ReminderDraft = { on: boolean; time: string; days: number[]; timeZone: string };

export const REMINDER_KEY = 'muse-reminder';
export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
];

export function defaultDraft(timeZone: string): ReminderDraft {
  return { on: false, time: DEFAULT_REMINDER_TIME, days: [0, 1, 2, 3, 4, 5, 6], timeZone };
}

/** A saved draft, or the default when nothing (or nothing readable) is saved. */
export function parseDraft(raw: string | null, timeZone: string): ReminderDraft {
  const fallback = defaultDraft(timeZone);
  if (!raw) return fallback;
  try {
    const value = JSON.parse(raw) as Partial<ReminderDraft>;
    const days = Array.isArray(value.days)
      ? value.days.filter((d) => Number.isInteger(d) && d >= 0 && d <= 6)
      : fallback.days;
    return {
      on: value.on === true,
      time:
        typeof value.time === 'string' && /^\d{2}:\d{2}$/.test(value.time)
          ? value.time
          : fallback.time,
      days: [...new Set(days)].sort(),
      timeZone: typeof value.timeZone === 'string' && value.timeZone ? value.timeZone : timeZone,
    };
  } catch {
    return fallback;
  }
}

/** The VAPID public key (base64url) as the bytes PushManager.subscribe wants. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replaceAll('-', '+').replaceAll('_', '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Why this device cannot be reminded by push, or null when it may: where push can't work, the
 * form offers the .ics calendar event instead of a button that can only fail (issue 35).
 */
export type PushBlock = 'no-push' | 'ios-tab' | 'denied' | 'failed';

export const PUSH_BLOCKED: Record<PushBlock, string> = {
  'no-push':
    'This browser has no notifications for web apps: a calendar event reminds you instead.',
  'ios-tab':
    'On iPhone and iPad, reminders need Müse on your Home Screen (Share, then Add to Home Screen). Until then, add the event to your calendar instead.',
  denied:
    'Notifications are blocked for Müse in this browser: add the event to your calendar instead.',
  failed: "This browser couldn't set up notifications: add the event to your calendar instead.",
};

/** What the browser tells up front: no push at all, an iPhone tab, or notifications blocked. */
export function pushBlockOf(env: {
  push: boolean;
  apple: boolean;
  installed: boolean;
  permission: string | null;
}): PushBlock | null {
  // Safari on iPhone and iPad offers push only to a web app added to the Home Screen.
  if (env.apple && !env.installed) return 'ios-tab';
  if (!env.push) return 'no-push';
  if (env.permission === 'denied') return 'denied';
  return null;
}

/** This browser, read for pushBlockOf. */
export function pushBlock(): PushBlock | null {
  if (typeof window === 'undefined') return 'no-push';
  const touchMac = navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1;
  return pushBlockOf({
    push: pushSupported(),
    apple: /iPhone|iPad|iPod/.test(navigator.userAgent) || touchMac,
    installed:
      (navigator as { standalone?: boolean }).standalone === true ||
      window.matchMedia?.('(display-mode: standalone)').matches === true,
    permission: 'Notification' in window ? Notification.permission : null,
  });
}

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** What the form says when the server did not set the reminder (status 0: no connection). */
export function reminderFailure(status: number, reason: string): string {
  if (status === 0) return 'No connection: try again when you are online.';
  // Issue 34: the server sends only to the known push services (FCM, Mozilla, Windows, Apple).
  if (status === 400 && reason.startsWith('subscription.endpoint:')) {
    return "Müse can't send reminders through this browser's push service: add the event to your calendar instead.";
  }
  if (status === 429) return reason;
  return 'The reminder could not be set. Please try again.';
}
