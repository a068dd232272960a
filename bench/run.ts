// `npm run bench`: throughput and latency of the hot calls against the real app on a fresh
// SQLite database, driven over loopback by autocannon. Benchmarks, not tests: they print numbers
// and never fail on speed. BENCH_SECONDS sets each run's length (default 5).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { createDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { seedDatabase } from '../src/server/db/seed.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'muse-bench-'));
const config = {
  ...loadConfig({ DATA_DIR: dataDir, MUSE_RATE_LIMITS: 'relaxed' }),
  host: '127.0.0.1',
  port: 0,
};
const db = createDatabase(config.database);
await migrateToLatest(db);
await seedDatabase(db);
const app = await buildApp({ db, config });
const origin = await app.listen({ host: '127.0.0.1', port: 0 });

async function call(url: string, body: unknown, cookie = ''): Promise<Response> {
  return fetch(`${origin}${url}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/** A named user with a session cookie, made through the API. */
async function signUp(): Promise<string> {
  const id = `b${randomBytes(6).toString('hex')}`;
  const created = await call('/api/user/create', { user: { _id: id } });
  let cookie = (created.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const signed = await call(
    '/api/signup',
    { user: { name: id, email: `${id}@example.com`, password: 'bench password' } },
    cookie,
  );
  cookie = (signed.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return cookie;
}

// A world with 300 shared answers from 30 people.
const writers = await Promise.all(Array.from({ length: 30 }, signUp));
for (const [index, cookie] of writers.entries()) {
  for (let n = 0; n < 10; n += 1) {
    const id = `a${index}x${n}${randomBytes(3).toString('hex')}`;
    await call(
      '/api/answer/save',
      {
        answer: {
          _id: id,
          prompt_title: 'Life',
          text: 'A thought worth sharing with the world today '.repeat(8),
        },
      },
      cookie,
    );
    await call('/api/answer/share', { answer_id: id, anonymous: n % 3 === 0 }, cookie);
  }
}
const reader = writers[0] ?? '';

type Scenario = {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: () => string;
  cookie?: string;
};
let counter = 0;
const scenarios: Scenario[] = [
  { name: 'app shell GET /', method: 'GET', path: '/' },
  { name: 'categories', method: 'POST', path: '/api/categories', body: () => '{}' },
  {
    name: 'approved prompts (171)',
    method: 'POST',
    path: '/api/prompts/approved',
    body: () => '{}',
  },
  {
    name: 'world feed page 1',
    method: 'POST',
    path: '/api/answer/shared',
    body: () => '{"page":1}',
    cookie: reader,
  },
  {
    name: 'world feed page 20',
    method: 'POST',
    path: '/api/answer/shared',
    body: () => '{"page":20}',
    cookie: reader,
  },
  {
    name: 'answer save (new answers)',
    method: 'POST',
    path: '/api/answer/save',
    cookie: reader,
    body: () => {
      counter += 1;
      return JSON.stringify({
        answer: {
          _id: `bench${counter}`,
          prompt_title: 'Life',
          text: 'Some honest words about today and tomorrow',
        },
      });
    },
  },
  { name: 'own user record', method: 'POST', path: '/api/user', body: () => '{}', cookie: reader },
];

console.log(
  `Müse benchmarks: ${seconds} s each, 10 connections, SQLite, ${os.cpus().length} cores\n`,
);
console.log(
  'scenario'.padEnd(30),
  'req/s'.padStart(8),
  'p50 ms'.padStart(8),
  'p99 ms'.padStart(8),
  'non-2xx'.padStart(8),
);
for (const scenario of scenarios) {
  const result = await autocannon({
    url: `${origin}${scenario.path}`,
    method: scenario.method,
    connections: 10,
    duration: seconds,
    headers: {
      ...(scenario.method === 'POST' ? { 'content-type': 'application/json' } : {}),
      ...(scenario.cookie ? { cookie: scenario.cookie } : {}),
    },
    ...(scenario.body
      ? {
          requests: [
            {
              setupRequest: (request: autocannon.Request) => ({
                ...request,
                body: scenario.body?.(),
              }),
            },
          ],
        }
      : {}),
  });
  console.log(
    scenario.name.padEnd(30),
    String(Math.round(result.requests.average)).padStart(8),
    String(result.latency.p50).padStart(8),
    String(result.latency.p99).padStart(8),
    String(result.non2xx).padStart(8),
  );
}

await app.close();
await db.destroy();
fs.rmSync(dataDir, { recursive: true, force: true });
