// `npm test`: everything CI checks, in order, ending with one line `N passed, N failed`.
// Static checks count as one test each; Vitest suites count their tests.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

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

function run(label: string, command: string, args: string[]): boolean {
  console.log(`\n▶ ${label}`);
  const stageStart = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  stageTimes.push(`${label}: ${seconds(stageStart)}`);
  console.log(`◀ ${label}: ${seconds(stageStart)} (${seconds(started)} in all)`);
  return result.status === 0;
}

function check(label: string, command: string, args: string[]): void {
  if (run(label, command, args)) {
    passed += 1;
  } else {
    failed += 1;
    failures.push(label);
  }
}

type VitestReport = { numPassedTests: number; numFailedTests: number; success: boolean };

function vitest(label: string, projects: string[]): void {
  const outputFile = path.join(reportDir, `${label.replace(/[^\w-]+/g, '-')}.json`);
  const ok = run(label, 'npx', [
    'vitest',
    'run',
    ...projects.flatMap((project) => ['--project', project]),
    '--reporter=default',
    // How far the run is, as counts (tests/support/progress-reporter.ts).
    '--reporter=./tests/support/progress-reporter.ts',
    '--reporter=json',
    `--outputFile.json=${outputFile}`,
  ]);
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
function playwright(label: string): void {
  const outputFile = path.join(reportDir, `${label.replace(/[^\w-]+/g, '-')}.json`);
  console.log(`\n▶ ${label}`);
  const stageStart = Date.now();
  const result = spawnSync('npx', ['playwright', 'test', '--reporter=list,json'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: outputFile },
  });
  stageTimes.push(`${label}: ${seconds(stageStart)}`);
  const ok = result.status === 0;
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

check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
check('lint', 'npx', ['biome', 'ci', '.']);
vitest('unit, component and integration tests', ['unit', 'component', 'integration']);
vitest('fault tests (tests/faults)', ['faults']);
check('client build', process.execPath, [path.join(root, 'scripts/ensure-build.ts')]);
check('client first-load budget', process.execPath, [path.join(root, 'scripts/client-budget.ts')]);
playwright('browser tests (Playwright, tests/browser)');

fs.rmSync(reportDir, { recursive: true, force: true });
console.log(`\nTook ${seconds(started)}: ${stageTimes.join('; ')}`);
if (failures.length > 0) console.log(`Failed: ${failures.join('; ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
