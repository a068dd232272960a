import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '#server/config.ts';
import { createDatabase } from '#server/db/database.ts';
import { buildUser, post, type TestUser, unique } from '#tests/support/factories.ts';
import { openSse, type SseStream } from '#tests/support/sse.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { liveStreamCap, softFileLimit, streamCapForFileLimit } from './live-stream-cap.ts';

// Nobody can take every live stream (issue 34 point 5): a cap per client as the rate limits see
// it, a cap per instance from the file limit, and a lifetime after which EventSource resumes
// with Last-Event-ID, losing and repeating nothing. On each database's bus, and on Redis's.

type Bus = { name: string; skip: boolean; config: () => Partial<Config> };
const buses: Bus[] = [
  { name: "the database's bus", skip: false, config: () => ({}) },
  {
    name: 'Redis',
    skip: !process.env.TEST_REDIS_URL,
    config: () => ({
      redisUrl: process.env.TEST_REDIS_URL as string,
      redisPrefix: `muse-live-${randomBytes(6).toString('hex')}:`,
    }),
  },
];

/** Waits for the server to end `stream`, failing after `ms` (the lifetimes here are 1.5 s). */
const endOf = (stream: SseStream, ms = 10_000) =>
  Promise.race([
    stream.ended,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`the stream was not ended within ${ms} ms`)), ms),
    ),
  ]);

describeEachDatabase('live stream caps', (get) => {
  for (const bus of buses) {
    describe.skipIf(bus.skip)(`over ${bus.name}`, () => {
      const apps: FastifyInstance[] = [];
      const streams: SseStream[] = [];
      /** An app listening on a port (streams are real sockets), its bus heard before it serves. */
      const start = async (overrides: Partial<Config>) => {
        const app = await buildTestApp(get().db, { ...bus.config(), ...overrides });
        apps.push(app);
        const origin = await app.listen({ port: 0, host: '127.0.0.1' });
        await expect
          .poll(async () => (await app.inject({ url: '/readyz' })).json().live, {
            timeout: 10_000,
          })
          .toBe('up');
        const open = async (headers: Record<string, string> = {}) => {
          const stream = await openSse(`${origin}/api/world/live`, headers);
          streams.push(stream);
          return stream;
        };
        return { app, open };
      };
      const from = (address: string) => ({ 'X-Forwarded-For': address });
      afterEach(async () => {
        for (const stream of streams.splice(0)) stream.close();
        for (const app of apps.splice(0)) await app.close();
      });

      it('holds one client to its cap, by address or IPv6 /64, while others still get a stream', async () => {
        const { open } = await start({ trustProxy: ['127.0.0.1'], liveStreamsPerAddress: 3 });
        for (let n = 0; n < 3; n += 1) expect((await open(from('203.0.113.7'))).status).toBe(200);
        const over = await open(from('203.0.113.7'));
        expect(over.status).toBe(429);
        expect(over.headers.get('retry-after')).toBe('60');
        await over.ended;
        expect(JSON.parse(over.raw())).toEqual({
          error: 'Too many live streams from your network: try again in a minute',
        });
        // A /64 is one client, whichever addresses in it it picks.
        for (const address of ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:ffff::3']) {
          expect((await open(from(address))).status).toBe(200);
        }
        expect((await open(from('2001:db8:1:2:abcd::9'))).status).toBe(429);
        expect((await open(from('2001:db8:1:3::1'))).status).toBe(200);
        expect((await open(from('198.51.100.20'))).status).toBe(200);

        // One of its streams closed, the client may open another.
        streams[0]?.close();
        await expect
          .poll(async () => {
            const again = await open(from('203.0.113.7'));
            if (again.status !== 200) again.close();
            return again.status;
          })
          .toBe(200);
      });

      it('from many addresses, each held to its cap, leaves room for a newcomer; past the instance cap, 503', async () => {
        const { app, open } = await start({
          trustProxy: ['127.0.0.1'],
          liveStreamsPerAddress: 2,
          maxLiveStreams: 45,
        });
        // The audit's attack, scaled down: 20 addresses each asking for 5 streams.
        const answers: number[] = [];
        for (let address = 1; address <= 20; address += 1) {
          for (let n = 0; n < 5; n += 1) {
            answers.push((await open(from(`192.0.2.${address}`))).status);
          }
        }
        expect(answers.filter((status) => status === 200)).toHaveLength(40);
        expect(answers.filter((status) => status === 429)).toHaveLength(60);
        const gauge = await app.museMetrics.getSingleMetric('muse_live_streams')?.get();
        expect(gauge?.values[0]?.value).toBe(40);
        // Someone else still gets a stream.
        expect((await open(from('198.51.100.1'))).status).toBe(200);

        // The instance's own cap is the last line: 503 for everyone past it.
        for (let address = 100; address < 104; address += 1) await open(from(`192.0.2.${address}`));
        const full = await open(from('198.51.100.2'));
        expect(full.status).toBe(503);
        expect(full.headers.get('retry-after')).toBe('5');
      });

      it('believes X-Forwarded-For only from a trusted proxy: a direct client cannot pose as many', async () => {
        const { open } = await start({ trustProxy: false, liveStreamsPerAddress: 2 });
        expect((await open(from('192.0.2.1'))).status).toBe(200);
        expect((await open(from('192.0.2.2'))).status).toBe(200);
        expect((await open(from('192.0.2.3'))).status).toBe(429);
      });

      describe('a stream that reaches its lifetime', () => {
        let author: TestUser;
        let reader: TestUser;
        beforeAll(async () => {
          author = await buildUser(get().db, { name: unique('Lifetime') });
          reader = await buildUser(get().db);
        });
        const share = async (app: FastifyInstance, text: string) => {
          const id = unique('life');
          const answer = { _id: id, prompt_id: '', prompt_title: 'Live', text };
          expect((await post(app, '/api/answer/save', { answer }, author)).statusCode).toBe(200);
          const shared = await post(
            app,
            '/api/answer/share',
            { answer_id: id, anonymous: false },
            author,
          );
          expect(shared.statusCode).toBe(200);
          return id;
        };
        const answersIn = (stream: SseStream) =>
          stream.events
            .filter((e) => e.event === 'answer')
            .map((e) => JSON.parse(e.data).answer._id);

        it('ends, and resumed with Last-Event-ID gets what happened meanwhile, once', async () => {
          const { app, open } = await start({ liveStreamLifetimeMs: 1_500 });
          const first = await open();
          const a = await share(app, 'Shared before the stream ended');
          await first.next((e) => e.event === 'answer' && e.data.includes(a));
          await endOf(first);
          expect(first.events.some((e) => e.event === 'reset')).toBe(false);

          // Between the end and EventSource's reconnection (its `retry:`), the world goes on.
          const b = await share(app, 'Shared while nobody was connected');
          expect((await post(app, '/api/answer/like', { answer_id: a }, reader)).statusCode).toBe(
            200,
          );
          const again = await open({ 'Last-Event-ID': first.lastEventId() });
          await again.next((e) => e.event === 'answer' && e.data.includes(b));
          const loves = await again.next((e) => e.event === 'loves' && e.data.includes(a));
          expect(JSON.parse(loves.data)).toEqual({ _id: a, likes: 2 });
          const c = await share(app, 'Shared after the reconnection');
          await again.next((e) => e.event === 'answer' && e.data.includes(c));
          // Nothing twice, nothing lost, no reset.
          expect([...answersIn(first), ...answersIn(again)]).toEqual([a, b, c]);
          expect(again.events.some((e) => e.event === 'reset')).toBe(false);
        });

        it('resumes where it started when it ended before any event came', async () => {
          const { app, open } = await start({ liveStreamLifetimeMs: 1_500 });
          // A fresh instance: nothing heard yet, and this stream hears nothing either.
          const quiet = await open();
          await endOf(quiet);
          expect(quiet.events).toEqual([]);
          expect(quiet.lastEventId()).not.toBe('');
          const a = await share(app, 'Shared while the quiet stream was away');
          const again = await open({ 'Last-Event-ID': quiet.lastEventId() });
          await again.next((e) => e.event === 'answer' && e.data.includes(a));
          await endOf(again);

          // Again, once something has been heard: it resumes after that, not from the start.
          const b = await share(app, 'Shared in the second gap');
          const third = await open({ 'Last-Event-ID': again.lastEventId() });
          await third.next((e) => e.event === 'answer' && e.data.includes(b));
          expect(answersIn(third)).toEqual([b]);
          expect([...again.events, ...third.events].some((e) => e.event === 'reset')).toBe(false);
        });
      });
    });
  }
});

