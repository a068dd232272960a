import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../plugins/errors.ts';
import { route } from '../../plugins/typed-routes.ts';
import { requireUser } from '../auth/policies.ts';
import { deleteOwnSubscription } from './reminders.repo.ts';
import { subscribe } from './reminders.service.ts';
import { loadVapidKeys } from './vapid.ts';

export function registerReminderRoutes(app: FastifyInstance, deps: AppDeps): void {
  let publicKey: string | null = null;

  // The key a browser subscribes with (made at first use, or from VAPID_* variables).
  route(app, '/api/reminders/key', async (request) => {
    requireUser(request);
    publicKey ??= loadVapidKeys(deps.config.dataDir).publicKey;
    return { publicKey };
  });

  // This device's reminder: its push subscription, time, days and time zone.
  route(app, '/api/reminders/subscribe', async (request) => {
    const body = request.body;
    const caller = requireUser(request);
    return { reminder: await subscribe(deps, caller.id, body) };
  });

  route(app, '/api/reminders/unsubscribe', async (request) => {
    const body = request.body;
    const caller = requireUser(request);
    if (!(await deleteOwnSubscription(deps.db, caller.id, body.endpoint))) {
      throw notFound('No reminder for that device');
    }
    return { ok: true };
  });
}
