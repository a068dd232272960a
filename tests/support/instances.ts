import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { dropPostgresDatabase } from './test-db.ts';

// Real Müse processes (src/server/main.ts, as `npm start` runs it) for the tests that need
// more than one app or a real signal: several instances on one database, SIGTERM, logs.

const root = path.resolve(import.meta.dirname, '../..');

export type Instance = {
  origin: string;
  dataDir: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** SIGTERM (once), then waits for the exit. */
  stop: () => Promise<number | null>;
};

/** The METRICS_TOKEN every instance started here has: /metrics is off without one. */
export const TEST_METRICS_TOKEN = 'a-test-metrics-token-for-scrapers';

/** The text of an instance's GET /metrics, scraped as Prometheus would (its bearer token). */
export async function scrapeMetrics(origin: string): Promise<string> {
  const response = await fetch(`${origin}/metrics`, {
    headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` },
  });
  if (!response.ok) throw new Error(`GET /metrics answered ${response.status}`);
  return response.text();
}

/**
 * A port free just now, for the programs here that must be told their port and cannot say which
 * they got for 0 (redis-server, PostgreSQL, nginx, Caddy). A Müse instance needs none: it takes
 * PORT=0 and says its port (startInstance).
 */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Starts an instance and waits until /readyz says ready. */
export async function startInstance(
  options: {
    env?: Record<string, string>;
    dataDir?: string;
    waitReady?: boolean;
    /** A fixed port (an instance started again where a proxy expects it); else a free one. */
    port?: number;
  } = {},
): Promise<Instance> {
  const dataDir = options.dataDir ?? tempDir('muse-inst-');
  // Without a fixed port, PORT=0: the instance binds whatever port is free and its start-up line
  // names it (a port picked here and bound later could be taken in between by a parallel test).
  const port = options.port ?? 0;
  let log = '';
  const child = spawn(process.execPath, [path.join(root, 'src/server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      // The start-up line that names the port is an info line.
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      MUSE_RATE_LIMITS: 'relaxed',
      REDIS_URL: '',
      // No balancer to drain from: SIGTERM closes at once unless a test asks for a drain.
      SHUTDOWN_DRAIN_MS: '0',
      METRICS_TOKEN: TEST_METRICS_TOKEN,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
  let origin = port === 0 ? null : `http://127.0.0.1:${port}`;
  const instance: Instance = {
    get origin() {
      origin ??= LISTENING.exec(log)?.[1] ?? null;
      if (!origin) throw new Error(`the instance is not listening yet:\n${log}`);
      return origin;
    },
    dataDir,
    child,
    output: () => log,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
  if (options.waitReady !== false) await waitUntilReady(instance);
  return instance;
}

/** Fastify's start-up line once the socket is bound: it names the port PORT=0 got. */
const LISTENING = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/;

export async function waitUntilReady(instance: Instance, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (instance.child.exitCode !== null) {
      throw new Error(`instance exited early:\n${instance.output()}`);
    }
    try {
      // instance.origin throws until an instance on PORT=0 has said which port it got.
      const response = await fetch(`${instance.origin}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`instance not ready in ${timeoutMs} ms:\n${instance.output()}`);
}

// biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the call answered
type Json = any;

/** A JSON call as a browser would make it; `cookie` is a `name=value` pair or null. */
export async function call(
  origin: string,
  url: string,
  body: unknown,
  cookie: string | null = null,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: () => Promise<Json>; cookie: string | null }> {
  const response = await fetch(`${origin}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  });
  const set = response.headers.getSetCookie().find((c) => c.startsWith('muse_session='));
  return {
    status: response.status,
    json: () => response.json(),
    cookie: set ? (set.split(';')[0] ?? null) : cookie,
  };
}

/** A new anonymous user through the real API: its session cookie, id and device marker. */
export async function createAnonymous(
  origin: string,
  headers: Record<string, string> = {},
): Promise<{ cookie: string; id: string; device: string }> {
  const id = `u${randomBytes(6).toString('hex')}`;
  const device = randomBytes(18).toString('base64url');
  const response = await call(
    origin,
    '/api/user/create',
    { user: { _id: id }, device },
    null,
    headers,
  );
  if (response.status !== 200 || !response.cookie) {
    throw new Error(`user/create answered ${response.status}`);
  }
  return { cookie: response.cookie, id, device };
}

/** A new anonymous user through the real API; answers its session cookie. */
export async function createUser(
  origin: string,
  headers: Record<string, string> = {},
): Promise<string> {
  return (await createAnonymous(origin, headers)).cookie;
}

/** A fresh, EMPTY PostgreSQL database (not migrated) and how to drop it. */
export async function emptyPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `muse_c_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => dropPostgresDatabase(adminUrl, name),
  };
}

/**
 * Saves answers from `workers` loops until the instance stops answering; answers the ids whose
 * save was acknowledged (200).
 */
export async function writeBurst(
  origin: string,
  cookie: string,
  until: Promise<unknown>,
  workers = 6,
  /** Filled as acknowledgements arrive, for tests that look before the burst ends. */
  acknowledged: string[] = [],
): Promise<{ acknowledged: string[]; attempted: number }> {
  let attempted = 0;
  let over = false;
  void until.then(() => {
    over = true;
  });
  const worker = async () => {
    while (!over) {
      const id = `burst${randomBytes(6).toString('hex')}`;
      attempted += 1;
      try {
        const response = await call(
          origin,
          '/api/answer/save',
          { answer: { _id: id, prompt_id: '', prompt_title: 'Burst', text: `write ${id}` } },
          cookie,
        );
        if (response.status === 200) acknowledged.push(id);
        else await response.json().catch(() => null);
      } catch {
        // refused or reset: the instance is going away; not acknowledged
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  return { acknowledged, attempted };
}
