import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { ApiError } from '#client/api/call.ts';
import { fetchReminderKey, subscribeReminder, unsubscribeReminder } from '#client/api/reminders.ts';
import { paths } from '#client/routes.ts';
import { dayKey, todayOf } from '#shared/domain/calendar-day.ts';
import { reminderCalendar } from '#shared/domain/reminder.ts';
import { browserTimeZone } from '../user-profile/transfer/transfer-rules.ts';
import {
  keyBytes,
  PUSH_BLOCKED,
  type PushBlock,
  parseDraft,
  pushBlock,
  pushSupported,
  REMINDER_KEY,
  type ReminderDraft,
  reminderFailure,
  WEEKDAY_NAMES,
  WEEKDAYS,
} from './reminder-rules.ts';
import './reminder-settings.css';

function readDraft(): ReminderDraft {
  try {
    return parseDraft(localStorage.getItem(REMINDER_KEY), browserTimeZone());
  } catch {
    return parseDraft(null, browserTimeZone());
  }
}

function keepDraft(draft: ReminderDraft): void {
  try {
    localStorage.setItem(REMINDER_KEY, JSON.stringify(draft));
  } catch {
    // private mode: the form forgets, the reminder itself still works
  }
}

function zones(current: string): string[] {
  const all =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes(current) ? all : [current, ...all];
}

function calendarUrl(draft: ReminderDraft): string {
  const now = new Date();
  const ics = reminderCalendar({
    time: draft.time,
    days: draft.days,
    timeZone: draft.timeZone,
    url: `${window.location.origin}${paths.answerToday}`,
    today: dayKey(todayOf(now)),
    stamp: now.toISOString(),
    uid: `daily-reminder-${now.getTime()}@muse`,
  });
  return URL.createObjectURL(new Blob([ics], { type: 'text/calendar' }));
}

/** How long to wait for the service worker: one that never comes means no push here. */
const WORKER_WAIT_MS = 10_000;

function serviceWorker(): Promise<ServiceWorkerRegistration> {
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('no service worker')), WORKER_WAIT_MS),
    ),
  ]);
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await serviceWorker();
  return registration.pushManager.getSubscription();
}

/**
 * Issue 17 C: "Remind me to write" at a time, on chosen days, in the person's own time zone,
 * as a Web Push to this device; where the browser has no push, an .ics calendar event.
 * Loaded lazily with the settings screen.
 */
