// `npm run bench:client`: how long one keystroke takes in a 5,000-word journal entry, in the
// built app (dist/client, built first when stale) served by the real server, in Chromium at 4×
// CPU slowdown (CDP Emulation.setCPUThrottlingRate). A benchmark, not a test: it prints
// numbers and never fails on speed. BENCH_KEYS sets how many keystrokes are timed (default 60).
//
// One keystroke = from the keydown event's timestamp to the end of the next frame after it
// (a requestAnimationFrame callback, then a message posted from it, which runs after the frame
// is painted): the time a person waits to see the letter they typed. Beside it, the renderer
// main thread's busy time (CDP Performance TaskDuration) and CPU time (ThreadTime) for the
// keystroke, which a loaded machine disturbs less than the wall-clock latency (the CPU time
// least: it leaves out the time other processes hold the cores). And the React commits per
// key, with the components that rendered (bench/react-renders.ts): typing should render none.
//
//   npm run bench:client -- --profile   also records a Chrome trace and a CPU profile of the
//                                       timed keys (test-results/bench/keystroke-trace.json and
//                                       keystroke.cpuprofile) and prints where the main
//                                       thread's CPU went by trace event (Layout, Paint, …);
//                                       tracing and sampling slow the page, so its latencies
//                                       read high (and RunTask/FunctionCall carry the sampler).
//   npm run bench:client -- --bare      the same keys in a bare <textarea> with the editor's
//                                       font, size and box, on the app's origin: what
//                                       Chromium alone costs for 30 KB of text (issue 12's
//                                       "a bare textarea" figure).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { launchBrowser } from '../tests/browser/support/browser.ts';
import { startServer } from '../tests/browser/support/server.ts';
import { REACT_RENDERS_HOOK, type ReactRenders, rendersBetween } from './react-renders.ts';
import { replaceSection } from './results.ts';
import { formatSelfTimes, mainThreadSelfTimes } from './trace-summary.ts';

const { values: args } = parseArgs({
  options: {
    profile: { type: 'boolean', default: false },
    bare: { type: 'boolean', default: false },
  },
});
const KEYS = Number(process.env.BENCH_KEYS ?? 60);
const WORDS = 5000;
const RATE = 4;
const root = path.resolve(import.meta.dirname, '..');

execFileSync(process.execPath, [path.join(root, 'scripts/ensure-build.ts')], {
  cwd: root,
  stdio: 'inherit',
});

