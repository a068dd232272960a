import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { todayFields } from '#tests/support/factories.ts';
import {
  call,
  createUser,
  emptyPostgresDatabase,
  type Instance,
  startInstance,
  tempDir,
} from '#tests/support/instances.ts';
import { CADDY, NGINX, type RunningProxy, startCaddy, startNginx } from '#tests/support/proxies.ts';
import { databaseKinds } from '#tests/support/test-db.ts';

// A rolling restart behind each proxy example of docs/DEPLOY.md (deploy/nginx-muse.conf,
// deploy/Caddyfile.compose): two instances on one SQLite data directory (and, behind nginx, on
// one PostgreSQL database too), each stopped with
// SIGTERM and started again on its port in turn, under a steady mix of saves and feed reads.
// No request may fail and every acknowledged save must be there afterwards.

/** The default of SHUTDOWN_DRAIN_MS, which the examples' health checks are sized for. */
const DRAIN_MS = '5000';
/** The examples' fail_timeout / fail_duration and health_interval, plus a margin. */
const BACK_IN_TURN_MS = 3_000;
const WORKERS = 8;
/** Bounds on the traffic, whatever happens: requests per worker and time. */
const MAX_REQUESTS_PER_WORKER = 20_000;
const MAX_TRAFFIC_MS = 90_000;
/** CI installs both proxies (.ci/run); elsewhere a missing one is skipped. */
const need = (binary: string) => !process.env.CI && !fs.existsSync(binary);

const root = path.resolve(import.meta.dirname, '../..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const portOf = (instance: Instance) => Number(new URL(instance.origin).port);

/**
 * A GET as a keep-alive client sends it, with the headers as answered (fetch hides
 * `Connection`): `Connection: close` in the answer then comes from the server alone.
 */
function keepAliveGet(url: string): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  const agent = new http.Agent({ keepAlive: true });
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const request = http.get(url, { agent }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers }),
      );
    });
    request.on('error', reject);
  }).finally(() => agent.destroy());
}

/** A named writer shares three answers, so every feed read has something to show. */
async function shareSome(origin: string): Promise<void> {
  const id = `u${randomBytes(6).toString('hex')}`;
  const created = await call(origin, '/api/user/create', {
    user: { _id: id },
    device: randomBytes(18).toString('base64url'),
  });
  const name = `Rolling${randomBytes(4).toString('hex')}`;
  const user = { _id: id, name, email: `${name}@example.com`, password: 'a long password' };
  const signed = await call(origin, '/api/signup', { user, ...todayFields() }, created.cookie);
  expect(signed.status).toBe(200);
  for (let index = 0; index < 3; index += 1) {
    const answerId = `shared${randomBytes(6).toString('hex')}`;
    const answer = { _id: answerId, prompt_id: '', prompt_title: 'Shared', text: 'hello' };
    expect((await call(origin, '/api/answer/save', { answer }, signed.cookie)).status).toBe(200);
    const share = { answer_id: answerId, anonymous: false, user_id: id };
    expect((await call(origin, '/api/answer/share', share, signed.cookie)).status).toBe(200);
  }
}

type Traffic = { acknowledged: string[]; failures: string[]; requests: number };

/** WORKERS loops, each saving one answer in four and reading the feed otherwise, until `until`. */
async function steadyTraffic(origin: string, until: Promise<void>): Promise<Traffic> {
  const result: Traffic = { acknowledged: [], failures: [], requests: 0 };
  let over = false;
  void until.then(() => {
    over = true;
  });
  const ends = Date.now() + MAX_TRAFFIC_MS;
  const worker = async (cookie: string) => {
    for (let turn = 0; turn < MAX_REQUESTS_PER_WORKER && !over && Date.now() < ends; turn += 1) {
      result.requests += 1;
      const save = turn % 4 === 0;
      const what = save ? 'save' : 'feed';
      const answerId = `roll${randomBytes(6).toString('hex')}`;
      try {
        const answer = { _id: answerId, prompt_id: '', prompt_title: 'Rolling', text: answerId };
        const response = save
          ? await call(origin, '/api/answer/save', { answer }, cookie)
          : await call(origin, '/api/answer/shared', { page: 1 }, cookie);
        const body = await response.json().catch(() => null);
        if (response.status !== 200) {
          result.failures.push(`${what}: ${response.status} ${JSON.stringify(body)}`);
        } else if (save) {
          result.acknowledged.push(answerId);
        } else if (!(body?.sharedAnswers?.length >= 3)) {
          result.failures.push(`feed: 200 without the shared answers: ${JSON.stringify(body)}`);
        }
      } catch (error) {
        result.failures.push(`${what}: ${String(error)}`);
      }
    }
  };
  const writers = await Promise.all(Array.from({ length: WORKERS }, () => createUser(origin)));
  await Promise.all(writers.map(worker));
  return result;
}

async function storedRollingIdsIn(url: string): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query("SELECT id FROM answers WHERE prompt_title = 'Rolling'");
    return new Set(rows.map((row) => String(row.id)));
  } finally {
    await client.end();
  }
}

