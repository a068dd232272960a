import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export type RunningServer = {
  origin: string;
  dataDir: string;
  pid: number;
  stop: () => Promise<void>;
};

const root = path.resolve(import.meta.dirname, '../../..');

/** The METRICS_TOKEN of every server started here (/metrics is off without one). */
export const METRICS_TOKEN = 'a-browser-test-metrics-token';

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

async function waitForReady(origin: string, child: ChildProcess, output: () => string) {
  // Under a loaded 2-core machine a cold start can take 30 s; stay inside Playwright's 60 s
  // hook timeout so a slow start fails with the server's log rather than a bare timeout.
  const deadline = Date.now() + 55_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const response = await fetch(`${origin}/api/categories`, { method: 'POST' });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start in 55 s:\n${output()}`);
}

/** The built server, exactly as `npm start` runs it, on a fresh data dir and a free port. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-e2e-'));
  const port = await freePort();
  let log = '';
  const child = spawn(process.execPath, [path.join(root, 'src/server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      MUSE_RATE_LIMITS: 'relaxed',
      // No balancer in front: SIGTERM closes at once.
      SHUTDOWN_DRAIN_MS: '0',
      METRICS_TOKEN,
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
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitForReady(origin, child, () => log);
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
