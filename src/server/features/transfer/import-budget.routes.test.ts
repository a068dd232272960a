import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { clientKey } from '#server/plugins/client-address.ts';
import { createMemoryUsageStore, type UsageStore } from '#server/plugins/usage-store.ts';
import type { ImportSummary } from '#shared/api/transfer.ts';
import { buildUser, post, type TestUser } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { answerId } from '../answers/answer-fixtures.ts';
import { multipart, zipOf } from './import-fixtures.ts';

// Issue 34 point 2: an import is charged what it really stores, unpacked, to the same per-person
// and per-address budgets as saves, all or nothing; a zip is judged by its whole expansion and a
// file by its number of entries. The audit's attack (a 0.5 MB zip of 2,000 Markdown files of
// 49,000 characters, 110 MB in the database) is refused; a genuine export still comes in.

const MIB = 1024 * 1024;
const HOUR = 60 * 60 * 1000;
/** 49,000 characters, as in the audit, made unique by `tag` and `n`. */
const longText = (tag: string, n: number) =>
  `${tag} ${n} ${'word '.repeat(9_799)}`.slice(0, 49_000);
/**
 * Markdown files, each a dated file of 49,000 characters of its own (the same words on the same
 * day are one entry, whatever the file is called).
 */
const markdownFiles = (count: number, tag: string): [string, string][] =>
  Array.from({ length: count }, (_, i) => [`notes/2025-01-01-${tag}-${i}.md`, longText(tag, i)]);

