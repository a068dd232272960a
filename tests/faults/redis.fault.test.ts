import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  freePort,
  type Instance,
  scrapeMetrics,
  startInstance,
} from '#tests/support/instances.ts';
import { openSse, type SseStream } from '#tests/support/sse.ts';

// Redis away and back under a running instance (decision 047): a redis-server of this test's
// own is killed mid-traffic and started again. Müse keeps answering, its rate limits still hold
// (counted in memory meanwhile), /readyz and /metrics say Redis is down then up, one log line
// says so, and live events resume with a `reset` for what went unheard.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => Promise<T | null>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== null) return value;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  await until('redis-server to listen', async () => {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    return open ? true : null;
  });
  return child;
}

async function killRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe('Redis stopped and started under a running instance', () => {
  let redisPort: number;
  let redis: ChildProcess;
  let instance: Instance;

  beforeAll(async () => {
    redisPort = await freePort();
    redis = await startRedis(redisPort);
    instance = await startInstance({
      env: {
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        REDIS_PREFIX: `muse-f-${randomBytes(4).toString('hex')}:`,
        // The real limits: the test shows they still hold while Redis is away.
        MUSE_RATE_LIMITS: 'default',
      },
    });
  });

  afterEach((context) => {
    // What the server said, when something went wrong.
    if (context.task.result?.state === 'fail') console.info(instance?.output().slice(-6_000));
  });

  afterAll(async () => {
    await instance?.stop();
    if (redis) await killRedis(redis);
  });

  const readyz = async () => {
    const response = await fetch(`${instance.origin}/readyz`);
    return { status: response.status, body: (await response.json()) as { redis?: string } };
  };
  const redisUp = async () => {
    const text = await scrapeMetrics(instance.origin);
    return text.match(/^muse_redis_up (\d)/m)?.[1] ?? null;
  };
  const newUser = async () => {
    const id = `u${randomBytes(6).toString('hex')}`;
    const created = await call(instance.origin, '/api/user/create', {
      user: { _id: id },
      device: randomBytes(18).toString('base64url'),
    });
    return { id, status: created.status, cookie: created.cookie as string };
  };
  const share = async (user: { id: string; cookie: string }) => {
    const id = `r${randomBytes(6).toString('hex')}`;
    const answer = { _id: id, prompt_id: '', prompt_title: 'Live', text: `shared ${id}` };
    expect((await call(instance.origin, '/api/answer/save', { answer }, user.cookie)).status).toBe(
      200,
    );
    const shared = await call(
      instance.origin,
      '/api/answer/share',
      // By name: it is told at once (an anonymous one waits for the hour, decision 057).
      { answer_id: id, anonymous: false, user_id: user.id },
      user.cookie,
    );
    expect(shared.status).toBe(200);
    return id;
  };
  const heard = (stream: SseStream, answerId: string) =>
    stream.next((event) => event.event === 'answer' && event.data.includes(answerId), 10_000);

  /** Only a signed-up person may share. */
  const newAuthor = async () => {
    const anonymous = await newUser();
    const name = `a${randomBytes(5).toString('hex')}`;
    const signedUp = await call(
      instance.origin,
      '/api/signup',
      {
        user: {
          _id: anonymous.id,
          name,
          email: `${name}@example.com`,
          password: 'correct horse 42',
        },
      },
      anonymous.cookie,
    );
    expect(signedUp.status).toBe(200);
    return { id: anonymous.id, cookie: signedUp.cookie as string };
  };

  it('keeps answering, reports Redis down then up, holds the limits and resumes live events', async () => {
    const author = await newAuthor();
    expect((await readyz()).body.redis).toBe('up');
    expect(await redisUp()).toBe('1');
    const stream = await openSse(`${instance.origin}/api/world/live`);
    await heard(stream, await share(author));

    // Saves and reads all along, as people would make them.
    const statuses = new Map<number, number>();
    let noAnswer = 0;
    let over = false;
    const traffic = (async () => {
      while (!over) {
        try {
          const id = `t${randomBytes(6).toString('hex')}`;
          const answer = { _id: id, prompt_id: '', prompt_title: 'Steady', text: `words ${id}` };
          for (const [url, body] of [
            ['/api/answer/save', { answer }],
            ['/api/answer/shared', { page: 1 }],
          ] as const) {
            const response = await call(instance.origin, url, body, author.cookie);
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          }
        } catch {
          noAnswer += 1;
        }
        await sleep(400);
      }
    })();

    const killedAt = Date.now();
    await killRedis(redis);
    const down = await until('/readyz to report Redis down', async () => {
      const { status, body } = await readyz();
      return body.redis === 'down' ? status : null;
    });
    const noticedMs = Date.now() - killedAt;
    expect(down).toBe(200);
    expect(await redisUp()).toBe('0');

    // While Redis is away the per-address limit still holds (counted in memory): not unbounded.
    const outcomes: number[] = [];
    for (let i = 0; i < 40 && !outcomes.includes(429); i += 1)
      outcomes.push((await newUser()).status);
    expect(outcomes.every((status) => status === 200 || status === 429)).toBe(true);
    expect(outcomes).toContain(429);
    // A share while Redis is away is saved; the stream is told to look again once it is back.
    const sharedMeanwhile = await share(author);
    // Away for a while, under traffic.
    await sleep(3_000);

    const restartedAt = Date.now();
    redis = await startRedis(redisPort);
    await until('/readyz to report Redis up', async () =>
      (await readyz()).body.redis === 'up' ? true : null,
    );
    const recoveredMs = Date.now() - restartedAt;
    expect(await redisUp()).toBe('1');
    await stream.next((event) => event.event === 'reset', 10_000);
    // What the reset sends a page to read again holds what was shared meanwhile.
    const feed = await call(instance.origin, '/api/answer/shared', { page: 1 }, author.cookie);
    expect(JSON.stringify(await feed.json())).toContain(sharedMeanwhile);
    // Live events resume.
    await heard(stream, await share(author));
    over = true;
    await traffic;
    stream.close();

    console.info(
      'Redis faults:',
      JSON.stringify({
        statuses: Object.fromEntries(statuses),
        createUserDuringOutage: outcomes.length,
        noticedMs,
        recoveredMs,
        sharedMeanwhile,
      }),
    );
    expect(noAnswer).toBe(0);
    expect([...statuses.keys()]).toEqual([200]);
    expect(instance.child.exitCode).toBeNull();
    // One line when the outage starts and one when it ends, not one per request or connection.
    const output = instance.output();
    expect(output.match(/Redis unreachable/g)?.length).toBe(1);
    expect(output.match(/Redis reachable again/g)?.length).toBe(1);
  });

  it('answers within a second or so while Redis hangs without a word (SIGSTOP)', async () => {
    redis.kill('SIGSTOP');
    try {
      for (let i = 0; i < 3; i += 1) {
        const started = Date.now();
        // 429 is an answer too: the memory count still holds the first test's sign-ups.
        expect([200, 429]).toContain((await newUser()).status);
        expect(Date.now() - started).toBeLessThan(2_500);
      }
    } finally {
      redis.kill('SIGCONT');
    }
    expect(instance.child.exitCode).toBeNull();
  });
});
