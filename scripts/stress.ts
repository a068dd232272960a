// `npm run test:stress [-- N]`: runs the whole `npm test` N times (default 3) while two busy
// loops keep both cores of a 2-core machine occupied, to shake out tests that only pass on an
// idle machine. Prints each run's final `N passed, N failed` line; exits 1 if any run failed.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const runs = Number(process.argv[2] ?? process.env.STRESS_RUNS ?? 3);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('usage: npm run test:stress -- [runs ≥ 1]');
  process.exit(2);
}

const hogs: ChildProcess[] = [0, 1].map(() =>
  spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
);
function stopHogs(): void {
  for (const hog of hogs) if (hog.exitCode === null) hog.kill('SIGKILL');
}
process.on('exit', stopHogs);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopHogs();
    process.exit(130);
  });
}

function runOnce(): Promise<{ line: string; ok: boolean }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['test'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let tail = '';
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      tail = (tail + chunk.toString()).slice(-4000);
    });
    child.on('exit', (code) => {
      const line = tail.match(/^\d+ passed, \d+ failed$/m)?.[0] ?? `no summary line (exit ${code})`;
      resolve({ line, ok: code === 0 });
    });
  });
}

const results: string[] = [];
let allOk = true;
for (let run = 1; run <= runs; run += 1) {
  const { line, ok } = await runOnce();
  allOk &&= ok;
  results.push(`run ${run}/${runs}: ${line}`);
}
stopHogs();
console.log('\nUnder load (two busy cores):');
for (const result of results) console.log(result);
process.exit(allOk ? 0 : 1);
