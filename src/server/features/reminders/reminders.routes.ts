import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/deps.ts';
import { subscribeRequest, unsubscribeRequest } from '#shared/api/reminders.ts';
import { requireUser } from '../auth/policies.ts';
import { subscribe, unsubscribe } from './reminders.service.ts';
import { loadVapidKeys } from './vapid.ts';

export function registerReminderRoutes(app: FastifyInstance, deps: AppDeps): void {
  let publicKey: string | null = null;

  // The key a browser subscribes with (made at first use, or from VAPID_* variables).
  app.post('/api/reminders/key', async (request) => {
    requireUser(request);
    publicKey ??= loadVapidKeys(deps.config.dataDir).publicKey;
    return { publicKey };
  });

  // This device's reminder: its push subscription, time, days and time zone.
  app.post('/api/reminders/subscribe', async (request) => {
    const body = subscribeRequest.parse(request.body);
    const caller = requireUser(request);
    return { reminder: await subscribe(deps, caller.id, body) };
  });

  app.post('/api/reminders/unsubscribe', async (request) => {
    const body = unsubscribeRequest.parse(request.body);
    const caller = requireUser(request);
    await unsubscribe(deps, caller.id, body.endpoint);
    return { ok: true };
  });
}
