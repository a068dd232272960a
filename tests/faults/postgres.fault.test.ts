import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  emptyPostgresDatabase,
  freePort,
  type Instance,
  startInstance,
} from '#tests/support/instances.ts';
import { databaseKinds } from '#tests/support/test-db.ts';

// PostgreSQL faults against a real Müse process (decision 047): its backends terminated, its TCP
// connections reset, the server unreachable for a while, a table locked past the statement
// deadline. Müse reaches PostgreSQL through a TCP proxy of this test, which can cut every
// connection and refuse new ones, as a restart or a network fault would.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A TCP proxy to PostgreSQL: `cut()` resets every connection; while `refusing`, new ones too. */
async function tcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let refusing = false;
  const server = net.createServer((downstream) => {
    if (refusing) {
      downstream.resetAndDestroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    for (const socket of [downstream, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        downstream.destroy();
        upstream.destroy();
      });
    }
    downstream.pipe(upstream);
    upstream.pipe(downstream);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    cut() {
      for (const socket of sockets) socket.resetAndDestroy();
    },
    refuse(value: boolean) {
      refusing = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

type Tally = {
  statuses: Map<number, number>;
  /** 503s without a Retry-After header. */
  withoutRetryAfter: number;
  /** Calls that got no HTTP answer at all (reset, refused). */
  noAnswer: number;
  /** The longest any call took, ms. */
  slowestMs: number;
};

function newTally(): Tally {
  return { statuses: new Map(), withoutRetryAfter: 0, noAnswer: 0, slowestMs: 0 };
}

/** One JSON call, counted in `tally`; answers the status and body (null when none). */
async function counted(
  tally: Tally,
  origin: string,
  url: string,
  body: unknown,
  cookie: string,
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the call answered
): Promise<{ status: number; json: any } | null> {
  const started = Date.now();
  try {
    const response = await fetch(`${origin}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    const json = await response.json().catch(() => null);
    tally.statuses.set(response.status, (tally.statuses.get(response.status) ?? 0) + 1);
    if (response.status === 503 && !response.headers.get('retry-after'))
      tally.withoutRetryAfter += 1;
    return { status: response.status, json };
  } catch {
    tally.noAnswer += 1;
    return null;
  } finally {
    tally.slowestMs = Math.max(tally.slowestMs, Date.now() - started);
  }
}

const postgres = databaseKinds().includes('postgres');

describe.skipIf(!postgres)('PostgreSQL faults against a running instance', () => {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  let database: Awaited<ReturnType<typeof emptyPostgresDatabase>>;
  let proxy: Awaited<ReturnType<typeof tcpProxy>>;
  let instance: Instance;
  let admin: pg.Client;
  let databaseName: string;
  let userId: string;
  let cookie: string;

  beforeAll(async () => {
    database = await emptyPostgresDatabase();
    const url = new URL(database.url);
    databaseName = url.pathname.slice(1);
    proxy = await tcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    instance = await startInstance({ env: { DATABASE_URL: url.toString() } });
    admin = new pg.Client({ connectionString: adminUrl });
    admin.on('error', () => {});
    await admin.connect();
    userId = `u${randomBytes(6).toString('hex')}`;
    const created = await call(instance.origin, '/api/user/create', {
      user: { _id: userId },
      device: randomBytes(18).toString('base64url'),
    });
    expect(created.status).toBe(200);
    cookie = created.cookie as string;
  });

  afterEach((context) => {
    // What the server said, when something went wrong.
    if (context.task.result?.state === 'fail') console.info(instance?.output().slice(-6_000));
  });

  afterAll(async () => {
    await instance?.stop();
    await admin?.end().catch(() => {});
    await proxy?.close();
    await database?.drop();
  });

  const terminateBackends = async () => {
    const { rows } = await admin.query(
      'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [databaseName],
    );
    return Number(rows[0]?.n ?? 0);
  };

  const ready = async () => {
    try {
      return (await fetch(`${instance.origin}/readyz`)).status;
    } catch {
      return 0;
    }
  };

  it('answers 200 or 503 + Retry-After through terminated backends, resets and an outage, and loses nothing', async () => {
    const tally = newTally();
    const acknowledged = new Set<string>();
    const shown = new Set<string>();
    const readyStatuses: { at: number; status: number }[] = [];
    let lastSaveOk = Date.now();
    let over = false;

    const writer = async () => {
      while (!over) {
        const id = `pgf${randomBytes(6).toString('hex')}`;
        const answer = { _id: id, prompt_id: '', prompt_title: 'Fault', text: `words ${id}` };
        const result = await counted(
          tally,
          instance.origin,
          '/api/answer/save',
          { answer },
          cookie,
        );
        if (result?.status === 200) {
          acknowledged.add(id);
          lastSaveOk = Date.now();
        } else await sleep(50);
      }
    };
    const reader = async () => {
      while (!over) {
        const result = await counted(
          tally,
          instance.origin,
          '/api/user/answers',
          { _id: userId },
          cookie,
        );
        if (result?.status === 200) {
          for (const answer of result.json.answers as { _id: string }[]) shown.add(answer._id);
        } else await sleep(50);
      }
    };
    const poller = async () => {
      while (!over) {
        readyStatuses.push({ at: Date.now(), status: await ready() });
        await sleep(100);
      }
    };
    const traffic = Promise.all([
      writer(),
      writer(),
      writer(),
      writer(),
      reader(),
      reader(),
      poller(),
    ]);

    /** Ms from `since` until a save is acknowledged again. */
    const recovery = async (since: number) => {
      const deadline = since + 20_000;
      while (lastSaveOk <= since && Date.now() < deadline) await sleep(20);
      return lastSaveOk > since ? lastSaveOk - since : Number.POSITIVE_INFINITY;
    };
    const recoveries: Record<string, number> = {};

    await sleep(1_000);
    // Backends terminated under load, three times.
    for (let round = 1; round <= 3; round += 1) {
      const at = Date.now();
      expect(instance.child.exitCode, 'the process ended').toBeNull();
      expect(await terminateBackends()).toBeGreaterThan(0);
      recoveries[`terminate ${round}`] = await recovery(at);
      expect(instance.child.exitCode, 'the process ended').toBeNull();
      await sleep(700);
    }
    // Every TCP connection reset.
    {
      const at = Date.now();
      proxy.cut();
      recoveries['tcp reset'] = await recovery(at);
      expect(instance.child.exitCode, 'the process ended').toBeNull();
      await sleep(700);
    }
    // Unreachable for 3 s (a restart): /readyz must say 503 meanwhile, then 200 by itself.
    const outageStart = Date.now();
    proxy.refuse(true);
    proxy.cut();
    await sleep(3_000);
    proxy.refuse(false);
    const outageEnd = Date.now();
    recoveries['3 s outage (after it ended)'] = await recovery(outageEnd);
    let readyAgainMs = Number.POSITIVE_INFINITY;
    for (const deadline = Date.now() + 15_000; Date.now() < deadline; ) {
      if ((await ready()) === 200) {
        readyAgainMs = Date.now() - outageEnd;
        break;
      }
      await sleep(50);
    }
    await sleep(1_000);
    over = true;
    await traffic;

    console.info(
      'PostgreSQL faults:',
      JSON.stringify({
        statuses: Object.fromEntries(tally.statuses),
        acknowledged: acknowledged.size,
        shown: shown.size,
        slowestMs: tally.slowestMs,
        recoveryMs: recoveries,
        readyAgainMs,
      }),
    );

    // The process lived through all of it, and logged no SQL and no unhandled error.
    expect(instance.child.exitCode).toBeNull();
    expect(instance.output()).not.toMatch(/Unhandled 'error' event|unhandled error/);
    expect(instance.output()).not.toMatch(/insert into|select .* from/i);
    // Every call answered, 200 or 503 with Retry-After; never a 500, never a reset.
    expect(tally.noAnswer).toBe(0);
    expect([...tally.statuses.keys()].filter((status) => status !== 200 && status !== 503)).toEqual(
      [],
    );
    expect(tally.withoutRetryAfter).toBe(0);
    expect(tally.statuses.get(503) ?? 0).toBeGreaterThan(0);
    // No call waited past the deadlines (acquire 5 s; statement 10 s).
    expect(tally.slowestMs).toBeLessThan(12_000);
    // /readyz said 503 during the outage and came back to 200 by itself.
    const during = readyStatuses.filter((r) => r.at > outageStart + 500 && r.at < outageEnd);
    expect(during.some((r) => r.status === 503)).toBe(true);
    expect(readyAgainMs).toBeLessThan(10_000);
    for (const [fault, ms] of Object.entries(recoveries)) {
      expect(ms, `time to recover from ${fault}`).toBeLessThan(10_000);
    }

    // Every acknowledged save is there; nothing shown was taken back.
    const direct = new pg.Client({ connectionString: database.url });
    await direct.connect();
    const { rows } = await direct
      .query<{ id: string }>('SELECT id FROM answers WHERE user_id = $1', [userId])
      .finally(() => direct.end());
    const stored = new Set(rows.map((row) => row.id));
    expect(acknowledged.size).toBeGreaterThan(20);
    expect([...acknowledged].filter((id) => !stored.has(id))).toEqual([]);
    expect([...shown].filter((id) => !stored.has(id))).toEqual([]);
  });

  it('answers a save stuck behind a lock with 503 + Retry-After within the deadline, never a hang', async () => {
    const locker = new pg.Client({ connectionString: database.url });
    locker.on('error', () => {});
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE answers IN ACCESS EXCLUSIVE MODE');
    try {
      // More saves than the pool has connections: some wait on the lock (statement timeout),
      // the others for a connection (acquire timeout).
      const tally = newTally();
      const saves = Array.from({ length: 14 }, () => {
        const id = `lock${randomBytes(6).toString('hex')}`;
        const answer = { _id: id, prompt_id: '', prompt_title: 'Locked', text: `words ${id}` };
        return counted(tally, instance.origin, '/api/answer/save', { answer }, cookie);
      });
      await Promise.all(saves);
      console.info(
        'Lock past the deadline:',
        JSON.stringify({
          statuses: Object.fromEntries(tally.statuses),
          slowestMs: tally.slowestMs,
        }),
      );
      expect(tally.noAnswer).toBe(0);
      expect(Object.fromEntries(tally.statuses)).toEqual({ 503: 14 });
      expect(tally.withoutRetryAfter).toBe(0);
      // statement_timeout (10 s) answers, not pg's query_timeout (12 s) behind it.
      expect(tally.slowestMs).toBeLessThan(11_500);
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
    // Unlocked, the same instance saves again at once.
    const id = `after${randomBytes(6).toString('hex')}`;
    const answer = { _id: id, prompt_id: '', prompt_title: 'After', text: `words ${id}` };
    expect((await call(instance.origin, '/api/answer/save', { answer }, cookie)).status).toBe(200);
    expect(instance.child.exitCode).toBeNull();
  });
});