describeEachDatabase('import: charged to the write budget', (get) => {
  /** The real limits (not relaxed), counted at one frozen instant so no window turns mid-test. */
  async function strictApp(): Promise<{ app: FastifyInstance; store: UsageStore; at: number }> {
    const store = createMemoryUsageStore();
    const at = Date.now();
    const frozen: UsageStore = {
      add: (key, amount, windowMs) => store.add(key, amount, windowMs, at),
    };
    const app = await buildTestApp(get().db, { relaxedRateLimits: false }, { usageStore: frozen });
    return { app, store, at };
  }

  const upload = (
    app: FastifyInstance,
    user: TestUser,
    url: string,
    name: string,
    file: Buffer,
  ) => {
    const body = multipart(name, file);
    return app.inject({
      method: 'POST',
      url: `${url}?timeZone=UTC`,
      payload: body.payload,
      headers: { ...body.headers, cookie: user.cookie },
    });
  };
  const answersOf = async (userId: string) =>
    Number(
      (
        await get()
          .db.selectFrom('answers')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const allAnswers = async () =>
    Number(
      (
        await get()
          .db.selectFrom('answers')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("refuses the audit's zip (2,000 files of 49,000 characters in 0.5 MB) whole, writing nothing", async () => {
    const { app } = await strictApp();
    try {
      const zip = await zipOf(markdownFiles(2_000, 'bomb'));
      expect(zip.length).toBeLessThan(MIB);
      const before = await allAnswers();
      const visitor = await buildUser(get().db, { name: '' });
      for (const url of ['/api/user/import/preview', '/api/user/import']) {
        const response = await upload(app, visitor, url, 'notes.zip', zip);
        expect(response.statusCode, response.body).toBe(413);
        expect(response.json().error).toContain('unpacks to far more than it holds');
      }
      expect(await answersOf(visitor.id)).toBe(0);
      expect(await allAnswers()).toBe(before);
    } finally {
      await app.close();
    }
  });

  it("refuses a file holding more than the hour's budget of writing (413), even stored plainly", async () => {
    const { app } = await strictApp();
    try {
      // 350 × 49,000 characters, not compressed: the expansion is honest, the amount is not.
      const zip = await zipOf(markdownFiles(350, 'plain'), { compress: false });
      const visitor = await buildUser(get().db, { name: '' });
      for (const url of ['/api/user/import/preview', '/api/user/import']) {
        const response = await upload(app, visitor, url, 'notes.zip', zip);
        expect(response.statusCode, response.body).toBe(413);
        expect(response.json().error).toBe(
          'This file holds more than 16 MB of writing: import it in parts',
        );
      }
      expect(await answersOf(visitor.id)).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('refuses a file of more than 5,000 entries (413), writing nothing', async () => {
    const { app } = await strictApp();
    try {
      const answers = Array.from({ length: 5_001 }, (_, i) => ({
        prompt_title: 'Journal',
        text: `Entry ${i}`,
        answered: new Date(Date.UTC(2020, 0, 1) + i * 60_000).toISOString(),
      }));
      const file = Buffer.from(JSON.stringify({ answers }));
      const user = await buildUser(get().db);
      const response = await upload(app, user, '/api/user/import', 'muse-export.json', file);
      expect(response.statusCode, response.body).toBe(413);
      expect(response.json().error).toBe(
        'This file holds more than 5,000 entries: import it in parts',
      );
      expect(await answersOf(user.id)).toBe(0);
    } finally {
      await app.close();
    }
  });

  it("charges what an import stores to the person's hour: past it, 429 + Retry-After and nothing written", async () => {
    const { app } = await strictApp();
    try {
      const person = await buildUser(get().db);
      const importZip = async (count: number, tag: string) =>
        upload(
          app,
          person,
          '/api/user/import',
          `${tag}.zip`,
          await zipOf(markdownFiles(count, tag), { compress: false }),
        );
      // About 8.2 MiB of the hour's 16.
      const first = await importZip(175, 'first');
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json<{ imported: ImportSummary }>().imported.entries).toBe(175);
      // As much again would pass it: refused whole, and when to come back is said.
      const second = await importZip(175, 'second');
      expect(second.statusCode, second.body).toBe(429);
      expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
      expect(second.json().error).toMatch(
        /^Nothing was imported: .* Try again in (a minute|\d+ minutes)\.$/,
      );
      expect(await answersOf(person.id)).toBe(175);
      // The refused import cost nothing: what is left of the hour still comes in, and an
      // ordinary save right after an import is not held up by it.
      const third = await importZip(140, 'third');
      expect(third.statusCode, third.body).toBe(200);
      expect(await answersOf(person.id)).toBe(315);
      const save = await post(
        app,
        '/api/answer/save',
        { answer: { _id: answerId(), prompt_id: '', prompt_title: 'Journal', text: 'Still here' } },
        person,
      );
      expect(save.statusCode, save.body).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('charges the address too: fresh anonymous users from one address share its hour', async () => {
    const { app, store, at } = await strictApp();
    try {
      // The address has already brought in 47 MiB of its 48 this hour (as a crowd of fresh
      // visitors would, 16 MiB each): the next visitor's 2.3 MB import is refused.
      await store.add(`bytes:ip:${clientKey('127.0.0.1')}`, 47 * MIB, HOUR, at);
      const visitor = await buildUser(get().db, { name: '' });
      const zip = await zipOf(markdownFiles(48, 'crowd'), { compress: false });
      const response = await upload(app, visitor, '/api/user/import', 'notes.zip', zip);
      expect(response.statusCode, response.body).toBe(429);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(await answersOf(visitor.id)).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('brings in a genuine export from another device (300 answers, JSON and Markdown) under the real limits', async () => {
    const relaxed = await buildTestApp(get().db);
    const { app } = await strictApp();
    try {
      // A year of writing on the other device: 300 answers of about 1,500 characters.
      const writer = await buildUser(get().db);
      for (let i = 0; i < 300; i += 1) {
        const text = `Day ${i}: ${'what I noticed on the walk home, and why it mattered. '.repeat(27)}`;
        const saved = await post(
          relaxed,
          '/api/answer/save',
          { answer: { _id: answerId(), prompt_id: '', prompt_title: `Journal ${i}`, text } },
          writer,
        );
        expect(saved.statusCode, saved.body).toBe(200);
      }
      const json = (await post(relaxed, '/api/user/export', {}, writer)).rawPayload;
      const markdown = (
        await post(relaxed, '/api/user/export/markdown', { timeZone: 'UTC' }, writer)
      ).rawPayload;

      for (const [name, file] of [
        ['muse-export.json', json],
        ['muse-answers.zip', markdown],
      ] as const) {
        const newcomer = await buildUser(get().db, { name: '' });
        const preview = await upload(app, newcomer, '/api/user/import/preview', name, file);
        expect(preview.statusCode, preview.body).toBe(200);
        expect(preview.json<{ preview: ImportSummary }>().preview.entries).toBe(300);
        const imported = await upload(app, newcomer, '/api/user/import', name, file);
        expect(imported.statusCode, imported.body).toBe(200);
        expect(imported.json<{ imported: ImportSummary }>().imported.entries).toBe(300);
        expect(await answersOf(newcomer.id)).toBe(300);
      }
    } finally {
      await relaxed.close();
      await app.close();
    }
  });
});
