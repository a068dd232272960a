import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildUser, post, type TestUser, unique } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { device, FCM, type PushServices, startPushServices } from './push-fixtures.ts';
import { webPushSender } from './push-sender.ts';
import { sendDueReminders } from './reminders.service.ts';
import { loadVapidKeys } from './vapid.ts';

// Issue 17 C, server side: a device subscribes; at its time, on its days, in its zone, one
// encrypted Web Push goes to a local fake push service, which decrypts it with the device's
// private key (aes128gcm); none when the person wrote today; none twice, whatever races;
// a subscription the push service calls gone (410) is removed.

describeEachDatabase('daily reminders over Web Push', (get) => {
  let app: FastifyInstance;
  let services: PushServices;
  let received: PushServices['received'];
  let dataDir = '';

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-push-'));
    services = await startPushServices();
    received = services.received;
    app = await buildTestApp(get().db, { dataDir });
  });
  afterAll(async () => {
    await app.close();
    await services.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const subscribe = async (user: TestUser, body: Record<string, unknown>) => {
    const response = await post(app, '/api/reminders/subscribe', body, user);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const send = () => webPushSender(loadVapidKeys(dataDir), { agent: services.agent });
  const at = (iso: string) => new Date(iso);

  it('hands out one VAPID key, made at first start and kept in DATA_DIR', async () => {
    const user = await buildUser(get().db);
    const first = await post(app, '/api/reminders/key', {}, user);
    expect(first.statusCode).toBe(200);
    const { publicKey } = first.json();
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect(
      JSON.parse(fs.readFileSync(path.join(dataDir, 'vapid-keys.json'), 'utf8')).publicKey,
    ).toBe(publicKey);
    expect((await post(app, '/api/reminders/key', {}, null)).statusCode).toBe(401);
  });

  it("sends one encrypted reminder naming today's prompt at the device's time, once a day", async () => {
    const user = await buildUser(get().db);
    const phone = device(`${FCM}/${unique('phone')}`);
    // Mondays and Fridays at 20:30 in Berlin (UTC+1 in November).
    await subscribe(user, {
      subscription: phone.subscription,
      time: '20:30',
      days: [1, 5],
      timeZone: 'Europe/Berlin',
    });
    const mine = () =>
      received.filter((r) => r.path === new URL(phone.subscription.endpoint).pathname);

    // Monday 23 Nov 2026, 19:29 UTC = 20:29 in Berlin: not yet.
    await sendDueReminders(get(), send(), at('2026-11-23T19:29:00Z'));
    expect(mine()).toHaveLength(0);
    // Two instances find it due at the same moment: one push.
    const runs = await Promise.all([
      sendDueReminders(get(), send(), at('2026-11-23T19:31:00Z')),
      sendDueReminders(get(), send(), at('2026-11-23T19:31:00Z')),
    ]);
    expect(runs.map((r) => r.sent).reduce((a, b) => a + b)).toBeGreaterThanOrEqual(1);
    expect(mine()).toHaveLength(1);
    const [push] = mine();
    expect(push?.headers['content-encoding']).toBe('aes128gcm');
    expect(String(push?.headers.authorization)).toMatch(/^vapid t=/);
    const message = phone.decrypt(push?.body ?? Buffer.alloc(0));
    expect(message.url).toBe('/answer/today');
    expect(message.body).toMatch(/^Today's prompt: .+/);

    // Later the same evening: nothing more.
    await sendDueReminders(get(), send(), at('2026-11-23T21:00:00Z'));
    expect(mine()).toHaveLength(1);
    // Tuesday is not a chosen day; Friday is.
    await sendDueReminders(get(), send(), at('2026-11-24T20:00:00Z'));
    expect(mine()).toHaveLength(1);
    await sendDueReminders(get(), send(), at('2026-11-27T20:00:00Z'));
    expect(mine()).toHaveLength(2);
  });

  it('stays quiet when the person has already written today', async () => {
    const user = await buildUser(get().db);
    const laptop = device(`${FCM}/${unique('laptop')}`);
    const everyDay = [0, 1, 2, 3, 4, 5, 6];
    await subscribe(user, {
      subscription: laptop.subscription,
      time: '00:00',
      days: everyDay,
      timeZone: 'UTC',
    });
    const saved = await post(
      app,
      '/api/answer/save',
      {
        answer: { _id: unique('a'), prompt_title: 'Journal', text: 'Written today' },
      },
      user,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const pushes = () =>
      received.filter((r) => r.path === new URL(laptop.subscription.endpoint).pathname);
    const run = await sendDueReminders(get(), send(), new Date(Date.now() + 1000));
    expect(run.alreadyWritten).toBeGreaterThanOrEqual(1);
    expect(pushes()).toHaveLength(0);
    // Tomorrow, not written yet: reminded.
    await sendDueReminders(get(), send(), new Date(Date.now() + 86_400_000));
    expect(pushes()).toHaveLength(1);
  });

  it('knows "written today" by the device’s own day, at UTC+14 and UTC-11', async () => {
    const everyDay = [0, 1, 2, 3, 4, 5, 6];
    // Each reminder is due at 20:31 on the device's Nov 24 (Kiritimati) or Nov 23 (Pago Pago).
    // One person wrote that local morning, on another UTC date than the due moment's: no
    // reminder. The other wrote late the local evening before, within 24 hours: reminded.
    const cases = [
      {
        zone: 'Pacific/Kiritimati',
        localDay: '2025-11-24',
        due: '2025-11-24T06:31:00Z',
        wroteToday: '2025-11-23T18:00:00Z', // Nov 24, 08:00 there
        wroteYesterday: '2025-11-23T09:00:00Z', // Nov 23, 23:00 there
      },
      {
        zone: 'Pacific/Pago_Pago',
        localDay: '2025-11-23',
        due: '2025-11-24T07:31:00Z',
        wroteToday: '2025-11-23T20:00:00Z', // Nov 23, 09:00 there
        wroteYesterday: '2025-11-23T09:00:00Z', // Nov 22, 22:00 there
      },
    ];
    for (const c of cases) {
      const pushesTo = async (answered: string) => {
        const user = await buildUser(get().db);
        const phone = device(`${FCM}/${unique('zone')}`);
        await subscribe(user, {
          subscription: phone.subscription,
          time: '20:30',
          days: everyDay,
          timeZone: c.zone,
        });
        const answer = { _id: unique('a'), prompt_title: 'Journal', text: 'Words', answered };
        const saved = await post(app, '/api/answer/save', { answer }, user);
        expect(saved.statusCode, saved.body).toBe(200);
        return { phone, path: new URL(phone.subscription.endpoint).pathname };
      };
      const wroteToday = await pushesTo(c.wroteToday);
      const wroteYesterday = await pushesTo(c.wroteYesterday);
      await sendDueReminders(get(), send(), at(c.due));
      expect(
        received.filter((r) => r.path === wroteToday.path),
        c.zone,
      ).toHaveLength(0);
      const reminded = received.filter((r) => r.path === wroteYesterday.path);
      expect(reminded, c.zone).toHaveLength(1);
      // It names the prompt of the device's own day.
      const daily = await get()
        .db.selectFrom('daily_prompts')
        .innerJoin('prompts', 'prompts.id', 'daily_prompts.prompt_id')
        .select('prompts.title')
        .where('daily_prompts.day', '=', c.localDay)
        .executeTakeFirstOrThrow();
      const message = wroteYesterday.phone.decrypt(reminded[0]?.body ?? Buffer.alloc(0));
      expect(message.body).toBe(`Today's prompt: ${daily.title}`);
    }
  });

  it('removes a subscription the push service says is gone', async () => {
    const user = await buildUser(get().db);
    const old = device(`${FCM}/gone-${unique('old')}`);
    await subscribe(user, {
      subscription: old.subscription,
      time: '07:00',
      days: [3],
      timeZone: 'UTC',
    });
    const run = await sendDueReminders(get(), send(), at('2026-12-02T07:01:00Z'));
    expect(run.gone).toBeGreaterThanOrEqual(1);
    // Gone: unsubscribing it now finds nothing.
    const response = await post(
      app,
      '/api/reminders/unsubscribe',
      { endpoint: old.subscription.endpoint },
      user,
    );
    expect(response.statusCode).toBe(404);
  });

  it('refuses bad reminders with a 400 and lets only the owner remove one', async () => {
    const user = await buildUser(get().db);
    const other = await buildUser(get().db);
    const phone = device(`${FCM}/${unique('p')}`);
    const good = { subscription: phone.subscription, time: '20:30', days: [1], timeZone: 'UTC' };
    for (const bad of [
      { ...good, time: '25:00' },
      { ...good, days: [] },
      { ...good, days: [1, 1] },
      { ...good, days: [7] },
      { ...good, timeZone: 'Mars/Olympus' },
      { ...good, subscription: { endpoint: 'not a url', keys: phone.subscription.keys } },
    ]) {
      expect((await post(app, '/api/reminders/subscribe', bad, user)).statusCode).toBe(400);
    }
    await subscribe(user, good);
    const foreign = await post(
      app,
      '/api/reminders/unsubscribe',
      { endpoint: good.subscription.endpoint },
      other,
    );
    expect(foreign.statusCode).toBe(404);
    const own = await post(
      app,
      '/api/reminders/unsubscribe',
      { endpoint: good.subscription.endpoint },
      user,
    );
    expect(own.statusCode).toBe(200);
  });
});
