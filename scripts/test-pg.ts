// `npm run test:pg`: the integration tests' PostgreSQL and Redis halves, on this machine, as CI
// runs them (.ci/run). TEST_DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test
// (each test file makes its own database beside it) and TEST_REDIS_URL to
// redis://127.0.0.1:6379 (each test keeps to a key prefix of its own). Suites that run once per
// database run on PostgreSQL only (TEST_DATABASE_KINDS=postgres; `npm run test:integration` runs
// the SQLite half). Extra arguments go to Vitest: `npm run test:pg -- src/server/cluster.db.test.ts`.
import { spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const databaseUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** Why PostgreSQL at `url` cannot be used, or null when it can. */
async function postgresProblem(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (error) {
    return (error as Error).message || String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Why Redis at `url` does not answer PING, or null when it does. */
function redisProblem(url: string): Promise<string | null> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname || '127.0.0.1', port: Number(port || 6379) });
    const done = (problem: string | null) => {
      socket.destroy();
      resolve(problem);
    };
    socket.setTimeout(3_000, () => done('no answer in 3 s'));
    socket.once('error', (error) => done(error.message));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      const reply = data.toString();
      // -NOAUTH and the like: the URL's password is given by the tests' client, not here.
      done(reply.startsWith('+PONG') || reply.startsWith('-NOAUTH') ? null : reply.trim());
    });
  });
}

const [pgProblem, redis] = await Promise.all([
  postgresProblem(databaseUrl),
  redisProblem(redisUrl),
]);
if (pgProblem || redis) {
  if (pgProblem) {
    console.error(
      `PostgreSQL is not there at ${databaseUrl}: ${pgProblem}\n` +
        '  Start it (Debian: pg_ctlcluster <version> main start, as .ci/run does; the database ' +
        "'test' must exist), or point TEST_DATABASE_URL at one.",
    );
  }
  if (redis) {
    console.error(
      `Redis is not there at ${redisUrl}: ${redis}\n` +
        "  Start it (redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save ''), " +
        'or point TEST_REDIS_URL at one.',
    );
  }
  process.exit(1);
}

console.log(`PostgreSQL at ${databaseUrl}, Redis at ${redisUrl}: the integration tests' halves.`);
const result = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--project',
    'integration',
    '--reporter=default',
    '--reporter=./tests/support/progress-reporter.ts',
    ...process.argv.slice(2),
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      TEST_DATABASE_URL: databaseUrl,
      TEST_REDIS_URL: redisUrl,
      TEST_DATABASE_KINDS: 'postgres',
    },
  },
);
process.exit(result.status ?? 1);
