// `npm run bench`: Müse as users run it (its own process, `src/server/main.ts`, production
// settings, a fresh DATA_DIR or a fresh PostgreSQL database), driven from ANOTHER process
// (bench/drive.ts, autocannon), next to a bare node:http server answering a fixed 4 KB JSON
// body in the same run. Every figure is printed as req/s, p50/p99/max and a ratio to that
// baseline, and written to bench/results/latest.md. Benchmarks, not tests: never fails on speed.
//
//   npm run bench                      SQLite, 15,000 answers (3,000 shared), 3 s per scenario
//   npm run bench -- --postgres        the same on a fresh database on DATABASE_URL's server
//   npm run bench -- --answers 100000  a bigger world (people = answers/10, shared = answers/5)
//   npm run bench -- --seconds 20      longer runs; --cpu-prof DIR profiles the server process
//   npm run bench -- --warm 0          no unrecorded warm-up before each scenario (default 5 s)
//   npm run bench -- --only feed,save  only scenarios whose name contains 'feed' or 'save'
//   npm run bench -- --no-client       without the client section (bench:client, bench:lighthouse)
//                                      that otherwise follows (not with --only or --postgres)
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { seedDatabase } from '../src/server/db/seed.ts';
import { loadAutocannon } from './autocannon.ts';
import type { DriveRequest, DriveResult, DriveSpec } from './drive.ts';
import { writeResults } from './results.ts';
import { insertSessions, seedScale } from './scale-data.ts';

const root = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    postgres: { type: 'boolean', default: false },
    seconds: { type: 'string', default: process.env.BENCH_SECONDS ?? '3' },
    /**
     * Seconds each scenario runs unrecorded first, so what is measured is the server as it runs
     * for days, with its JIT done compiling that scenario's path (a cold save path compiles for
     * several seconds under load).
     */
    warm: { type: 'string', default: '5' },
    answers: { type: 'string', default: '15000' },
    'cpu-prof': { type: 'string' },
    only: { type: 'string' },
    connections: { type: 'string', default: '50' },
    /** Keep the data directory (the server's log is in it). */
    keep: { type: 'boolean', default: false },
    /** Skip the client section (keystrokes, Lighthouse) that follows the server's scenarios. */
    'no-client': { type: 'boolean', default: false },
  },
});
const seconds = Number(args.seconds);
const warmSeconds = Number(args.warm);
const answers = Number(args.answers);
const connections = Number(args.connections);
const shared = Math.round(answers / 5);
const people = Math.max(200, Math.round(answers / 10));
const pagesInFeed = Math.ceil(shared / 10);
// Page 250 of the default world; half-way (at most page 5,000) in bigger ones.
const deepPage =
  pagesInFeed <= 500 ? Math.min(250, pagesInFeed) : Math.min(5000, Math.floor(pagesInFeed / 2));

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

