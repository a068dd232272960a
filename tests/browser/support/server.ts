import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type RunningServer = {
  origin: string;
  dataDir: string;
  pid: number;
  /** Everything the server printed so far (its log). */
  log: () => string;
  stop: () => Promise<void>;
  /**
   * Sets the server's clock to `at` (it runs on from there); resolves once the server lives in
   * it. Only for a server started with `movableClock` (support/server-clock.ts).
   */
  setClock: (at: Date) => Promise<void>;
};

const root = path.resolve(import.meta.dirname, '../../..');

/** The METRICS_TOKEN of every server started here (/metrics is off without one). */
export const METRICS_TOKEN = 'a-browser-test-metrics-token';

/** Fastify's start-up line once the socket is bound: it names the port PORT=0 got. */
const LISTENING = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/;

async function waitForOrigin(child: ChildProcess, output: () => string): Promise<string> {
  // Under a loaded 2-core machine a cold start can take 30 s; stay inside Playwright's 60 s
  // hook timeout so a slow start fails with the server's log rather than a bare timeout.
  const deadline = Date.now() + 55_000;
  while (Date.now() < deadline) {
    const listening = LISTENING.exec(output());
    if (listening?.[1]) return listening[1];
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`server did not start in 55 s:\n${output()}`);
}

/**
 * The built server, exactly as `npm start` runs it, on a fresh data dir and on PORT=0: the port
 * is the one the server bound, read from its start-up line, so servers started at once (one per
 * Playwright worker) cannot race for a port picked beforehand. With `movableClock`, the test can
 * set its clock (setClock): anonymous shares join the world on the hour after they were shared
 * (decision 057), and a journey cannot wait an hour.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { movableClock?: boolean } = {},
): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-e2e-'));
  const clockFile = path.join(dataDir, 'test-clock-offset');
  const clock: Record<string, string> = options.movableClock
    ? {
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${path.join(root, 'tests/browser/support/server-clock.ts')}`,
        MUSE_TEST_CLOCK_FILE: clockFile,
      }
    : {};
  let log = '';
  const child = spawn(process.execPath, [path.join(root, 'src/server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      // The start-up line that names the port is an info line.
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      MUSE_RATE_LIMITS: 'relaxed',
      // No balancer in front: SIGTERM closes at once.
      SHUTDOWN_DRAIN_MS: '0',
      METRICS_TOKEN,
      ...clock,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  let origin: string;
  try {
    origin = await waitForOrigin(child, () => log);
  } catch (error) {
    // A server that never became ready must not outlive the test run.
    child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    origin,
    dataDir,
    pid: child.pid ?? 0,
    log: () => log,
    setClock: async (at: Date) => {
      if (!options.movableClock) throw new Error('this server was started without movableClock');
      const offset = String(at.getTime() - Date.now());
      fs.writeFileSync(clockFile, offset);
      const deadline = Date.now() + 10_000;
      const applied = () => {
        try {
          return fs.readFileSync(`${clockFile}.applied`, 'utf8') === offset;
        } catch {
          return false;
        }
      };
      while (!applied()) {
        if (Date.now() > deadline) throw new Error('the server did not take its new clock');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const HOUR_MS = 3_600_000;

/**
 * A second past the start of the next UTC hour: where a server's clock goes for the anonymous
 * shares made so far to have joined the world (decision 057).
 */
export function justAfterTheHour(): Date {
  return new Date((Math.floor(Date.now() / HOUR_MS) + 1) * HOUR_MS + 1_000);
}
