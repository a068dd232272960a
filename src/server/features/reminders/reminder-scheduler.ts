import type { AppDeps } from '#server/deps.ts';
import { webPushSender } from './push-sender.ts';
import { sendDueReminders } from './reminders.service.ts';
import { loadVapidKeys } from './vapid.ts';

/**
 * Looks for due reminders once a minute. Every instance may run it: each reminder is claimed
 * with a conditional UPDATE before it is sent, so a device gets one per day however many run.
 * A tick ends by its deadline (REMINDER_TICK, under the minute), so `running` only ever skips
 * a tick when the database itself is that slow.
 */
export function startReminderScheduler(deps: Pick<AppDeps, 'db' | 'config'>): () => void {
  const send = webPushSender(loadVapidKeys(deps.config.dataDir));
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await sendDueReminders(deps, send);
    } catch (error) {
      console.error('Reminders could not be sent:', error instanceof Error ? error.message : error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