// --- the database: fresh, migrated, seeded, filled -------------------------------------------
// Installed here on the first run, before any drive.ts process wants it.
await loadAutocannon();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-bench-'));
let databaseUrl: string | undefined;
let dropDatabase = async () => {};
if (args.postgres) {
  const server = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const name = `muse_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  server.pathname = `/${name}`;
  databaseUrl = server.toString();
  dropDatabase = async () => {
    const again = new pg.Client({
      connectionString: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    });
    await again.connect();
    await again.query(`drop database if exists ${name}`);
    await again.end();
  };
}
const db = createDatabase(
  databaseUrl
    ? { kind: 'postgres', url: databaseUrl }
    : { kind: 'sqlite', file: path.join(dataDir, 'muse.db') },
);
await migrateToLatest(db);
await seedDatabase(db);
const started = Date.now();
const world = await seedScale(db, {
  people,
  answers,
  shared,
  loves: shared * 10,
  heavyAnswers: 3650,
  prefix: 'x',
  postgres: Boolean(databaseUrl),
  log,
});
log(`seeded ${answers} answers in ${Date.now() - started} ms`);
const cookieOf = (userId: string) => `muse_session=t${userId}`;
const writers = world.people.slice(0, 50).map((id) => ({ id, cookie: cookieOf(id) }));
const lovers = world.people.slice(50, 250).map((id) => ({ id, cookie: cookieOf(id) }));
const heavy = world.heavyUserId ?? '';
// Answers none of the lovers wrote: loving your own answer is refused (403), not a love.
const loverIds = new Set(lovers.map((lover) => lover.id));
const lovable = world.sharedIds
  .filter((_, index) => !loverIds.has(world.sharedAuthors[index] ?? ''))
  .slice(0, 2000);
await insertSessions(
  db,
  [...writers, ...lovers, { id: heavy }].map(({ id }) => ({ token: `t${id}`, userId: id })),
);
await db.destroy();

// --- processes -----------------------------------------------------------------------------------
const node = process.execPath;

function waitForLine(file: string, pattern: RegExp, child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const match = fs.readFileSync(file, 'utf8').match(pattern);
      if (match) {
        clearInterval(timer);
        resolve(match[1] ?? '');
      } else if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`exited early:\n${fs.readFileSync(file, 'utf8')}`));
      }
    }, 50);
  });
}

async function startProcess(
  argv: string[],
  env: NodeJS.ProcessEnv,
  logFile: string,
  pattern: RegExp,
) {
  const out = fs.openSync(logFile, 'w');
  const child = spawn(node, argv, { cwd: root, env, stdio: ['ignore', out, out] });
  const captured = await waitForLine(logFile, pattern, child);
  return { child, captured };
}

function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/**
 * CPU time (user + system, all threads) a process has used so far, in ms; null where /proc is
 * not there. CPU per request barely moves with the machine's load, unlike req/s.
 */
function cpuMs(pid: number | undefined): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / 100;
  } catch {
    return null;
  }
}

/**
 * Waits until `pid` is idle: under a tenth of a core over a quarter of a second (at most 30 s).
 * Work a scenario queued outlives it (login's password hashes run on libuv's threads for a second
 * or more after the last response): measured on top of it, the next figure, and the closing
 * baseline, would be lower than the machine gives (the baseline after login fell from 27,000 to
 * 12,600 req/s, which made every ratio about 1.4× too kind).
 */
async function untilIdle(pid: number | undefined): Promise<void> {
  let last = cpuMs(pid);
  if (last === null) return;
  for (let attempt = 0; attempt < 120; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = cpuMs(pid);
    if (now === null || now - last < 25) return;
    last = now;
  }
}

/** Drives `spec` and adds the CPU the target process spent per request. */
async function driveMeasured(spec: DriveSpec, pid: number | undefined): Promise<DriveResult> {
  const before = cpuMs(pid);
  const result = await drive(spec);
  const after = cpuMs(pid);
  if (before === null || after === null || result.total === 0) return result;
  return { ...result, cpuUs: ((after - before) * 1000) / result.total };
}

function drive(spec: DriveSpec): Promise<DriveResult> {
  return new Promise((resolve, reject) => {
    execFile(
      node,
      [path.join(root, 'bench/drive.ts'), JSON.stringify(spec)],
      { cwd: root, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout) => {
        if (error) reject(error);
        else resolve(JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as DriveResult);
      },
    );
  });
}

const baselineProcess = await startProcess(
  [path.join(root, 'bench/baseline-server.ts')],
  process.env,
  path.join(dataDir, 'baseline.log'),
  /^(\d+)$/m,
);
const baselineOrigin = `http://127.0.0.1:${baselineProcess.captured}`;
const fastifyProcess = await startProcess(
  [path.join(root, 'bench/fastify-hello.ts')],
  process.env,
  path.join(dataDir, 'fastify-hello.log'),
  /^(\d+)$/m,
);
const fastifyOrigin = `http://127.0.0.1:${fastifyProcess.captured}`;

const profileDir = args['cpu-prof'] ? path.resolve(args['cpu-prof']) : null;
const serverStarted = Date.now();
const server = await startProcess(
  [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), 'src/server/main.ts'],
  {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    MUSE_RATE_LIMITS: 'relaxed',
    // No balancer to drain from: the stop at the end is at once.
    SHUTDOWN_DRAIN_MS: '0',
    // Every connection comes from one address here, as from a reverse proxy (README: set 0).
    MUSE_MAX_CONNECTIONS_PER_ADDRESS: '0',
    // As behind a reverse proxy: the love and login scenarios come from many addresses
    // (X-Forwarded-For), as a crowd does; one address's limits would turn them into 429s.
    TRUST_PROXY: '127.0.0.1',
    DATABASE_URL: databaseUrl ?? '',
  },
  path.join(dataDir, 'server.log'),
  /Server listening at (http:\/\/127\.0\.0\.1:\d+)/,
);
const origin = server.captured;

