import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import {
  answerId,
  saveAnswerAs,
  sharedAnswerOf,
} from '#server/features/answers/answer-fixtures.ts';
import { multipart } from '#server/features/transfer/import-fixtures.ts';
import { buildUser, post, type TestUser } from '#tests/support/factories.ts';
import { newPrompt } from '#tests/support/prompt-kit.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { createMemoryUsageStore, type UsageStore } from './usage-store.ts';
import { GOING_TOO_FAST } from './write-limits.ts';

// Issue 34 point 2, "the same gap": every call that writes rows or text is on the write budget,
// not only saves and imports. The audit's case: /api/answer/share/update took 50,000 characters
// at a time with no limit at all.

const MIB = 1024 * 1024;
const HOUR = 60 * 60 * 1000;
const BIG = 'word '.repeat(10_000); // 50,000 characters: the longest answer there is

describeEachDatabase('write limits on every door that writes', (get) => {
  /** The real limits, counted at one frozen instant so no window turns mid-test. */
  async function strictApp(): Promise<{ app: FastifyInstance; store: UsageStore; at: number }> {
    const store = createMemoryUsageStore();
    const at = Date.now();
    const frozen: UsageStore = {
      add: (key, amount, windowMs) => store.add(key, amount, windowMs, at),
    };
    const app = await buildTestApp(get().db, { relaxedRateLimits: false }, { usageStore: frozen });
    return { app, store, at };
  }

  it('a script rewriting the shared copy of an answer with 50,000 characters is stopped within a few MB', async () => {
    const { app } = await strictApp();
    try {
      const author = await buildUser(get().db);
      const shared = await sharedAnswerOf(app, author);
      const statuses: number[] = [];
      let refused: Awaited<ReturnType<typeof post>> | undefined;
      for (let i = 0; i < 60; i += 1) {
        const response = await post(
          app,
          '/api/answer/share/update',
          { answer_id: shared, text: `${i} ${BIG}`.slice(0, 50_000) },
          author,
        );
        statuses.push(response.statusCode);
        if (response.statusCode === 429) refused ??= response;
      }
      // About 2 MiB went through, then every further one waited.
      const passed = statuses.filter((status) => status === 200).length;
      expect(passed).toBeGreaterThan(20);
      expect(passed).toBeLessThan(45);
      expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
      expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused?.json().error).toBe(GOING_TOO_FAST);
    } finally {
      await app.close();
    }
  });

  it("every door that writes waits once the caller's hour is spent, and nobody else's does", async () => {
    const { app, store, at } = await strictApp();
    try {
      const setUp = async () => {
        const user = await buildUser(get().db);
        const own = await saveAnswerAs(app, user);
        const prompt = await post(app, '/api/prompt/create', { prompt: newPrompt() }, user);
        expect(prompt.statusCode, prompt.body).toBe(200);
        return { user, answer: own._id, prompt: prompt.json().prompt };
      };
      const stranger = await buildUser(get().db);
      const theirs = await sharedAnswerOf(app, stranger);
      const doors: [string, (me: Awaited<ReturnType<typeof setUp>>) => unknown][] = [
        [
          '/api/answer/share',
          (me) => ({ answer_id: me.answer, anonymous: false, user_id: me.user.id }),
        ],
        ['/api/answer/unshare', (me) => ({ answer_id: me.answer })],
        ['/api/answer/share/update', (me) => ({ answer_id: me.answer, text: 'A new copy' })],
        ['/api/answer/like', (me) => ({ answer_id: theirs, user_id: me.user.id })],
        ['/api/answer/unlike', (me) => ({ answer_id: theirs, user_id: me.user.id })],
        ['/api/answer/unreport', () => ({ answer_id: theirs })],
        ['/api/prompt/save', (me) => ({ prompt: { ...me.prompt, title: 'Edited' } })],
        ['/api/user/update', (me) => ({ user: { _id: me.user.id, name: me.user.name } })],
        [
          '/api/user/profilePicture',
          (me) => ({ _id: me.user.id, profilePicture: '/media/pictures/none.webp' }),
        ],
        ['/api/answer/save', () => ({ answer: { _id: answerId(), prompt_title: 'J', text: 'x' } })],
      ];
      for (const [url, body] of doors) {
        const spent = await setUp();
        const fresh = await setUp();
        // The hour's whole byte allowance, as hours of writing would have spent it.
        await store.add(`bytes:user:${spent.user.id}`, 16 * MIB, HOUR, at);
        const refused = await post(app, url, body(spent), spent.user);
        expect(refused.statusCode, `${url}: ${refused.body}`).toBe(429);
        expect(Number(refused.headers['retry-after']), url).toBeGreaterThan(0);
        const other = await post(app, url, body(fresh), fresh.user);
        expect(other.statusCode, `${url}: ${other.body}`).not.toBe(429);
      }
    } finally {
      await app.close();
    }
  });

  it('a picture is charged by what it stores: a spent hour refuses it and keeps nothing', async () => {
    const { app, store, at } = await strictApp();
    try {
      const photo = await sharp({
        create: { width: 600, height: 400, channels: 3, background: '#406080' },
      })
        .png()
        .toBuffer();
      const upload = (user: TestUser) => {
        const body = multipart('me.png', photo);
        return app.inject({
          method: 'POST',
          url: '/api/user/picture',
          payload: body.payload,
          headers: { ...body.headers, cookie: user.cookie },
        });
      };
      const pictures = async (user: TestUser) =>
        (
          await get()
            .db.selectFrom('pictures')
            .select('url')
            .where('user_id', '=', user.id)
            .execute()
        ).length;
      const spent = await buildUser(get().db);
      // One byte short of the hour's allowance: the stored picture would pass it.
      await store.add(`bytes:user:${spent.id}`, 16 * MIB - 1, HOUR, at);
      const refused = await upload(spent);
      expect(refused.statusCode, refused.body).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await pictures(spent)).toBe(0);
      const fresh = await buildUser(get().db);
      expect((await upload(fresh)).statusCode).toBe(200);
      expect(await pictures(fresh)).toBe(1);
    } finally {
      await app.close();
    }
  });
});
