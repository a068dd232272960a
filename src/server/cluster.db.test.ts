import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceMarker, todayFields } from '#tests/support/factories.ts';
import {
  call,
  emptyPostgresDatabase,
  type Instance,
  startInstance,
  writeBurst,
} from '#tests/support/instances.ts';
import { openSse, type SseStream } from '#tests/support/sse.ts';
import { createDatabase } from './db/database.ts';
import { rateLimits } from './plugins/rate-limits.ts';

// Two REAL instances (child processes of src/server/main.ts) on one fresh PostgreSQL database,
// with default rate limits, behind a pretend proxy (TRUST_PROXY=loopback, so each test person
// can come from an address of their own). Once with PostgreSQL alone (LISTEN/NOTIFY, the
// rate_limits table) and once with Redis (pub/sub, Redis counters under a fresh prefix).

const variants = [
  { name: 'PostgreSQL', redis: false },
  { name: 'PostgreSQL + Redis', redis: true },
];

let addressCounter = 0;
/** A fresh client address for X-Forwarded-For. */
function address(): string {
  addressCounter += 1;
  return `198.51.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

type Person = { cookie: string; id: string; name: string; from: Record<string, string> };

async function signUp(origin: string): Promise<Person> {
  const from = { 'X-Forwarded-For': address() };
  const id = `u${randomBytes(6).toString('hex')}`;
  const created = await call(
    origin,
    '/api/user/create',
    { user: { _id: id }, device: deviceMarker() },
    null,
    from,
  );
  expect(created.status).toBe(200);
  const name = `Person${randomBytes(4).toString('hex')}`;
  const signed = await call(
    origin,
    '/api/signup',
    {
      user: { _id: id, name, email: `${name}@example.com`, password: 'a long password' },
      ...todayFields(),
    },
    created.cookie,
    from,
  );
  expect(signed.status).toBe(200);
  return { cookie: signed.cookie as string, id, name, from };
}

for (const variant of variants) {
  const skip = !process.env.TEST_DATABASE_URL || (variant.redis && !process.env.TEST_REDIS_URL);
  describe.skipIf(skip)(`two instances on one database [${variant.name}]`, () => {
    let a: Instance;
    let b: Instance;
    let drop: () => Promise<void> = async () => {};
    let url = '';
    const streams: SseStream[] = [];

    beforeAll(async () => {
      const database = await emptyPostgresDatabase();
      drop = database.drop;
      url = database.url;
      const env: Record<string, string> = {
        DATABASE_URL: url,
        MUSE_RATE_LIMITS: 'default',
        TRUST_PROXY: 'loopback',
      };
      if (variant.redis) {
        env.REDIS_URL = process.env.TEST_REDIS_URL as string;
        // A prefix of this run's own: parallel runs on one Redis never share counters.
        env.REDIS_PREFIX = `muse-cluster-${randomBytes(6).toString('hex')}:`;
      }
      [a, b] = await Promise.all([startInstance({ env }), startInstance({ env })]);
      // Both hear the bus (LISTEN or SUBSCRIBE done) before the tests begin.
      for (const instance of [a, b]) {
        const deadline = Date.now() + 10_000;
        let live = '';
        while (live !== 'up' && Date.now() < deadline) {
          const ready = await fetch(`${instance.origin}/readyz`);
          live = ((await ready.json()) as { live: string }).live;
          if (live !== 'up') await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(live).toBe('up');
      }
    });
    afterAll(async () => {
      for (const stream of streams) stream.close();
      await Promise.all([a?.stop(), b?.stop()]);
      await drop();
    });

    it('a session started on A works on B', async () => {
      const person = await signUp(a.origin);
      const onB = await call(b.origin, '/api/user', {}, person.cookie, person.from);
      expect(onB.status).toBe(200);
      expect((await onB.json()).user).toMatchObject({ _id: person.id, name: person.name });
    });

    it('a share on A reaches B’s live stream within a second', async () => {
      const stream = await openSse(`${b.origin}/api/world/live`);
      streams.push(stream);
      expect(stream.status).toBe(200);
      const author = await signUp(a.origin);
      const answerId = `live${randomBytes(5).toString('hex')}`;
      const text = `Shared live across instances ${randomBytes(3).toString('hex')}`;
      const saved = await call(
        a.origin,
        '/api/answer/save',
        { answer: { _id: answerId, prompt_id: '', prompt_title: 'Cluster', text } },
        author.cookie,
        author.from,
      );
      expect(saved.status).toBe(200);
      const sharedAt = Date.now();
      // By name: told at once. An anonymous share waits for the hour and is announced by each
      // instance itself (decision 057; world-live.routes.test.ts).
      const shared = await call(
        a.origin,
        '/api/answer/share',
        { answer_id: answerId, anonymous: false },
        author.cookie,
        author.from,
      );
      expect(shared.status).toBe(200);
      const event = await stream.next(
        (e) => e.event === 'answer' && e.data.includes(answerId),
        1_000,
      );
      expect(Date.now() - sharedAt).toBeLessThan(1_000);
      expect(JSON.parse(event.data).answer).toMatchObject({
        _id: answerId,
        text,
        anonymous: false,
        user_id: author.id,
      });
    });

    it('loves through both instances add up exactly, and both streams hear the count', async () => {
      const author = await signUp(a.origin);
      const answerId = `love${randomBytes(5).toString('hex')}`;
      await call(
        b.origin,
        '/api/answer/save',
        { answer: { _id: answerId, prompt_id: '', prompt_title: 'Cluster', text: 'Love me' } },
        author.cookie,
        author.from,
      );
      const shared = await call(
        b.origin,
        '/api/answer/share',
        { answer_id: answerId, anonymous: false },
        author.cookie,
        author.from,
      );
      expect(shared.status).toBe(200);
      const onA = await openSse(`${a.origin}/api/world/live`);
      streams.push(onA);
      const lovers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => signUp(i % 2 ? a.origin : b.origin)),
      );
      const answers = await Promise.all(
        lovers.map((lover, i) =>
          call(
            i % 2 ? b.origin : a.origin,
            '/api/answer/like',
            { answer_id: answerId },
            lover.cookie,
            lover.from,
          ),
        ),
      );
      expect(answers.map((response) => response.status)).toEqual(Array(8).fill(200));
      // The author's own love (from sharing) plus eight.
      await onA.next((e) => e.event === 'loves' && e.data === `{"_id":"${answerId}","likes":9}`);
      for (const instance of [a, b]) {
        const feed = await (await call(instance.origin, '/api/answer/shared', { page: 1 })).json();
        const item = feed.sharedAnswers.find((x: { _id: string }) => x._id === answerId);
        expect(item?.likes).toBe(9);
      }
    });

    it('a love given on A is in B’s cached feed on the lover’s very next read', async () => {
      const author = await signUp(a.origin);
      const lover = await signUp(b.origin);
      const answerId = `fresh${randomBytes(5).toString('hex')}`;
      await call(
        a.origin,
        '/api/answer/save',
        { answer: { _id: answerId, prompt_id: '', prompt_title: 'Cluster', text: 'Fresh love' } },
        author.cookie,
        author.from,
      );
      const shared = await call(
        a.origin,
        '/api/answer/share',
        { answer_id: answerId, anonymous: false },
        author.cookie,
        author.from,
      );
      expect(shared.status).toBe(200);
      type Item = { _id: string; likes: number; likers: string[] };
      const onPage = async (origin: string, person: Person | null) => {
        const response = await call(
          origin,
          '/api/answer/shared',
          { page: 1 },
          person?.cookie ?? null,
          person?.from,
        );
        expect(response.status).toBe(200);
        const feed = (await response.json()) as { sharedAnswers: Item[] };
        return feed.sharedAnswers.find((item) => item._id === answerId);
      };
      // B caches page 1 with the author's own love only, as the lover and a visitor see it.
      for (let n = 0; n < 2; n += 1) {
        expect(await onPage(b.origin, lover)).toMatchObject({ likes: 1, likers: [] });
        expect(await onPage(b.origin, null)).toMatchObject({ likes: 1, likers: [] });
      }
      const loved = await call(
        a.origin,
        '/api/answer/like',
        { answer_id: answerId },
        lover.cookie,
        lover.from,
      );
      expect(loved.status).toBe(200);
      // No waiting for any bus: the lover's very next read on B.
      expect(await onPage(b.origin, lover)).toMatchObject({ likes: 2, likers: [lover.id] });
      // A visitor (who cannot have given it) hears of it by NOTIFY: a moment later at most.
      await expect
        .poll(async () => (await onPage(b.origin, null))?.likes, { timeout: 2_000 })
        .toBe(2);
      const unloved = await call(
        b.origin,
        '/api/answer/unlike',
        { answer_id: answerId },
        lover.cookie,
        lover.from,
      );
      expect(unloved.status).toBe(200);
      expect(await onPage(a.origin, lover)).toMatchObject({ likes: 1, likers: [] });
      await expect
        .poll(async () => (await onPage(a.origin, null))?.likes, { timeout: 2_000 })
        .toBe(1);
    });

    it('per-address limits count across both instances', async () => {
      const { max } = rateLimits(false).createUser;
      const from = { 'X-Forwarded-For': address() };
      const statuses: number[] = [];
      for (let i = 0; i < max + 1; i += 1) {
        const instance = i % 2 ? b : a;
        const id = `rl${randomBytes(6).toString('hex')}`;
        statuses.push(
          (
            await call(
              instance.origin,
              '/api/user/create',
              { user: { _id: id }, device: deviceMarker() },
              null,
              from,
            )
          ).status,
        );
      }
      expect(statuses.slice(0, max)).toEqual(Array(max).fill(200));
      expect(statuses[max]).toBe(429);
      // Another address is not affected.
      const other = { 'X-Forwarded-For': address() };
      expect(
        (
          await call(
            b.origin,
            '/api/user/create',
            { user: { _id: `ok${randomBytes(6).toString('hex')}` }, device: deviceMarker() },
            null,
            other,
          )
        ).status,
      ).toBe(200);
    });

    it('SIGTERM to A during a write burst loses nothing acknowledged; B keeps serving', async () => {
      const writer = await signUp(a.origin);
      const burst = writeBurst(a.origin, writer.cookie, a.exited, 6);
      await new Promise((resolve) => setTimeout(resolve, 500));
      a.child.kill('SIGTERM');
      const [{ acknowledged }, code] = await Promise.all([burst, a.exited]);
      expect(code, a.output()).toBe(0);
      expect(acknowledged.length).toBeGreaterThan(0);
      const onB = await call(b.origin, '/api/user/answers', {}, writer.cookie, writer.from);
      expect(onB.status).toBe(200);
      const db = createDatabase({ kind: 'postgres', url });
      try {
        const rows = await db
          .selectFrom('answers')
          .select('id')
          .where('user_id', '=', writer.id)
          .execute();
        const stored = new Set(rows.map((row) => row.id));
        expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
      } finally {
        await db.destroy();
      }
    });
  });
}