function storedRollingIds(dataDir: string): Set<string> {
  const db = new DatabaseSync(path.join(dataDir, 'muse.db'), { readOnly: true });
  try {
    const rows = db.prepare("SELECT id FROM answers WHERE prompt_title = 'Rolling'").all();
    return new Set(rows.map((row) => String(row.id)));
  } finally {
    db.close();
  }
}

describe('rolling restart', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('DEPLOY.md shows the proxy settings this test runs', () => {
    const deploy = fs.readFileSync(path.join(root, 'docs/DEPLOY.md'), 'utf8');
    expect(deploy).toContain(fs.readFileSync(path.join(root, 'deploy/nginx-muse.conf'), 'utf8'));
    // Caddy: every setting of the compose file's reverse_proxy, the upstreams aside.
    const caddyfile = fs.readFileSync(path.join(root, 'deploy/Caddyfile.compose'), 'utf8');
    const settings = caddyfile
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !/^(#|:8080|reverse_proxy|\})/.test(line));
    expect(settings.length).toBeGreaterThan(8);
    for (const setting of settings) expect(deploy).toContain(`\t\t${setting}\n`);
  });

  type Setup = [string, string, (ports: [number, number]) => Promise<RunningProxy>, string];
  const proxies: Setup[] = [
    ['nginx', NGINX, startNginx, 'sqlite'],
    ['Caddy', CADDY, startCaddy, 'sqlite'],
  ];
  if (databaseKinds().includes('postgres')) proxies.push(['nginx', NGINX, startNginx, 'postgres']);
  for (const [name, binary, startProxy, kind] of proxies) {
    it.skipIf(need(binary))(
      `behind ${name} as DEPLOY.md sets it up, on ${kind}: no request fails, no acknowledged save is lost`,
      async () => {
        const dataDir = tempDir('muse-rolling-');
        const env: Record<string, string> = { SHUTDOWN_DRAIN_MS: DRAIN_MS };
        if (kind === 'postgres') {
          // Dropped last: cleanups run in reverse, after the instances have stopped.
          const database = await emptyPostgresDatabase();
          cleanups.push(database.drop);
          env.DATABASE_URL = database.url;
        }
        // The first instance migrates the fresh database; the second finds it done.
        const instances: Instance[] = [await startInstance({ dataDir, env })];
        instances.push(await startInstance({ dataDir, env }));
        cleanups.push(() => Promise.all(instances.map((instance) => instance.stop())));
        const proxy = await startProxy([
          portOf(instances[0] as Instance),
          portOf(instances[1] as Instance),
        ]);
        cleanups.push(proxy.stop);

        await shareSome(proxy.origin);
        let restartsDone = () => {};
        const traffic = steadyTraffic(
          proxy.origin,
          new Promise((resolve) => {
            restartsDone = resolve;
          }),
        );
        // As an operator or a supervisor does it: stop one, start it again, wait until the
        // proxy sends it requests again, then the other.
        await sleep(1_000);
        for (const index of [0, 1]) {
          const old = instances[index] as Instance;
          old.child.kill('SIGTERM');
          expect(await old.exited, old.output().slice(-2000)).toBe(0);
          instances[index] = await startInstance({ dataDir, env, port: portOf(old) });
          await sleep(BACK_IN_TURN_MS);
        }
        restartsDone();
        const { acknowledged, failures, requests } = await traffic;

        const summary = `${failures.length} of ${requests} requests failed, ${acknowledged.length} saves acknowledged`;
        console.log(`[fault] rolling restart behind ${name} on ${kind}: ${summary}`);
        expect(failures, summary).toEqual([]);
        expect(acknowledged.length, summary).toBeGreaterThan(50);
        // The proxy gave each restarted instance feed reads again.
        for (const instance of instances) {
          expect(instance.output()).toContain('"path":"/api/answer/shared"');
        }
        await Promise.all(instances.map((instance) => instance.stop()));
        const stored = env.DATABASE_URL
          ? await storedRollingIdsIn(env.DATABASE_URL)
          : storedRollingIds(dataDir);
        expect(
          acknowledged.filter((id) => !stored.has(id)),
          summary,
        ).toEqual([]);
      },
    );
  }

  it('on SIGTERM /readyz says 503 at once, requests are still served with Connection: close, then it exits 0', async () => {
    const instance = await startInstance({ env: { SHUTDOWN_DRAIN_MS: '1500' } });
    cleanups.push(() => instance.stop());
    const signalled = Date.now();
    instance.child.kill('SIGTERM');
    let readyz = await keepAliveGet(`${instance.origin}/readyz`);
    for (let poll = 0; poll < 20 && readyz.status !== 503; poll += 1) {
      await sleep(5);
      readyz = await keepAliveGet(`${instance.origin}/readyz`);
    }
    expect(readyz.status).toBe(503);
    expect(Date.now() - signalled).toBeLessThan(100);

    const categories = await call(instance.origin, '/api/categories', {});
    expect(categories.status).toBe(200);
    const health = await keepAliveGet(`${instance.origin}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.connection).toBe('close');

    expect(await instance.exited, instance.output().slice(-2000)).toBe(0);
    // It served for the drain period, not less.
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(1_500);
  });
});
