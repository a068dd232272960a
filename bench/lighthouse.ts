// `npm run bench:lighthouse`: Lighthouse (the npm package, its default mobile emulation and
// simulated slow-4G/4× CPU throttling) on /home, /world and /answer/today of the production
// build, served by the real server (its own process, `src/server/main.ts`) over a world with
// 2,000 answers (400 shared). Debian's Chromium, started here with a DevTools port that
// Lighthouse connects to. Each page is audited RUNS times (default 3; BENCH_LIGHTHOUSE_RUNS) and
// the median performance score kept, as Lighthouse's own docs advise for a noisy machine.
// Writes its table into bench/results/latest.md. A benchmark, not a test: it never fails on a
// score (issue 14's goal: performance ≥ 95, accessibility 100). BENCH_LIGHTHOUSE_PAGES=/world,…
// audits only those pages; BENCH_LIGHTHOUSE_KEEP=DIR keeps every run's report there.
// Lighthouse itself (161 packages) is not a dev dependency: the first run installs it, at the
// version below, into node_modules/.cache/muse-bench/ (bench/on-demand.ts).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { seedDatabase } from '../src/server/db/seed.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/browser/support/browser.ts';
import { startServer } from '../tests/browser/support/server.ts';
import { importOnDemand, onDemandDir } from './on-demand.ts';
import { replaceSection } from './results.ts';
import { seedScale } from './scale-data.ts';

const root = path.resolve(import.meta.dirname, '..');
const LIGHTHOUSE_VERSION = '12.8.2';

/** What this script reads of Lighthouse's result (its own types come with the package). */
type Lhr = {
  categories: Record<
    string,
    { score: number | null; auditRefs: { id: string; weight: number }[] } | undefined
  >;
  audits: Record<string, { score: number | null; displayValue?: string } | undefined>;
  environment: { benchmarkIndex: number };
  runtimeError?: { code: string; message: string };
};
type Lighthouse = (
  url: string,
  flags: { port: number; output: 'json'; logLevel: 'error'; onlyCategories: string[] },
) => Promise<{ lhr: Lhr } | undefined>;
const { default: lighthouse } = await importOnDemand<{ default: Lighthouse }>(
  'lighthouse',
  LIGHTHOUSE_VERSION,
  '`npm run bench:lighthouse`',
);
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const PAGES = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',') ?? [
  '/home',
  '/world',
  '/answer/today',
];
/** A directory to keep each run's whole report in (lhr JSON), to see where a score went. */
const KEEP = process.env.BENCH_LIGHTHOUSE_KEEP;
/** Lighthouse's own threshold for its slow-host warning (core/gather/driver/environment.js; the
 * warning is given on its command line only, not to a caller of the module like this one). */
const SLOW_HOST_INDEX = 1000;

execFileSync(process.execPath, [path.join(root, 'scripts/ensure-build.ts')], {
  cwd: root,
  stdio: 'inherit',
});

// A small, real world to show on /world.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-lighthouse-'));
const db = createDatabase({ kind: 'sqlite', file: path.join(dataDir, 'muse.db') });
await migrateToLatest(db);
await seedDatabase(db);
await seedScale(db, { people: 200, answers: 2000, shared: 400, loves: 4000, prefix: 'l' });
await db.destroy();

/** Debian's Chromium with a DevTools port of its choosing; resolves with that port. */
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-lighthouse-profile-'));

function startChromium(): Promise<{ chrome: ChildProcess; port: number }> {
  const chrome = spawn(
    CHROMIUM_PATH,
    ['--headless=new', '--remote-debugging-port=0', `--user-data-dir=${profile}`, ...CHROMIUM_ARGS],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    chrome.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/DevTools listening on ws:\/\/[^:]+:(\d+)\//);
      if (match) resolve({ chrome, port: Number(match[1]) });
    });
    chrome.once('exit', (code) => reject(new Error(`chromium exited (${code}):\n${output}`)));
  });
}

