import { randomUUID } from 'node:crypto';
import type { AppDeps } from '#server/deps.ts';
import { badRequest, notFound } from '#server/plugins/errors.ts';
import type { Reminder, ReminderPush, SubscribeRequest } from '#shared/api/reminders.ts';
import { parseDayKey } from '#shared/domain/calendar-day.ts';
import { isReminderDue, type LocalMoment } from '#shared/domain/reminder.ts';
import { todaysPromptId } from '../prompts/daily-prompt.service.ts';
import { type PushSender, RefusedEndpointError } from './push-sender.ts';
import { isPushServiceEndpoint, REFUSED_ENDPOINT } from './push-services.ts';
import { presentReminder } from './reminders.present.ts';
import {
  claimReminder,
  deleteOwnSubscription,
  deleteSubscription,
  hasAnsweredBetween,
  listSubscriptions,
  promptTitle,
  type SubscriptionRow,
  saveSubscription,
} from './reminders.repo.ts';

type Deps = Pick<AppDeps, 'db'>;

/** Devices one person may be reminded on; subscribing one more drops the longest-standing. */
export const MAX_REMINDER_DEVICES = 10;

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const formats = new Map<string, Intl.DateTimeFormat>();

/** The device's local day, weekday and time of `now`; null for a zone this runtime lacks. */
export function localMoment(now: Date, timeZone: string): LocalMoment | null {
  let format = formats.get(timeZone);
  try {
    format ??= new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
    });
  } catch {
    return null;
  }
  formats.set(timeZone, format);
  const parts = Object.fromEntries(format.formatToParts(now).map((p) => [p.type, p.value]));
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

export async function subscribe(
  deps: Deps,
  userId: string,
  body: SubscribeRequest,
): Promise<Reminder> {
  if (!localMoment(new Date(), body.timeZone)) throw badRequest('timeZone: is not a time zone');
  if (!isPushServiceEndpoint(body.subscription.endpoint)) {
    throw badRequest(`subscription.endpoint: ${REFUSED_ENDPOINT}`);
  }
  const row: SubscriptionRow = {
    id: randomUUID(),
    user_id: userId,
    endpoint: body.subscription.endpoint,
    p256dh: body.subscription.keys.p256dh,
    auth: body.subscription.keys.auth,
    remind_at: body.time,
    days: JSON.stringify([...body.days].sort()),
    time_zone: body.timeZone,
    last_sent_day: '',
    created_at: new Date().toISOString(),
  };
  return presentReminder(await saveSubscription(deps.db, row, MAX_REMINDER_DEVICES));
}

/** Removes this device's reminder: only the caller's own, 404 when there is none. */
export async function unsubscribe(deps: Deps, userId: string, endpoint: string): Promise<void> {
  if (!(await deleteOwnSubscription(deps.db, userId, endpoint))) {
    throw notFound('No reminder for that device');
  }
}

export type ReminderRun = {
  sent: number;
  gone: number;
  alreadyWritten: number;
  failed: number;
  /** Rows whose endpoint is not a push service (stored before the rule): removed. */
  refused: number;
};

/**
 * How a tick spends its minute: `concurrency` pushes at once, and no push started or still
 * open after `deadlineMs`, so the next tick (60 s later) always finds this one done. A device
 * not reached in time was not claimed and is sent at the next tick.
 */
export type ReminderTick = { concurrency: number; deadlineMs: number };
export const REMINDER_TICK: ReminderTick = { concurrency: 8, deadlineMs: 45_000 };

/**
 * Sends every reminder that is due now (decision 021's sibling, see README): claimed first
 * (once per device per local day, whichever instance gets there), skipped when the person
 * has written today, and a subscription the push service calls gone (404/410) is removed.
 */
export async function sendDueReminders(
  deps: Deps,
  send: PushSender,
  now: Date = new Date(),
  tick: ReminderTick = REMINDER_TICK,
): Promise<ReminderRun> {
  const deadline = AbortSignal.timeout(tick.deadlineMs);
  const run: ReminderRun = { sent: 0, gone: 0, alreadyWritten: 0, failed: 0, refused: 0 };
  const titles = new Map<string, Promise<string>>();
  const due: { row: SubscriptionRow; moment: LocalMoment }[] = [];
  for (const row of await listSubscriptions(deps.db)) {
    const moment = localMoment(now, row.time_zone);
    if (!moment) continue;
    const rule = {
      time: row.remind_at,
      days: JSON.parse(row.days) as number[],
      lastSentDay: row.last_sent_day,
    };
    if (isReminderDue(rule, moment)) due.push({ row, moment });
  }

  const remind = async ({ row, moment }: (typeof due)[number]) => {
    if (!(await claimReminder(deps.db, row.id, moment.day))) return;
    // Written since the device's midnight (exact except on a day the clocks change).
    const midnight = new Date(now.getTime() - moment.minutes * 60_000 - (now.getTime() % 60_000));
    if (
      await hasAnsweredBetween(
        deps.db,
        row.user_id,
        midnight.toISOString(),
        new Date(now.getTime() + 1).toISOString(),
      )
    ) {
      run.alreadyWritten += 1;
      return;
    }
    let title = titles.get(moment.day);
    if (title === undefined) {
      title = todaysTitle(deps, moment.day);
      titles.set(moment.day, title);
    }
    const prompt = await title;
    const push: ReminderPush = {
      title: 'Time to write in Müse',
      body: prompt ? `Today's prompt: ${prompt}` : 'A few quiet minutes for your journal.',
      url: '/answer/today',
    };
    const status = await send(row, JSON.stringify(push), deadline).catch((error: unknown) =>
      error instanceof RefusedEndpointError ? -1 : 0,
    );
    if (status === -1 || status === 404 || status === 410) {
      await deleteSubscription(deps.db, row.id);
      if (status === -1) run.refused += 1;
      else run.gone += 1;
    } else if (status >= 200 && status < 300) run.sent += 1;
    else run.failed += 1;
  };

  // A few workers take the due devices in turn: one slow push service holds one worker.
  let next = 0;
  const worker = async () => {
    for (let item = due[next++]; item && !deadline.aborted; item = due[next++]) {
      await remind(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(tick.concurrency, due.length) }, worker));
  return run;
}

async function todaysTitle(deps: Deps, day: string): Promise<string> {
  const calendarDay = parseDayKey(day);
  if (!calendarDay) return '';
  try {
    return (await promptTitle(deps.db, await todaysPromptId(deps, calendarDay))) ?? '';
  } catch {
    return '';
  }
}
