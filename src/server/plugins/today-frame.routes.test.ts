import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays, dayKey } from '#shared/domain/calendar-day.ts';
import { TODAY_FRAME_IDS, TODAY_FRAME_KEY } from '#shared/today-frame.ts';
import { buildUser, post, todayFields, unique } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';

// /answer/today as the server sends it (shared/today-frame.ts): the answer screen's frame, the
// prompts standing for the server's day and the days either side, and the one inline script
// that puts the device's day's title into the frame, allowed by the page's own policy.

const INDEX =
  '<!doctype html><html><head><title>Müse</title></head><body><div id="root"></div></body></html>';
const ANSWER = 'screens/answer/answer-screen.tsx';

/** A built client with the answer screen prerendered, as scripts/prerender.ts leaves it. */
function clientDirWithFrames(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-today-frame-'));
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
  fs.writeFileSync(
    path.join(dir, '.vite/manifest.json'),
    JSON.stringify({
      'main.tsx': { file: 'assets/index-1.js', isEntry: true },
      [ANSWER]: { file: 'assets/answer-screen-1.js' },
    }),
  );
  fs.writeFileSync(
    path.join(dir, '.vite/prerendered.json'),
    JSON.stringify({
      [ANSWER]: '<h1 class="loading">Loading…</h1>',
      [TODAY_FRAME_KEY]: `<h1><span id="${TODAY_FRAME_IDS.title}"></span></h1>`,
    }),
  );
  return dir;
}

/** The days' prompts the page carries. */
function pagePrompts(body: string): Record<string, { id: string; title: string }> {
  const pattern = new RegExp(
    `<script type="application/json" id="${TODAY_FRAME_IDS.data}">(.*?)</script>`,
  );
  const json = pattern.exec(body)?.[1];
  expect(json).toBeDefined();
  return JSON.parse(json ?? '{}');
}

describeEachDatabase('/answer/today with its prompt', (get) => {
  let app: FastifyInstance;
  let clientDir: string;
  const today = todayFields();
  const days = [addDays(today, -1), today, addDays(today, 1)];

  beforeAll(async () => {
    clientDir = clientDirWithFrames();
    app = await buildTestApp(get().db, {}, { clientDir });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it("carries each near day's prompt as /api/prompt/today names it, and the script that picks", async () => {
    const page = await app.inject({ method: 'GET', url: '/answer/today' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const prompts = pagePrompts(page.body);
    expect(Object.keys(prompts).sort()).toEqual(days.map(dayKey));
    const approved = await post(app, '/api/prompts/approved');
    const titles = new Map<string, string>(
      approved.json().prompts.map((p: { _id: string; title: string }) => [p._id, p.title]),
    );
    for (const day of days) {
      const { prompt_id } = (await post(app, '/api/prompt/today', day)).json();
      expect(prompts[dayKey(day)]).toEqual({ id: prompt_id, title: titles.get(prompt_id) });
    }

    // The frame first, then the data, then the one script, which the policy allows by its hash.
    const root = page.body.slice(page.body.indexOf('<div id="root">'));
    expect(root.indexOf(TODAY_FRAME_IDS.title)).toBeLessThan(root.indexOf(TODAY_FRAME_IDS.data));
    const scripts = [...page.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(scripts).toHaveLength(1);
    const digest = createHash('sha256')
      .update(scripts[0] ?? '')
      .digest('base64');
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toMatch(
      new RegExp(`script-src [^;]*'sha256-${digest.replace(/[+/]/g, '\\$&')}'`),
    );

    // Other answer screens keep the plain frame, with no prompt and no script.
    const other = await app.inject({ method: 'GET', url: '/answer/journal' });
    expect(other.body).toContain('Loading…');
    expect(other.body).not.toContain(TODAY_FRAME_IDS.data);
    expect(other.body).not.toContain('<script>');
  });

  it('sends the pages compressed as the browser asks, the same page in each encoding', async () => {
    for (const url of ['/answer/today', '/answer/journal']) {
      const plain = await app.inject({ method: 'GET', url });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toContain('Accept-Encoding');
      const br = await app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      const gzip = await app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'br;q=0, gzip' },
      });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    }
  });

  it('writes a title that holds markup as text the page cannot mistake for its own', async () => {
    const admin = await buildUser(get().db, { admin: true });
    const title = 'What ends </script><script>alert(1)</script> a page? <!-- or this';
    const prompt = { _id: unique('frame'), title, categories: ['Today'] };
    expect((await post(app, '/api/admin/prompt/create', { prompt }, admin)).statusCode).toBe(200);
    const later = addDays(today, 1);
    await get()
      .db.updateTable('daily_prompts')
      .set({ prompt_id: prompt._id })
      .where('day', '=', dayKey(later))
      .execute();
    // A fresh app: the first one keeps what it read for a minute.
    const fresh = await buildTestApp(get().db, {}, { clientDir });
    try {
      const page = await fresh.inject({ method: 'GET', url: '/answer/today' });
      expect(pagePrompts(page.body)[dayKey(later)]).toEqual({ id: prompt._id, title });
      expect(page.body).not.toContain('</script><script>alert');
      expect(page.body).not.toContain('<!-- or this');
      expect([...page.body.matchAll(/<script>/g)]).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });

  it('sends the plain answer frame when there is no prompt to show', async () => {
    await get().db.deleteFrom('daily_prompts').execute();
    await get().db.updateTable('prompts').set({ status: 'submitted' }).execute();
    const fresh = await buildTestApp(get().db, {}, { clientDir });
    try {
      const page = await fresh.inject({ method: 'GET', url: '/answer/today' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Loading…');
      expect(page.body).not.toContain(TODAY_FRAME_IDS.data);
    } finally {
      await fresh.close();
    }
  });
});
