// `npm run bench:client`: how long one keystroke takes in a 5,000-word journal entry, in the
// built app (dist/client, built first when stale) served by the real server, in Chromium at 4×
// CPU slowdown (CDP Emulation.setCPUThrottlingRate). A benchmark, not a test: it prints
// numbers and never fails on speed. BENCH_KEYS sets how many keystrokes are timed (default 60).
//
// One keystroke = from the keydown event's timestamp to the end of the next frame after it
// (a requestAnimationFrame callback, then a message posted from it, which runs after the frame
// is painted): the time a person waits to see the letter they typed. Beside it, the renderer
// main thread's busy time for the keystroke (CDP Performance TaskDuration), which a loaded
// machine disturbs less than the wall-clock latency.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser } from '../tests/e2e/support/browser.ts';
import { startServer } from '../tests/e2e/support/server.ts';

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
  /** The renderer main thread's busy time so far (CDP TaskDuration), in ms. */
  const busy = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
  };
  const work: number[] = [];
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
  const letters = 'the quick brown fox jumps over the lazy dog ';
  for (let i = 0; i < KEYS; i++) {
    const letter = letters[i % letters.length] ?? 'a';
    const before = await busy();
    await page.keyboard.press(letter === ' ' ? 'Space' : letter);
    // One keystroke at a time: wait until its frame has been measured.
    await page.waitForFunction(
      (n) => (globalThis as unknown as { keyTimes: number[] }).keyTimes.length >= n,
      i + 1,
    );
    work.push((await busy()) - before);
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const times = (await page.evaluate('window.keyTimes')) as number[];
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const summary = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (q: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    return `p50 ${ms(at(0.5))}  p95 ${ms(at(0.95))}  max ${ms(sorted.at(-1) ?? 0)}`;
  };
  console.log(
    `keystroke in a ${WORDS.toLocaleString('en')}-word entry at ${RATE}× CPU slowdown ` +
      `(${times.length} keys) [load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores]\n` +
      `  keydown → next frame:        ${summary(times)}\n` +
      // Less sensitive to other processes on the machine than the wall-clock latency above.
      `  main-thread work (CDP tasks): ${summary(work)}`,
  );
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
