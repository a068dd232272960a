// `npm run bench:decrypt`: how long a ten-year journal (3,650 entries of about 1 KB, encrypted on
// the device, docs/ENCRYPTION.md) takes to decrypt when it loads, in the built app served by the
// real server, in Chromium at 4× CPU slowdown (issue 37: under 1 s). A benchmark, not a test: it
// prints numbers and never fails on speed. BENCH_ENTRIES sets how many entries (default 3,650).
//
// The journal is written from Node with the same WebCrypto code the app runs (keys.ts,
// entries.ts), then a fresh browser signs in with the password, which opens the key and loads
// every entry; the app measures its own decryption as the User Timing `muse:open-entries`, and
// the next save of its state, sealed on the device, as `muse:save-state`.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { encryptEntry } from '../src/client/encryption/entries.ts';
import { createKeyBundle } from '../src/client/encryption/keys.ts';
import { launchBrowser } from '../tests/browser/support/browser.ts';
import { apiUser, PASSWORD } from '../tests/browser/support/people.ts';
import { startServer } from '../tests/browser/support/server.ts';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 3650);
const RATE = 4;
const RUNS = 3;
const root = path.resolve(import.meta.dirname, '..');

execFileSync(process.execPath, [path.join(root, 'scripts/ensure-build.ts')], {
  cwd: root,
  stdio: 'inherit',
});

const server = await startServer();
try {
  const user = await apiUser(server.origin, 'Decade');
  const { dataKey, bundle } = await createKeyBundle(PASSWORD);
  await user.post('/api/encryption/set', { bundle, password: PASSWORD });
  const words = 'the sea in the morning, a long walk and a letter home '.repeat(18);
  const day = 86_400_000;
  const start = Date.now() - ENTRIES * day;
  for (let i = 0; i < ENTRIES; i += 1) {
    const text = `${i}: ${words}`;
    const stamp = new Date(start + i * day).toISOString();
    await user.post('/api/answer/save', {
      answer: {
        _id: `decade-${String(i).padStart(5, '0')}`,
        prompt_id: null,
        prompt_title: 'Journal',
        text: await encryptEntry(dataKey, { text, tags: i % 7 === 0 ? ['walk'] : [] }),
        encrypted: true,
        score: Math.round(text.split(' ').length / 3),
        answered: stamp,
        modified: stamp,
        base_revision: 0,
      },
    });
  }
  console.log(`${ENTRIES} encrypted entries written`);

  const browser = await launchBrowser();
  const times: number[] = [];
  const saves: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    // Every long task of the page (over 50 ms on the main thread), from its first moment.
    await context.addInitScript(() => {
      const long: { start: number; ms: number }[] = [];
      Object.assign(window, { museLongTasks: long });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) long.push({ start: e.startTime, ms: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    const page = await context.newPage();
    page.setDefaultTimeout(120_000);
    await page.goto(`${server.origin}/login`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
    await page.getByLabel('Name or email').fill(user.name);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const measured = await page.waitForFunction(() => {
      const [entry] = performance.getEntriesByName('muse:open-entries');
      return entry
        ? { ms: entry.duration, count: (entry as PerformanceMeasure).detail?.count }
        : null;
    });
    const { ms, count } = (await measured.jsonValue()) as { ms: number; count: number };
    times.push(ms);
    // The next save of the state, with the entries in it: sealed on the device (local-words.ts).
    // What a person feels of it: the longest task the page ran while the save was under way.
    const saved = await page.waitForFunction(() => {
      const [opened] = performance.getEntriesByName('muse:open-entries');
      const [entry] = performance.getEntriesByName('muse:save-state');
      if (!entry || !opened || entry.startTime <= opened.startTime) return null;
      const end = entry.startTime + entry.duration;
      // A long task is reported after it ends, by a task of its own: read them a moment later,
      // or the save's own task may not be among them yet.
      if (performance.now() < end + 500) return null;
      const long = (window as unknown as { museLongTasks: { start: number; ms: number }[] })
        .museLongTasks;
      const during = long.filter((t) => t.start < end && t.start + t.ms > entry.startTime);
      return { ms: entry.duration, longest: Math.max(0, ...during.map((t) => t.ms)) };
    });
    const save = (await saved.jsonValue()) as { ms: number; longest: number };
    saves.push(save.longest);
    const size = await page.evaluate(() => localStorage.getItem('reflect-state')?.length ?? 0);
    console.log(
      `run ${run + 1}: ${count} entries decrypted in ${Math.round(ms)} ms; the state (${Math.round(size / 1024)}K characters) sealed and saved in ${Math.round(save.ms)} ms, its longest task ${Math.round(save.longest)} ms; at ${RATE}× CPU`,
    );
    await context.close();
  }
  await browser.close();
  const spread = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `min ${Math.round(sorted[0] ?? 0)} ms, median ${Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0)} ms, max ${Math.round(sorted.at(-1) ?? 0)} ms`;
  };
  console.log(`decrypt ${ENTRIES} entries at ${RATE}× CPU: ${spread(times)}`);
  console.log(`longest task of a state save at ${RATE}× CPU: ${spread(saves)}`);
} finally {
  await server.stop();
}