describe('the instance cap', () => {
  it('comes from the soft file limit, leaving room for everything else', () => {
    const limits = [
      'Limit                     Soft Limit           Hard Limit           Units     ',
      'Max cpu time              unlimited            unlimited            seconds   ',
      'Max open files            20000                524288               files     ',
      'Max locked memory         8388608              8388608              bytes     ',
    ].join('\n');
    expect(softFileLimit(limits)).toBe(20_000);
    expect(softFileLimit(limits.replace('20000 ', 'unlimited'))).toBe(Number.POSITIVE_INFINITY);
    expect(softFileLimit('')).toBeNull();
    // Half of what the reserve (database, Redis, files, listening sockets) leaves.
    expect(streamCapForFileLimit(20_000)).toBe(9_744);
    expect(streamCapForFileLimit(1_024)).toBe(256);
    // Memory bounds it where the limit is huge; a tiny limit still leaves a few.
    expect(streamCapForFileLimit(1_048_576)).toBe(50_000);
    expect(streamCapForFileLimit(Number.POSITIVE_INFINITY)).toBe(50_000);
    expect(streamCapForFileLimit(100)).toBe(16);
    // Where there is no /proc (not Linux), a cap any usual limit allows.
    expect(streamCapForFileLimit(null)).toBe(1_000);
  });

  it("is this process's own, unless MUSE_MAX_LIVE_STREAMS says otherwise", async () => {
    expect(liveStreamCap(7, () => 'Max open files 100000 100000 files')).toBe(7);
    expect(
      liveStreamCap(null, () => {
        throw new Error('ENOENT: no /proc here');
      }),
    ).toBe(1_000);
    const expected = streamCapForFileLimit(
      softFileLimit(fs.readFileSync('/proc/self/limits', 'utf8')),
    );
    const db = createDatabase({ kind: 'sqlite', file: ':memory:' });
    const capOf = async (maxLiveStreams: number | null) => {
      const app = await buildTestApp(db, { maxLiveStreams, secret: 'x'.repeat(32) });
      try {
        const gauge = await app.museMetrics.getSingleMetric('muse_live_streams_max')?.get();
        return gauge?.values[0]?.value;
      } finally {
        await app.close();
      }
    };
    try {
      expect(await capOf(null)).toBe(expected);
      expect(await capOf(123)).toBe(123);
    } finally {
      await db.destroy();
    }
  });
});