const server = await startServer();
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(REACT_RENDERS_HOOK);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await page.goto(`${server.origin}/answer/journal`);
  const box = page.getByLabel('Your answer');
  await box.waitFor();
  // Wait for the anonymous user and its session, so the entry is a normal, saved one.
  await page.waitForFunction(() => {
    const raw = localStorage.getItem('reflect-state');
    return raw !== null && JSON.parse(raw).state.user._id !== '';
  });
  const words = Array.from({ length: WORDS }, (_, i) => `word${i % 97}`).join(' ');
  if (args.bare) {
    // The editor's own look, minus the app: font, size, line height, padding and box.
    const look = await box.evaluate(`el => {
      const s = getComputedStyle(el);
      return ['display', 'font-family', 'font-size', 'line-height', 'padding', 'width', 'height']
        .map((p) => p + ':' + s.getPropertyValue(p)).join(';');
    }`);
    await page.setContent(
      `<!doctype html><html lang="en"><body><textarea aria-label="Your answer" ` +
        `style="box-sizing:border-box;${look}"></textarea></body></html>`,
    );
  }
  if (process.env.BENCH_CSS) await page.addStyleTag({ content: process.env.BENCH_CSS });
  await box.fill(words);
  await box.press('End');
  // In-page code is passed as text: this file is type-checked without the DOM library.
  await box.evaluate('el => el.setSelectionRange(el.value.length, el.value.length)');
  // Let the first save and any follow-up work settle before timing.
  await page.waitForTimeout(4000);

  await page.evaluate(`
    window.keyTimes = [];
    document.addEventListener('keydown', (event) => {
      const start = event.timeStamp;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => window.keyTimes.push(performance.now() - start);
        channel.port2.postMessage(null);
      });
    }, { capture: true });
  `);

  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  /** The renderer main thread's counters so far (CDP Performance metrics), in ms. */
  const counters = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const of = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
    return {
      task: of('TaskDuration'),
      cpu: of('ThreadTime'),
      script: of('ScriptDuration'),
      layout: of('LayoutDuration'),
      style: of('RecalcStyleDuration'),
    };
  };
  type Counters = Awaited<ReturnType<typeof counters>>;
  const perKey: Counters[] = [];
  const renders = async () =>
    ((await page.evaluate('window.__reactRenders')) as ReactRenders | undefined) ?? {
      commits: 0,
      components: {},
    };
  const rendersBefore = await renders();
  const results = path.join(root, 'test-results/bench');
  fs.mkdirSync(results, { recursive: true });
  const tracePath = path.join(results, 'keystroke-trace.json');
  if (args.profile) {
    await browser.startTracing(page, {
      path: tracePath,
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'v8'],
    });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
    await cdp.send('Profiler.start');
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
  const letters = 'the quick brown fox jumps over the lazy dog ';
  for (let i = 0; i < KEYS; i++) {
    const letter = letters[i % letters.length] ?? 'a';
    const before = await counters();
    await page.keyboard.press(letter === ' ' ? 'Space' : letter);
    // One keystroke at a time: wait until its frame has been measured.
    await page.waitForFunction(
      (n) => (globalThis as unknown as { keyTimes: number[] }).keyTimes.length >= n,
      i + 1,
    );
    const after = await counters();
    perKey.push({
      task: after.task - before.task,
      cpu: after.cpu - before.cpu,
      script: after.script - before.script,
      layout: after.layout - before.layout,
      style: after.style - before.style,
    });
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const rendered = rendersBetween(rendersBefore, await renders());
  let breakdown = '';
  if (args.profile) {
    const { profile } = await cdp.send('Profiler.stop');
    fs.writeFileSync(path.join(results, 'keystroke.cpuprofile'), JSON.stringify(profile));
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
    breakdown = `\n${formatSelfTimes(mainThreadSelfTimes(trace.traceEvents), KEYS)}\n  trace: ${tracePath}`;
  }
  const times = (await page.evaluate('window.keyTimes')) as number[];
  const mean = (key: keyof Counters) => perKey.reduce((sum, k) => sum + k[key], 0) / perKey.length;
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const quantiles = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (q: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 };
  };
  const summary = (values: number[]) => {
    const q = quantiles(values);
    return `p50 ${ms(q.p50)}  p95 ${ms(q.p95)}  max ${ms(q.max)}`;
  };
  const rows: Array<[string, number[]]> = [
    ['keydown → next frame', times],
    // Less sensitive to other processes on the machine than the wall-clock latency above.
    ['main-thread work (CDP tasks)', perKey.map((k) => k.task)],
    // CPU time: what the page itself spent (at 4×), whoever else wants the cores.
    ['main-thread CPU (ThreadTime)', perKey.map((k) => k.cpu)],
  ];
  const what = args.bare ? 'bare <textarea>' : 'entry';
  const load = os.loadavg()[0]?.toFixed(1);
  const perKeyLine = `script ${ms(mean('script'))}, layout ${ms(mean('layout'))}, style ${ms(mean('style'))}`;
  const reactLine =
    `${(rendered.commits / KEYS).toFixed(2)} commits per key` +
    (Object.keys(rendered.components).length > 0
      ? ` (rendered: ${Object.entries(rendered.components)
          .sort((a, b) => b[1] - a[1])
          .map(([name, count]) => `${name} ×${count}`)
          .join(', ')})`
      : '');
  console.log(
    `keystroke in a ${WORDS.toLocaleString('en')}-word ${what} at ${RATE}× CPU slowdown ` +
      `(${times.length} keys) [load average ${load} on ${os.cpus().length} cores]\n` +
      rows.map(([name, values]) => `  ${`${name}:`.padEnd(30)}${summary(values)}\n`).join('') +
      `  of which, mean per key: ${perKeyLine}\n` +
      `  React: ${reactLine}` +
      breakdown,
  );
  // The bench's client section (issue 12), unless profiling (tracing slows the page).
  if (!args.profile) {
    const table = [
      `Run ${new Date().toISOString()} · ${times.length} keys typed at the end of a ` +
        `${WORDS.toLocaleString('en')}-word ${what} · Chromium at ${RATE}× CPU slowdown · ` +
        `load average ${load} · goal: keydown → next frame p95 ≤ 50 ms`,
      '',
      '| per keystroke | p50 ms | p95 ms | max ms |',
      '|---|---:|---:|---:|',
      ...rows.map(([name, values]) => {
        const q = quantiles(values);
        return `| ${name} | ${q.p50.toFixed(1)} | ${q.p95.toFixed(1)} | ${q.max.toFixed(1)} |`;
      }),
      '',
      `Mean per key: ${perKeyLine}.${args.bare ? '' : ` React: ${reactLine}.`}`,
    ].join('\n');
    const key = args.bare ? 'client keystroke bare' : 'client keystroke';
    const title = args.bare
      ? 'Client: a keystroke in a bare <textarea> of 5,000 words (Chromium alone)'
      : 'Client: a keystroke in a 5,000-word entry';
    replaceSection(path.join(root, 'bench/results/latest.md'), key, title, table);
  }
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
