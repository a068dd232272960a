import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { ACCESS_LINE, AccessLog, loggerOptions } from './logging.ts';

// The logs never hold what people wrote (issue 15), now without pino's redact (decision 030):
// the censoring is ours, so it is tested here on the log lines themselves.
async function logged(write: (app: ReturnType<typeof Fastify>) => Promise<void>) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const options = loggerOptions();
  // As app.ts builds it: one access line per request (decision 038).
  const app = Fastify({
    logger: { ...(options as object), stream },
    logController: new AccessLog(),
  });
  app.post('/echo', async () => ({ ok: true }));
  await app.ready();
  await write(app);
  await app.close();
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

it('censors fields named like private values, at the top and one level down', async () => {
  const lines = await logged(async (app) => {
    app.log.info(
      {
        email: 'top@example.com',
        user: { id: 'u1', email: 'nested@example.com', password: 'hunter22' },
        answer: { text: 'my private words', words: 3 },
        headers: { cookie: 'muse_session=abc', authorization: 'Bearer xyz' },
      },
      'something happened',
    );
  });
  const text = JSON.stringify(lines);
  for (const secret of ['top@example.com', 'nested@', 'hunter22', 'private words', 'abc', 'xyz']) {
    expect(text).not.toContain(secret);
  }
  expect(lines[0]).toMatchObject({
    email: '[redacted]',
    user: { id: 'u1', email: '[redacted]', password: '[redacted]' },
    answer: { text: '[redacted]', words: 3 },
  });
});

it('logs an error as its kind, message and code, never a database error’s detail', async () => {
  const error = Object.assign(new Error('duplicate key value violates unique constraint'), {
    code: '23505',
    detail: 'Key (email)=(someone@example.com) already exists.',
    query: "insert into users (email) values ('someone@example.com')",
    parameters: ['someone@example.com'],
    where: 'SQL function',
  });
  const lines = await logged(async (app) => {
    app.log.error({ err: error }, 'failed');
  });
  expect(JSON.stringify(lines)).not.toContain('someone@example.com');
  expect(lines[0]?.err).toMatchObject({ type: 'Error', code: '23505' });
});

it('logs a request as method, path and address, never its body, query or cookie', async () => {
  const lines = await logged(async (app) => {
    await app.inject({
      method: 'POST',
      url: '/echo?token=querycanary',
      headers: { cookie: 'muse_session=cookiecanary', 'content-type': 'application/json' },
      payload: { text: 'bodycanary' },
    });
  });
  const text = JSON.stringify(lines);
  for (const canary of ['querycanary', 'cookiecanary', 'bodycanary']) {
    expect(text).not.toContain(canary);
  }
  // One line per request, when it is answered: who asked for what, and how it went.
  expect(lines.map((line) => line.msg)).toEqual([ACCESS_LINE]);
  expect(lines[0]?.req).toEqual({ method: 'POST', path: '/echo', remoteAddress: '127.0.0.1' });
  expect(lines[0]?.res).toEqual({ statusCode: 200 });
  expect(lines[0]?.responseTime).toEqual(expect.any(Number));
});
