// Formats a benchmark run as a Markdown table (ratios to the bare node:http baseline first) and
// keeps bench/results/latest.md holding the latest run per database and data size.
import fs from 'node:fs';
import os from 'node:os';
import type { DriveResult } from './drive.ts';

export type RunSummary = {
  database: string;
  answers: number;
  /** Set for a run of some scenarios only: it gets its own section, never a full run's. */
  only?: string;
  shared: number;
  people: number;
  seconds: number;
  /** Seconds each scenario ran unrecorded before its measured run. */
  warm: number;
  connections: number;
  loadBefore: number;
  baseline: number;
  baselines: DriveResult[];
  /** Other fixed servers measured in the same run, shown as ratios too (e.g. Fastify alone). */
  references?: { name: string; result: DriveResult }[];
  results: { name: string; connections: number; result: DriveResult }[];
};

const number = (value: number) => Math.round(value).toLocaleString('en');

export function formatRun(run: RunSummary): string {
  // The baseline's CPU per request over the call's: how close the call is to the limit in work
  // done, whatever else the machine was doing (req/s ratios swing with the load; this barely).
  const baselineCpu = run.baselines
    .map((b) => b.cpuUs)
    .filter((value): value is number => value !== undefined);
  const cpuBase = baselineCpu.length
    ? baselineCpu.reduce((a, b) => a + b, 0) / baselineCpu.length
    : undefined;
  const cpuRatio = (result: DriveResult) =>
    cpuBase === undefined || !result.cpuUs ? '—' : (cpuBase / result.cpuUs).toFixed(3);
  const lines = [
    `Run ${new Date().toISOString()} · ${run.database} · ${number(run.answers)} answers ` +
      `(${number(run.shared)} shared, ${number(run.people)} people) + one person with 3,650 · ` +
      `${run.seconds} s per scenario after ${run.warm} s unrecorded · ${os.cpus().length} cores · Node ${process.versions.node} · ` +
      `load average before ${run.loadBefore.toFixed(2)}`,
    '',
    `Baseline (bare node:http, fixed 4 KB JSON, ${run.connections} connections): ` +
      `${number(run.baseline)} req/s (${run.baselines.map((b) => number(b.rps)).join(' before, ')} after)` +
      (cpuBase === undefined ? '' : `, ${number(cpuBase)} µs of CPU per request`),
    '',
    '| scenario | conns | ratio | req/s | p50 ms | p99 ms | max ms | p99 / max once connected | non-2xx | errors | CPU µs/req | CPU ratio |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const rows = [
    ...(run.references ?? []).map(({ name, result }) => ({
      name: `*reference:* ${name}`,
      connections: run.connections,
      result,
    })),
    ...run.results,
  ];
  for (const { name, connections, result } of rows) {
    lines.push(
      `| ${name} | ${connections} | ${(result.rps / run.baseline).toFixed(3)} | ${number(result.rps)} | ` +
        `${result.p50} | ${result.p99} | ${result.max} | ${result.p99Connected ?? '—'} / ${result.maxConnected ?? '—'} | ${result.non2xx} | ${result.errors + result.timeouts} | ` +
        `${result.cpuUs === undefined ? '—' : number(result.cpuUs)} | ${cpuRatio(result)} |`,
    );
  }
  return lines.join('\n');
}

/** Replaces this database + size's section of the results file, keeping the others. */
export function writeResults(file: string, run: RunSummary): string {
  const key = `${run.database} ${run.answers}${run.only ? ` only ${run.only}` : ''}`;
  const table = formatRun(run);
  const title = `${run.database}, ${number(run.answers)} answers${run.only ? ` (only: ${run.only})` : ''}`;
  replaceSection(file, key, title, table);
  return table;
}

/** Puts `body` under `## title` between this key's markers, keeping every other section. */
export function replaceSection(file: string, key: string, title: string, body: string): void {
  const start = `<!-- run: ${key} -->`;
  const end = `<!-- end: ${key} -->`;
  const section = `${start}\n## ${title}\n\n${body}\n${end}`;
  let text = fs.existsSync(file)
    ? fs.readFileSync(file, 'utf8')
    : '# Latest benchmark results\n\nWritten by `npm run bench` (see docs/PERFORMANCE.md). ' +
      'Figures from a shared or busy machine are noise: compare ratios from back-to-back runs.\n';
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from >= 0 && to > from) text = text.slice(0, from) + section + text.slice(to + end.length);
  else text = `${text.trimEnd()}\n\n${section}\n`;
  fs.writeFileSync(file, text);
}
