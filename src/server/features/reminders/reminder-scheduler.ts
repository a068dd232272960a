import type { AppDeps } from '#server/deps.ts';
import { sendDueReminders, webPushSender } from './reminders.service.ts';
import { loadVapidKeys } from './vapid.ts';

/**
 * Looks for due reminders once a minute. Every instance may run it: each reminder is claimed
 * with a conditional UPDATE before it is sent, so a device gets one per day however many run.
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
