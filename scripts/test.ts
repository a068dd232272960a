// `npm test`: everything CI checks, ending with one line `N passed, N failed`.
// Static checks count as one test each; Vitest suites count their tests. The unit, component
// and integration tests run at the same time as the fault tests: each waits on databases,
// sockets, timers and restarts more than on the CPU, and the two together take about as long as
// the first alone (their lines are prefixed by their stage then). The browser specs come last.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-test-report-'));
let passed = 0;
let failed = 0;
const failures: string[] = [];
const started = Date.now();
const stageTimes: string[] = [];

function seconds(since: number): string {
  return `${Math.round((Date.now() - since) / 1000)} s`;
}

/**
 * Runs one stage and says whether it exited 0. With a `tag`, its output goes through line by
 * line, each line prefixed, so that stages running at once stay readable.
 */
function run(
  label: string,
  command: string,
  args: string[],
  options: { tag?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<boolean> {
  console.log(`\n▶ ${label}`);
  const stageStart = Date.now();
  const { tag } = options;
  const child = spawn(command, args, {
    cwd: root,
    env: options.env ?? process.env,
    stdio: tag ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  if (tag) {
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      readline
        .createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY })
        .on('line', (line) => console.log(`[${tag}] ${line}`));
    }
  }
  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.log(`${label}: could not start: ${error.message}`);
    });
    child.on('close', (code) => {
      stageTimes.push(`${label}: ${seconds(stageStart)}`);
      console.log(`◀ ${label}: ${seconds(stageStart)} (${seconds(started)} in all)`);
      resolve(code === 0);
    });
  });
}

async function check(label: string, command: string, args: string[]): Promise<void> {
  if (await run(label, command, args)) {
    passed += 1;
  } else {
    failed += 1;
    failures.push(label);
  }
}

function reportFile(label: string): string {
  return path.join(reportDir, `${label.replace(/[^\w-]+/g, '-')}.json`);
}

type VitestReport = { numPassedTests: number; numFailedTests: number; success: boolean };

async function vitest(label: string, tag: string, projects: string[]): Promise<void> {
  const outputFile = reportFile(label);
  const ok = await run(
    label,
    'npx',
    [
      'vitest',
      'run',
      ...projects.flatMap((project) => ['--project', project]),
      '--reporter=default',
      // How far the run is, as counts (tests/support/progress-reporter.ts).
      '--reporter=./tests/support/progress-reporter.ts',
      '--reporter=json',
      `--outputFile.json=${outputFile}`,
    ],
    { tag },
  );
  if (!fs.existsSync(outputFile)) {
    failed += 1;
    failures.push(`${label} (no report)`);
    return;
  }
  const report = JSON.parse(fs.readFileSync(outputFile, 'utf8')) as VitestReport;
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  if (!ok && report.numFailedTests === 0) {
    // A suite that crashed before its tests ran still fails the run.
    failed += 1;
    failures.push(`${label} (suite error)`);
  } else if (report.numFailedTests > 0) {
    failures.push(`${label} (${report.numFailedTests} failed)`);
  }
}

type PlaywrightReport = {
  stats?: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors?: unknown[];
};

/** @playwright/test specs (tests/browser); its JSON reporter gives the counts. */
async function playwright(label: string): Promise<void> {
  const outputFile = reportFile(label);
  const ok = await run(label, 'npx', ['playwright', 'test', '--reporter=list,json'], {
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: outputFile },
  });
  const report = fs.existsSync(outputFile)
    ? (JSON.parse(fs.readFileSync(outputFile, 'utf8')) as PlaywrightReport)
    : null;
  if (!report?.stats) {
    failed += 1;
    failures.push(`${label} (no report)`);
    return;
  }
  // `flaky` only happens with retries; a test that needed one still passed.
  passed += report.stats.expected + report.stats.flaky;
  failed += report.stats.unexpected;
  if (!ok && report.stats.unexpected === 0) {
    // Crashed, timed out in a hook or found no tests: the run still fails.
    failed += 1;
    failures.push(`${label} (run error)`);
  } else if (report.stats.unexpected > 0) {
    failures.push(`${label} (${report.stats.unexpected} failed)`);
  }
}

await check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
await check('lint', 'npx', ['biome', 'ci', '.']);
// Before the Vitest stages: the fault tests' servers read dist/client as they start.
await check('client build', process.execPath, [path.join(root, 'scripts/ensure-build.ts')]);
await check('client first-load budget', process.execPath, [
  path.join(root, 'scripts/client-budget.ts'),
]);
await Promise.all([
  vitest('unit, component and integration tests', 'tests', ['unit', 'component', 'integration']),
  vitest('fault tests (tests/faults)', 'faults', ['faults']),
]);
await playwright('browser tests (Playwright, tests/browser)');

fs.rmSync(reportDir, { recursive: true, force: true });
console.log(`\nTook ${seconds(started)}: ${stageTimes.join('; ')}`);
if (failures.length > 0) console.log(`Failed: ${failures.join('; ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
