import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';

// The built client (plugins/client.ts): client routes get the app's page on GET and on HEAD (a
// link checker's or a crawler's request), files that are not there and other methods do not.
describeEachDatabase('the client pages', (get) => {
  let app: FastifyInstance;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-client-'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Müse</title>');
    app = await buildTestApp(get().db, {}, { clientDir });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('answers a client route on GET and HEAD alike, HEAD without a body', async () => {
    const page = await app.inject({ method: 'GET', url: '/home' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<title>Müse</title>');

    const head = await app.inject({ method: 'HEAD', url: '/past?day=2026-03-04' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(head.body).toBe('');
  });

  it('is a 404 for a missing file, an unknown call and any other method', async () => {
    expect((await app.inject({ method: 'HEAD', url: '/assets/gone-1.js' })).statusCode).toBe(404);
    const call = await app.inject({ method: 'HEAD', url: '/api/nothing' });
    expect(call.statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/home' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: '/home' })).statusCode).toBe(404);
  });
});
