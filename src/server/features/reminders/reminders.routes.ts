import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/deps.ts';
import { route } from '#server/plugins/typed-routes.ts';
import { requireUser } from '../auth/policies.ts';
import { subscribe, unsubscribe } from './reminders.service.ts';
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
  route(
    app,
    '/api/reminders/subscribe',
    { config: { write: 'reminderSubscribe' } },
    async (request) => {
      const body = request.body;
      const caller = requireUser(request);
      return { reminder: await subscribe(deps, caller.id, body) };
    },
  );

  route(app, '/api/reminders/unsubscribe', async (request) => {
    const body = request.body;
    const caller = requireUser(request);
    await unsubscribe(deps, caller.id, body.endpoint);
    return { ok: true };
  });
}