export default function ReminderSettings() {
  const [draft, setDraft] = useState(readDraft);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [calendarHref, setCalendarHref] = useState('');
  /** Why push can't work here (known up front, or learnt when it failed): the .ics instead. */
  const [blocked, setBlocked] = useState<PushBlock | null>(pushBlock);
  const canPush = blocked === null;
  const ids = { heading: useId(), time: useId(), zone: useId(), days: useId(), note: useId() };
  const zoneList = useMemo(() => zones(draft.timeZone), [draft.timeZone]);

  useEffect(() => {
    const url = calendarUrl(draft);
    setCalendarHref(url);
    return () => URL.revokeObjectURL(url);
  }, [draft]);

  const change = (next: Partial<ReminderDraft>) => setDraft((d) => ({ ...d, ...next }));
  const toggleDay = (day: number) =>
    change({
      days: draft.days.includes(day)
        ? draft.days.filter((d) => d !== day)
        : [...draft.days, day].sort(),
    });

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (draft.days.length === 0) {
      setMessage('Choose at least one day.');
      return;
    }
    if (!canPush) {
      keepDraft(draft);
      return;
    }
    setBusy(true);
    // Where the browser itself can't push (refused, no push service, no service worker), the
    // calendar event is the way: the form says so rather than "try again".
    const cannotPush = (why: PushBlock) => {
      keepDraft(draft);
      setBlocked(why);
      setMessage('');
    };
    try {
      if ((await Notification.requestPermission()) !== 'granted') {
        cannotPush('denied');
        return;
      }
      const { publicKey } = await fetchReminderKey();
      let subscription: PushSubscription;
      try {
        const registration = await serviceWorker();
        subscription =
          (await registration.pushManager.getSubscription()) ??
          (await registration.pushManager.subscribe({
            userVisibleOnly: true,
            applicationServerKey: keyBytes(publicKey),
          }));
      } catch {
        cannotPush('failed');
        return;
      }
      const json = subscription.toJSON();
      await subscribeReminder({
        subscription: {
          endpoint: subscription.endpoint,
          keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
        },
        time: draft.time,
        days: draft.days,
        timeZone: draft.timeZone,
      });
      const saved = { ...draft, on: true };
      setDraft(saved);
      keepDraft(saved);
      setMessage(`Reminder set for ${draft.time} on this device.`);
    } catch (error) {
      setMessage(
        error instanceof ApiError
          ? reminderFailure(error.status, error.message)
          : reminderFailure(-1, ''),
      );
    } finally {
      setBusy(false);
    }
  };

  const onTurnOff = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const subscription = pushSupported() ? await currentSubscription().catch(() => null) : null;
      if (subscription) {
        await unsubscribeReminder({ endpoint: subscription.endpoint }).catch(() => undefined);
        await subscription.unsubscribe();
      }
      const off = { ...draft, on: false };
      setDraft(off);
      keepDraft(off);
      setMessage('No more reminders on this device.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card settings-card" aria-labelledby={ids.heading}>
      <h2 id={ids.heading} className="settings-title">
        Remind me to write
      </h2>
      <p className="page-intro settings-note">
        A gentle nudge with today's prompt — not on days you have already written.
      </p>
      <form className="form-stack" noValidate onSubmit={(event) => void onSave(event)}>
        <div className="reminder-row">
          <div className="form-row">
            <label className="form-label" htmlFor={ids.time}>
              Time
            </label>
            <input
              id={ids.time}
              className="field reminder-time"
              type="time"
              value={draft.time}
              required
              onChange={(event) => change({ time: event.target.value || draft.time })}
            />
          </div>
          <div className="form-row reminder-zone-row">
            <label className="form-label" htmlFor={ids.zone}>
              Time zone
            </label>
            <select
              id={ids.zone}
              className="field"
              value={draft.timeZone}
              onChange={(event) => change({ timeZone: event.target.value })}
            >
              {zoneList.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll('_', ' ')}
                </option>
              ))}
            </select>
          </div>
        </div>
        <fieldset className="reminder-days" aria-describedby={ids.note}>
          <legend className="form-label">Days</legend>
          <div className="reminder-day-list">
            {WEEKDAYS.map((label, day) => (
              <div key={label} className="reminder-day">
                <input
                  id={`${ids.days}-${day}`}
                  type="checkbox"
                  checked={draft.days.includes(day)}
                  onChange={() => toggleDay(day)}
                />
                <label htmlFor={`${ids.days}-${day}`} aria-label={WEEKDAY_NAMES[day]}>
                  {label}
                </label>
              </div>
            ))}
          </div>
        </fieldset>
        <div className="form-actions reminder-actions">
          {canPush ? (
            <button type="submit" className="button" aria-busy={busy}>
              {draft.on ? 'Update reminder' : 'Remind me'}
            </button>
          ) : null}
          {draft.on ? (
            <button type="button" className="button button-quiet" onClick={() => void onTurnOff()}>
              Turn off
            </button>
          ) : null}
          <a
            className={canPush ? 'button button-quiet' : 'button'}
            href={calendarHref}
            download="muse-reminder.ics"
          >
            Add to calendar
          </a>
        </div>
        <p id={ids.note} className="settings-note reminder-message" role="status">
          {message || (blocked ? PUSH_BLOCKED[blocked] : '')}
        </p>
      </form>
    </section>
  );
}
