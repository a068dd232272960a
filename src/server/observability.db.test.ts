import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { todayFields } from '#tests/support/factories.ts';
import {
  call,
  createAnonymous,
  emptyPostgresDatabase,
  startInstance,
} from '#tests/support/instances.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { databaseKinds, describeEachDatabase } from '#tests/support/test-db.ts';

const NO_DB_SECRET = 'a-test-secret-of-at-least-32-characters';

// Logs a deploy can keep and metrics a scraper can read, on real server processes.

for (const kind of databaseKinds()) {
  describe(`logs of a real instance [${kind}]`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups) await cleanup();
    });

    it('are JSON lines with request ids and never hold answer text, e-mails or passwords', async () => {
      const env: Record<string, string> = {};
      if (kind === 'postgres') {
        const database = await emptyPostgresDatabase();
        cleanups.push(database.drop);
        env.DATABASE_URL = database.url;
      }
      const instance = await startInstance({ env });
      const canary = randomBytes(5).toString('hex');
      const text = `canarytext${canary} my secret thought`;
      const email = `canary${canary}@example.com`;
      const password = `canarypass${canary}`;
      const name = `Canary${canary}`;
      const day = todayFields();
      const traceId = `trace-${randomBytes(4).toString('hex')}`;

      const anonymous = await createAnonymous(instance.origin);
      let cookie = anonymous.cookie;
      const signup = await call(
        instance.origin,
        '/api/signup',
        { user: { _id: anonymous.id, name, email, password }, device: anonymous.device, ...day },
        cookie,
        { 'X-Request-Id': traceId },
      );
      expect(signup.status).toBe(200);
      cookie = signup.cookie as string;
      const saved = await call(
        instance.origin,
        `/api/answer/save?note=canaryquery${canary}`,
        { answer: { _id: `a${canary}`, prompt_id: '', prompt_title: 'Canary', text } },
        cookie,
      );
      expect(saved.status).toBe(200);
      // Failures are logged too: a wrong password given with the e-mail, a duplicate sign-up.
      const wrong = await call(instance.origin, '/api/login', {
        user: { name: email, password: `${password}wrong` },
        ...day,
      });
      expect(wrong.status).toBe(401);
      const other = await createAnonymous(instance.origin);
      const duplicate = await call(
        instance.origin,
        '/api/signup',
        {
          user: { _id: other.id, name: `${name}x`, email, password },
          device: other.device,
          ...day,
        },
        other.cookie,
      );
      expect(duplicate.status).toBeGreaterThanOrEqual(400);
      const bad = await call(
        instance.origin,
        '/api/answer/save',
        { answer: { _id: '', text: `${text} again` } },
        cookie,
      );
      expect(bad.status).toBe(400);

      expect(await instance.stop()).toBe(0);
      const output = instance.output();
      const lines = output.split('\n').filter((line) => line.trim() !== '');
      for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
      const entries = lines.map((line) => JSON.parse(line));
      const traced = entries.filter((entry) => entry.reqId === traceId);
      // One access line per request (decision 038), carrying the path and the status.
      expect(traced.map((entry) => entry.msg)).toEqual(['request completed']);
      expect(traced[0]).toMatchObject({ req: { path: '/api/signup' }, res: { statusCode: 200 } });
      expect(output).toContain('"path":"/api/answer/save"');
      expect(output).not.toContain(canary);
    });
  });
}

it('echoes a sane X-Request-Id and replaces one that is not', async () => {
  const { createDatabase } = await import('./db/database.ts');
  const db = createDatabase({ kind: 'sqlite', file: ':memory:' });
  // A secret given, as MUSE_SECRET would: building the app then asks the database nothing.
  const app = await buildTestApp(db, { secret: NO_DB_SECRET });
  try {
    const kept = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'lb-42.a' } });
    expect(kept.headers['x-request-id']).toBe('lb-42.a');
    const replaced = await app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'bad id\nwith a line break' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  } finally {
    await app.close();
    await db.destroy();
  }
});

describeEachDatabase('/metrics', (get, kind) => {
  const token = 'a-metrics-token-for-the-scraper';
  const scrape = { authorization: `Bearer ${token}` };

  it('counts requests and their latency per matched route and status class', async () => {
    const app = await buildTestApp(get().db, { metricsToken: token });
    try {
      await app.inject({ method: 'POST', url: '/api/categories' });
      await app.inject({ method: 'POST', url: '/api/user/other', payload: { _id: 'nobody' } });
      await app.inject({ method: 'GET', url: '/api/no/such/call' });
      const response = await app.inject({ method: 'GET', url: '/metrics', headers: scrape });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = response.body;
      expect(text).toMatch(
        /^http_requests_total\{method="POST",route="\/api\/categories",status_class="2xx"\} 1$/m,
      );
      expect(text).toMatch(
        /^http_requests_total\{method="POST",route="\/api\/user\/other",status_class="4xx"\} 1$/m,
      );
      expect(text).toMatch(
        /^http_requests_total\{method="GET",route="unmatched",status_class="4xx"\} 1$/m,
      );
      expect(text).toMatch(
        /^http_request_duration_seconds_count\{method="POST",route="\/api\/categories",status_class="2xx"\} 1$/m,
      );
      expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
      expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
      if (kind === 'postgres')
        expect(text).toMatch(/^muse_db_pool_connections\{state="max"\} 10$/m);
      else expect(text).not.toMatch(/^muse_db_pool_connections\{/m);
    } finally {
      await app.close();
    }
  });

  it('does not exist without METRICS_TOKEN: an anonymous scrape gets 404', async () => {
    const app = await buildTestApp(get().db, { metricsToken: null });
    try {
      await app.inject({ method: 'POST', url: '/api/categories' });
      for (const headers of [{}, { authorization: 'Bearer ' }, scrape]) {
        const refused = await app.inject({ url: '/metrics', headers });
        expect(refused.statusCode).toBe(404);
        expect(refused.body).not.toContain('http_requests_total');
      }
      expect((await app.inject({ url: '/metrics' })).json()).toEqual({ error: 'Not found' });
    } finally {
      await app.close();
    }
  });

  it('wants the bearer token when METRICS_TOKEN is set, and nothing else will do', async () => {
    const app = await buildTestApp(get().db, { metricsToken: token });
    try {
      const refusals = [
        {},
        { authorization: 'Bearer nope' },
        // The same length, one character off; the token without its scheme; as a cookie.
        { authorization: `Bearer ${token.slice(0, -1)}X` },
        { authorization: token },
        { cookie: `token=${token}` },
      ];
      for (const headers of refusals) {
        const refused = await app.inject({ url: '/metrics', headers });
        expect(refused.statusCode, JSON.stringify(headers)).toBe(401);
        expect(refused.body).not.toContain('http_requests_total');
      }
      expect((await app.inject({ url: `/metrics?token=${token}` })).statusCode).toBe(401);
      const right = await app.inject({ url: '/metrics', headers: scrape });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('http_requests_total');
    } finally {
      await app.close();
    }
  });
});