async function call(url: string, body: unknown, cookie = ''): Promise<Response> {
  return fetch(`${origin}${url}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
}
const firstCookie = (response: Response) =>
  (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

// People who sign in (real password hashes, made by sign-up) and one brand-new visitor.
const password = 'a bench password';
const signers: { name: string; password: string }[] = [];
for (let n = 0; n < 20; n += 1) {
  const name = `login${randomBytes(3).toString('hex')}`;
  const made = await call('/api/user/create', {
    user: { _id: name },
    device: randomBytes(18).toString('base64url'),
  });
  const signedUp = await call(
    '/api/signup',
    { user: { _id: name, name, email: `${name}@example.com`, password } },
    firstCookie(made),
  );
  if (!signedUp.ok) throw new Error(`sign-up for the login scenario: ${signedUp.status}`);
  signers.push({ name, password });
}
const newcomer = firstCookie(
  await call('/api/user/create', {
    user: { _id: `new${randomBytes(4).toString('hex')}` },
    device: randomBytes(18).toString('base64url'),
  }),
);
const reader = writers[0]?.cookie ?? '';
const heavyCookie = cookieOf(heavy);

type Scenario = { name: string; connections?: number; requests: DriveRequest[] };
const feed = (page: number, cookie = reader, encoding?: string): DriveRequest => ({
  kind: 'static',
  method: 'POST',
  path: '/api/answer/shared',
  body: JSON.stringify({ page }),
  cookie,
  ...(encoding ? { encoding } : {}),
});
const post = (pathname: string, body: unknown, cookie: string): DriveRequest => ({
  kind: 'static',
  method: 'POST',
  path: pathname,
  body: JSON.stringify(body),
  cookie,
});
const scenarios: Scenario[] = [
  // The floor under every call: Müse's hooks, logging and metrics with no database work.
  {
    name: 'stack floor: GET /healthz',
    requests: [{ kind: 'static', method: 'GET', path: '/healthz' }],
  },
  { name: 'world feed page 1 (signed in)', requests: [feed(1)] },
  { name: 'world feed page 1 (visitor)', requests: [feed(1, '')] },
  {
    name: 'world feed page 1 (browser: br, gzip)',
    requests: [feed(1, reader, 'gzip, deflate, br')],
  },
  { name: `world feed page ${deepPage}`, requests: [feed(deepPage)] },
  { name: `world feed last page (${pagesInFeed})`, requests: [feed(pagesInFeed)] },
  {
    name: `world feed random pages (1–${pagesInFeed}, uncached)`,
    requests: [{ kind: 'feedRandom', pages: pagesInFeed, cookie: reader }],
  },
  { name: 'answer save (new answers)', requests: [{ kind: 'save', writers }] },
  // What an editor sends while someone types: the same answer again, from its last revision.
  { name: 'answer save (autosave edits)', requests: [{ kind: 'edit', writers }] },
  {
    name: 'love + take back',
    requests: [{ kind: 'love', lovers, answers: lovable }],
  },
  { name: '/api/user (new visitor)', requests: [post('/api/user', {}, newcomer)] },
  { name: '/api/user (3,650 answers)', requests: [post('/api/user', {}, heavyCookie)] },
  {
    name: 'mixed crowd: 80% feed, 20% saves',
    connections: 200,
    requests: [feed(1), feed(2), feed(1), feed(3), { kind: 'save', writers }],
  },
  // Last: their CPU (2 MB answers, password hashes on the thread pool) outlasts them and would be
  // counted against whatever came next.
  { name: '/api/user/answers (3,650)', requests: [post('/api/user/answers', {}, heavyCookie)] },
  {
    name: 'login (argon2id)',
    requests: [{ kind: 'login', accounts: signers }],
  },
];

async function measureBaseline(
  target = baselineOrigin,
  pid = baselineProcess.child.pid,
): Promise<DriveResult> {
  return driveMeasured(
    {
      origin: target,
      connections,
      seconds,
      requests: [{ kind: 'static', method: 'POST', path: '/', body: '{"page":1}' }],
    },
    pid,
  );
}

log(`server ${origin} (${databaseUrl ? 'PostgreSQL' : 'SQLite'}), baseline ${baselineOrigin}`);
const loadBefore = os.loadavg()[0] ?? 0;
// The server's start-up (migrations, prerendering) must not run under the opening baseline.
await untilIdle(server.child.pid);
const baselineBefore = await measureBaseline();
log(`baseline: ${Math.round(baselineBefore.rps)} req/s`);
const fastifyHello = await measureBaseline(fastifyOrigin, fastifyProcess.child.pid);
log(`Fastify hello world: ${Math.round(fastifyHello.rps)} req/s`);
await stop(fastifyProcess.child);
/** A scenario's backlog (requests queued before autocannon stopped) must not eat the next one's. */
async function settle(): Promise<void> {
  await untilIdle(server.child.pid);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const started = Date.now();
    await call('/api/categories', {});
    if (Date.now() - started < 20) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

if (profileDir) {
  log(`profile: scenarios begin about ${((Date.now() - serverStarted) / 1000).toFixed(1)} s in`);
}
const results: { name: string; connections: number; result: DriveResult }[] = [];
for (const scenario of scenarios) {
  if (args.only && !args.only.split(',').some((part) => scenario.name.includes(part))) continue;
  const spec = {
    origin,
    connections: scenario.connections ?? connections,
    seconds,
    requests: scenario.requests,
  };
  if (warmSeconds > 0) {
    await settle();
    await drive({ ...spec, seconds: warmSeconds });
  }
  await settle();
  const result = await driveMeasured(spec, server.child.pid);
  log(
    `${scenario.name}: ${Math.round(result.rps)} req/s, p99 ${result.p99} ms, non-2xx ${result.non2xx}`,
  );
  results.push({ name: scenario.name, connections: scenario.connections ?? connections, result });
}
await untilIdle(server.child.pid);
const baselineAfter = await measureBaseline();

await stop(server.child, 'SIGINT');
await stop(baselineProcess.child);
if (profileDir) log(`CPU profile of the server written to ${profileDir}`);
await dropDatabase();
if (args.keep) log(`kept ${dataDir}`);
else fs.rmSync(dataDir, { recursive: true, force: true });

const table = writeResults(path.join(root, 'bench/results/latest.md'), {
  database: databaseUrl ? 'PostgreSQL' : 'SQLite',
  answers,
  ...(args.only ? { only: args.only } : {}),
  shared,
  people,
  seconds,
  warm: warmSeconds,
  connections,
  loadBefore,
  baseline: (baselineBefore.rps + baselineAfter.rps) / 2,
  baselines: [baselineBefore, baselineAfter],
  references: [{ name: 'Fastify hello world (no plugins, same 4 KB body)', result: fastifyHello }],
  results,
});
console.log(table);

// The client section (issues 12 and 14), each in its own process, after the server's scenarios:
// a keystroke in a 5,000-word entry and in a bare textarea, then Lighthouse on the three pages.
// Once per database pair: with --postgres it is skipped (the client does not see the database).
if (!args.only && !args['no-client'] && !args.postgres) {
  for (const [script, ...rest] of [
    ['bench/keystroke.ts'],
    ['bench/keystroke.ts', '--bare'],
    ['bench/lighthouse.ts'],
  ] as const) {
    log(`client: ${[script, ...rest].join(' ')}`);
    execFileSync(node, [path.join(root, script), ...rest], { cwd: root, stdio: 'inherit' });
  }
}
