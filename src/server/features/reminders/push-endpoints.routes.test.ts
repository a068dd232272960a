import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMemoryUsageStore, type UsageStore } from '#server/plugins/usage-store.ts';
import { WRITE_COUNTS } from '#server/plugins/write-limits.ts';
import { buildUser, post, unique } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { device, FCM, MOZILLA, type PushServices, startPushServices } from './push-fixtures.ts';
import { type PushSender, webPushSender } from './push-sender.ts';
import { MAX_REMINDER_DEVICES, sendDueReminders } from './reminders.service.ts';
import { loadVapidKeys } from './vapid.ts';

// Issue 34 point 1: a reminder endpoint cannot reach inside the network, a silent push service
// cannot hold the scheduler, a person has a bounded number of devices, and nobody can take
// over another person's device by subscribing with its endpoint.

const everyDay = [0, 1, 2, 3, 4, 5, 6];

// The write counters see one frozen instant, so the test never straddles a window's turn.
const frozenStore = (): UsageStore => {
  const store = createMemoryUsageStore();
  const instant = Date.now();
  return { add: (key, amount, windowMs) => store.add(key, amount, windowMs, instant) };
};

describeEachDatabase('reminder endpoints and the scheduler under attack', (get) => {
  let app: FastifyInstance;
  let services: PushServices;
  let dataDir = '';

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-push-'));
    services = await startPushServices();
    app = await buildTestApp(get().db, { dataDir });
  });
  afterAll(async () => {
    await app.close();
    await services.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const rowsOf = (userId: string) =>
    get().db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).execute();
  const reminder = (endpoint: string, time = '05:06') => ({
    subscription: device(endpoint).subscription,
    time,
    days: everyDay,
    timeZone: 'UTC',
  });

  it("refuses the audit's endpoints with a clear 400 and stores nothing", async () => {
    const user = await buildUser(get().db, { name: '' });
    for (const endpoint of [
      'http://127.0.0.1:6379/',
      'https://127.0.0.1:8443/push',
      'https://169.254.169.254/latest/meta-data/',
      'gopher://127.0.0.1:6379/_FLUSHALL',
      'file:///etc/passwd',
      'https://push.attacker.example/wpush/v2/x',
      'https://fcm.googleapis.com:6379/fcm/send/x',
    ]) {
      const response = await post(app, '/api/reminders/subscribe', reminder(endpoint), user);
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json().error, endpoint).toMatch(/^subscription\.endpoint: is not a push/);
    }
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it("subscribing with someone else's endpoint does not take over their device", async () => {
    const victim = await buildUser(get().db);
    const attacker = await buildUser(get().db, { name: '' });
    const endpoint = `${FCM}/${unique('victim')}`;
    const mine = reminder(endpoint, '07:00');
    expect((await post(app, '/api/reminders/subscribe', mine, victim)).statusCode).toBe(200);
    const theirs = reminder(endpoint, '03:00');
    expect((await post(app, '/api/reminders/subscribe', theirs, attacker)).statusCode).toBe(200);
    const [row] = await rowsOf(victim.id);
    expect(row?.remind_at).toBe('07:00');
    expect(row?.p256dh).toBe(mine.subscription.keys.p256dh);
    // The attacker's unsubscribe removes only their own row.
    await post(app, '/api/reminders/unsubscribe', { endpoint }, attacker);
    expect(await rowsOf(victim.id)).toHaveLength(1);
  });

  it(`a person has reminders on at most ${MAX_REMINDER_DEVICES} devices`, async () => {
    const user = await buildUser(get().db, { name: '' });
    const endpoints = Array.from(
      { length: MAX_REMINDER_DEVICES + 3 },
      () => `${FCM}/${unique('d')}`,
    );
    for (const endpoint of endpoints) {
      const response = await post(app, '/api/reminders/subscribe', reminder(endpoint), user);
      expect(response.statusCode).toBe(200);
    }
    const rows = await rowsOf(user.id);
    expect(rows).toHaveLength(MAX_REMINDER_DEVICES);
    // The device being set up now always keeps its reminder.
    expect(rows.map((row) => row.endpoint)).toContain(endpoints.at(-1));
    // Changing a kept device's time adds no row and drops none.
    const kept = rows[0]?.endpoint ?? '';
    await post(app, '/api/reminders/subscribe', reminder(kept, '21:00'), user);
    expect(await rowsOf(user.id)).toHaveLength(MAX_REMINDER_DEVICES);
  });

  it('a row stored before the rule, pointing inside the network, is removed unsent', async () => {
    const user = await buildUser(get().db, { name: '' });
    const id = unique('legacy');
    await get()
      .db.insertInto('push_subscriptions')
      .values({
        ...{ id, user_id: user.id, endpoint: 'https://fcm.googleapis.com:6379/fcm/send/x' },
        ...{ p256dh: device(FCM).subscription.keys.p256dh, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
        ...{ remind_at: '05:06', days: JSON.stringify(everyDay), time_zone: 'UTC' },
        ...{ last_sent_day: '', created_at: new Date().toISOString() },
      })
      .execute();
    const before = services.received.length;
    const send = webPushSender(loadVapidKeys(dataDir), { agent: services.agent });
    const run = await sendDueReminders(get(), send, new Date('2031-03-03T05:07:00Z'));
    expect(run.refused).toBeGreaterThanOrEqual(1);
    expect(await rowsOf(user.id)).toEqual([]);
    expect(services.received.slice(before).some((r) => r.path.includes('/x'))).toBe(false);
  });

  it("a silent push service holds one push for its timeout, not the others' reminders", async () => {
    const silentPeople = 6;
    const good: string[] = [];
    for (let i = 0; i < silentPeople + 3; i += 1) {
      const user = await buildUser(get().db, { name: '' });
      const endpoint = i < silentPeople ? `${MOZILLA}/${unique('s')}` : `${FCM}/${unique('g')}`;
      if (i >= silentPeople) good.push(new URL(endpoint).pathname);
      const response = await post(app, '/api/reminders/subscribe', reminder(endpoint), user);
      expect(response.statusCode).toBe(200);
    }
    const send = webPushSender(loadVapidKeys(dataDir), { agent: services.agent, timeoutMs: 1000 });
    let open = 0;
    let peak = 0;
    const counted: PushSender = async (...push) => {
      open += 1;
      peak = Math.max(peak, open);
      try {
        return await send(...push);
      } finally {
        open -= 1;
      }
    };
    const started = Date.now();
    const run = await sendDueReminders(get(), counted, new Date('2031-03-04T05:07:00Z'), {
      concurrency: 4,
      deadlineMs: 40_000,
    });
    // Each silent push ended at its own timeout (about 2 s in all here), long before the
    // tick's deadline; without it the tick would have lasted the whole minute.
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(run.failed).toBeGreaterThanOrEqual(silentPeople);
    expect(services.silent.total).toBe(silentPeople);
    for (const pathname of good) {
      expect(services.received.filter((r) => r.path === pathname)).toHaveLength(1);
    }
    // Sent side by side, never more than the bound at once, and nothing left open.
    expect(peak).toBe(4);
    await expect.poll(() => services.silent.open).toBe(0);
  });

  it('a tick ends by its deadline even when no push ever answers; the rest wait their turn', async () => {
    const user = await buildUser(get().db, { name: '' });
    for (let i = 0; i < 5; i += 1) {
      const endpoint = `${FCM}/${unique('h')}`;
      await post(app, '/api/reminders/subscribe', reminder(endpoint, '00:00'), user);
    }
    // A push that only ends when the tick's deadline ends it.
    const hanging: PushSender = (_row, _payload, signal) =>
      new Promise((_resolve, reject) => {
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
    // Just after midnight: of this file's reminders, only these five are due.
    const now = new Date('2031-03-05T00:01:00Z');
    const started = Date.now();
    await sendDueReminders(get(), hanging, now, { concurrency: 2, deadlineMs: 1000 });
    expect(Date.now() - started).toBeLessThan(20_000);
    // Only the pushes under way were claimed; the others go out at the next tick.
    const claimed = (await rowsOf(user.id)).filter((row) => row.last_sent_day === '2031-03-05');
    expect(claimed).toHaveLength(2);
  });

  it('subscribing is a write with a budget: a script meets 429 with Retry-After', async () => {
    const strict = await buildTestApp(
      get().db,
      { relaxedRateLimits: false, dataDir },
      { usageStore: frozenStore() },
    );
    try {
      const user = await buildUser(get().db, { name: '' });
      const [hourly] = WRITE_COUNTS.reminderSubscribe;
      const statuses: number[] = [];
      for (let i = 0; i <= (hourly?.max ?? 0); i += 1) {
        const body = reminder(`${FCM}/${unique('b')}`);
        statuses.push((await post(strict, '/api/reminders/subscribe', body, user)).statusCode);
      }
      expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
      const refused = await post(strict, '/api/reminders/subscribe', reminder(`${FCM}/x`), user);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(statuses.at(-1)).toBe(429);
      expect(await rowsOf(user.id)).toHaveLength(MAX_REMINDER_DEVICES);
    } finally {
      await strict.close();
    }
  });
});