type Audit = {
  performance: number;
  accessibility: number;
  failing: string[];
  metrics: string;
  /** Lighthouse's measure of the host's CPU (its `benchmarkIndex`), taken in each run. */
  hostIndex: number;
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const server = await startServer({ DATA_DIR: dataDir });
const { chrome, port } = await startChromium();
const rows: string[] = [];
const hostIndexes: number[] = [];
try {
  for (const page of PAGES) {
    const audits: Audit[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const result = await lighthouse(`${server.origin}${page}`, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
      if (KEEP) {
        fs.mkdirSync(KEEP, { recursive: true });
        const name = `${page.replaceAll('/', '_')}-${run + 1}.json`;
        fs.writeFileSync(path.join(KEEP, name), JSON.stringify(result.lhr));
      }
      const { categories, audits: all } = result.lhr;
      const metric = (id: string) => all[id]?.displayValue ?? '—';
      audits.push({
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        // Accessibility audits that failed, by id (an empty list is a 100).
        failing: (categories.accessibility?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && all[ref.id]?.score === 0)
          .map((ref) => ref.id),
        metrics: ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time']
          .map(metric)
          .concat(metric('cumulative-layout-shift'))
          .join(' · '),
        hostIndex: Math.round(result.lhr.environment.benchmarkIndex),
      });
      // A run Lighthouse could not score (no paint seen, a protocol timeout) scores 0: say why.
      const failure = result.lhr.runtimeError;
      const why = failure ? ` (${failure.code}: ${failure.message})` : '';
      process.stderr.write(`${page} run ${run + 1}: ${audits.at(-1)?.performance}${why}\n`);
    }
    const performance = median(audits.map((audit) => audit.performance));
    const middle = audits.find((audit) => audit.performance === performance) ?? audits[0];
    rows.push(
      `| ${page} | ${performance} (${audits.map((a) => a.performance).join(', ')}) | ` +
        `${Math.min(...audits.map((a) => a.accessibility))} | ${middle?.metrics ?? ''} | ` +
        `${[...new Set(audits.flatMap((a) => a.failing))].join(', ') || 'none'} | ` +
        `${audits.map((a) => a.hostIndex).join(', ')} |`,
    );
    hostIndexes.push(...audits.map((audit) => audit.hostIndex));
  }
} finally {
  chrome.kill('SIGKILL');
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(profile, { recursive: true, force: true });
}

const table = [
  `Run ${new Date().toISOString()} · Lighthouse ${lighthouseVersion()} · default mobile ` +
    `emulation, simulated throttling · ${RUNS} runs per page (median performance) · ` +
    `load average before ${os.loadavg()[0]?.toFixed(2)}`,
  '',
  '| page | performance (runs) | accessibility | FCP · LCP · TBT · CLS | failing a11y audits | host index (runs) |',
  '|---|---|---:|---|---|---|',
  ...rows,
  '',
  hostNote(median(hostIndexes)),
].join('\n');
replaceSection(path.join(root, 'bench/results/latest.md'), 'Lighthouse', 'Lighthouse', table);
console.log(table);

/**
 * What the host index says about the scores. Lighthouse's 4× CPU slowdown turns a host of index
 * 1,500–2,000 (a high-end desktop) into a mid-tier phone, and it warns at 1,000 or less: on a slower
 * host the emulated phone is slower than the one the score is meant for.
 */
function hostNote(index: number): string {
  const state =
    index <= SLOW_HOST_INDEX
      ? `at or below ${SLOW_HOST_INDEX.toLocaleString('en')}, where Lighthouse's command line warns that the host is slower than it expects and the score comes out low`
      : `above ${SLOW_HOST_INDEX.toLocaleString('en')}, where Lighthouse's command line gives no slow-host warning`;
  return `Host index (Lighthouse's \`benchmarkIndex\`, median of all runs): ${index.toLocaleString('en')}, ${state}.`;
}

function lighthouseVersion(): string {
  const dir = onDemandDir('lighthouse', LIGHTHOUSE_VERSION);
  const file = path.join(dir, 'node_modules/lighthouse/package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}
