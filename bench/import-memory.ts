// `npx node bench/import-memory.ts`: the server's peak memory while it imports a ~50 MB Day One
// export of 5,000 entries (issue 17 B). Starts the real server (`src/server/main.ts`) in its own
// process on a fresh data dir, uploads the zip over loopback from a file-backed Blob (so this
// process never holds the file), and reads the server's VmHWM (peak RSS) from /proc before and
// after. A measurement, not a test: it prints numbers.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import yazl from 'yazl';

const ENTRIES = Number(process.env.IMPORT_ENTRIES ?? 5000);
const WORDS =
  'morning coffee walk river friend letter garden quiet window rain light book train city dream laugh bread music sister road'.split(
    ' ',
  );
const root = path.resolve(import.meta.dirname, '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-import-bench-'));

function entryText(n: number): string {
  const words: string[] = [];
  for (let i = 0; i < 1700; i++) {
    const pick = (n * 7 + i * 13 + (randomBytes(1)[0] ?? 0)) % WORDS.length;
    words.push(WORDS[pick] ?? '');
  }
  return `Entry ${n}. ${words.join(' ')}`;
}

/** Journal.json written entry by entry, then zipped from disk: neither is ever one string. */
async function buildDayOneZip(): Promise<string> {
  const json = path.join(work, 'Journal.json');
  const out = fs.createWriteStream(json);
  out.write('{"metadata":{"version":"1.0"},"entries":[');
  for (let n = 0; n < ENTRIES; n++) {
    const created = new Date(Date.UTC(2012, 0, 1) + n * 86_400_000).toISOString();
    const entry = {
      uuid: `E${n}`,
      creationDate: created,
      timeZone: 'Europe/Berlin',
      text: entryText(n),
    };
    if (!out.write(`${n ? ',' : ''}${JSON.stringify(entry)}`))
      await new Promise<void>((r) => out.once('drain', r));
  }
  out.end(']}');
  await new Promise<void>((r) => out.once('finish', r));
  const zipPath = path.join(work, 'dayone.zip');
  const zip = new yazl.ZipFile();
  zip.addFile(json, 'Journal.json');
  zip.end();
  await new Promise<void>((r) =>
    zip.outputStream.pipe(fs.createWriteStream(zipPath)).once('finish', r),
  );
  console.log(
    `Journal.json ${(fs.statSync(json).size / 1e6).toFixed(1)} MB, zip ${(fs.statSync(zipPath).size / 1e6).toFixed(1)} MB, ${ENTRIES} entries`,
  );
  return zipPath;
}

function peakRss(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}
function rss(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

async function startServer(): Promise<{ origin: string; child: ChildProcess }> {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const child = spawn(process.execPath, [path.join(root, 'src/server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      DATABASE_URL: '',
      MUSE_RATE_LIMITS: 'relaxed',
    },
    stdio: 'ignore',
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${origin}/api/categories`, { method: 'POST' })).ok)
        return { origin, child };
    } catch {
      // not yet listening
    }
    await new Promise<void>((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

const zipPath = await buildDayOneZip();
const { origin, child } = await startServer();
try {
  const id = `m${randomBytes(6).toString('hex')}`;
  const created = await fetch(`${origin}/api/user/create`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ user: { _id: id }, device: randomBytes(18).toString('base64url') }),
  });
  const cookie = (created.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const pid = child.pid ?? 0;
  const before = peakRss(pid);
  for (const step of ['preview', 'import'] as const) {
    const form = new FormData();
    form.append('file', await fs.openAsBlob(zipPath), 'dayone.zip');
    const started = Date.now();
    const url = step === 'preview' ? '/api/user/import/preview' : '/api/user/import';
    const response = await fetch(`${origin}${url}?timeZone=Europe%2FBerlin`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    });
    const body = (await response.json()) as Record<string, { entries: number }>;
    const summary = body.preview ?? body.imported;
    console.log(
      `${step}: ${response.status}, ${summary?.entries} entries in ${((Date.now() - started) / 1000).toFixed(1)} s; server RSS now ${rss(pid).toFixed(0)} MB, peak so far ${peakRss(pid).toFixed(0)} MB`,
    );
  }
  console.log(
    `server peak RSS before the import: ${before.toFixed(0)} MB; during preview + import: ${peakRss(pid).toFixed(0)} MB`,
  );
} finally {
  child.kill('SIGTERM');
  fs.rmSync(work, { recursive: true, force: true });
}
