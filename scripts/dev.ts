// `npm run dev`: the API server and Vite's dev server (which proxies /api to it) side by side.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const children = [
  // --watch restarts the server with SIGTERM on every change: no drain to wait for (no balancer).
  spawn(process.execPath, ['--watch', 'src/server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { SHUTDOWN_DRAIN_MS: '0', ...process.env },
  }),
  spawn('npx', ['vite'], { cwd: root, stdio: 'inherit' }),
];
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const child of children) child.kill(signal);
  });
}
