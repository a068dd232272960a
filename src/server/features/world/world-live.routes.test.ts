import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildUser, post, type TestUser, unique } from '../../../../tests/support/factories.ts';
import { openSse, type SseStream } from '../../../../tests/support/sse.ts';
import { buildTestApp } from '../../../../tests/support/test-app.ts';
import { describeEachDatabase } from '../../../../tests/support/test-db.ts';

// The live world on one instance (the bus in-process): what a stranger's stream receives.

describeEachDatabase('GET /api/world/live', (get) => {
  let app: FastifyInstance;
  let origin = '';
  let author: TestUser;
  let reader: TestUser;
  let admin: TestUser;
  const streams: SseStream[] = [];
  const open = async (headers: Record<string, string> = {}) => {
    const stream = await openSse(`${origin}/api/world/live`, headers);
    streams.push(stream);
    return stream;
  };
  const write = async (text: string) => {
    const id = unique('live');
    const saved = await post(
      app,
      '/api/answer/save',
      { answer: { _id: id, prompt_id: '', prompt_title: 'Live', text } },
      author,
    );
    expect(saved.statusCode).toBe(200);
    return id;
  };

  beforeAll(async () => {
    app = await buildTestApp(get().db);
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
    author = await buildUser(get().db, { name: unique('Author') });
    reader = await buildUser(get().db);
    admin = await buildUser(get().db, { admin: true });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await app.close();
  });

  it('is an event stream anyone may open', async () => {
    const stream = await open();
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toBe('no-store');
  });

  it('tells a share, love changes and removals, naming no anonymous author', async () => {
    const stream = await open();
    const id = await write('Something I learned today, live');
    expect(
      (await post(app, '/api/answer/share', { answer_id: id, anonymous: true }, author)).statusCode,
    ).toBe(200);
    const shared = await stream.next((e) => e.event === 'answer');
    const { answer } = JSON.parse(shared.data);
    expect(answer).toMatchObject({
      _id: id,
      text: 'Something I learned today, live',
      anonymous: true,
      user_id: null,
      user_name: '',
      profilePicture: null,
      likers: [],
      // Sharing counts the author's own love (SPEC): one.
      likes: 1,
    });
    expect(shared.data).not.toContain(author.id);
    expect(shared.data).not.toContain(author.name);

    expect((await post(app, '/api/answer/like', { answer_id: id }, reader)).statusCode).toBe(200);
    const loves = await stream.next((e) => e.event === 'loves');
    expect(JSON.parse(loves.data)).toEqual({ _id: id, likes: 2 });
    expect(loves.data).not.toContain(reader.id);

    expect(
      (await post(app, '/api/admin/answer/unshare', { answer_id: id }, admin)).statusCode,
    ).toBe(200);
    const removed = await stream.next((e) => e.event === 'removed');
    expect(JSON.parse(removed.data)).toEqual({ _id: id });
    expect(stream.raw()).not.toContain(author.id);
  });

  it('replays what a reconnecting stream missed after Last-Event-ID, or says reset', async () => {
    const first = await open();
    const a = await write('First of two');
    const b = await write('Second of two');
    await post(app, '/api/answer/share', { answer_id: a, anonymous: false }, author);
    const seen = await first.next((e) => e.event === 'answer' && e.data.includes(a));
    first.close();
    await post(app, '/api/answer/share', { answer_id: b, anonymous: false }, author);
    await post(app, '/api/answer/unshare', { answer_id: a }, author);

    const again = await open({ 'Last-Event-ID': String(seen.id) });
    const missed = await again.next((e) => e.event === 'answer');
    expect(JSON.parse(missed.data).answer._id).toBe(b);
    expect(JSON.parse(missed.data).answer.user_name).toBe(author.name);
    await again.next((e) => e.event === 'removed' && e.data.includes(a));
    expect(again.events.some((e) => e.data.includes(`"_id":"${a}"`) && e.event === 'answer')).toBe(
      false,
    );

    const lost = await open({ 'Last-Event-ID': 'someone-else-42' });
    await lost.next((e) => e.event === 'reset');
  });
});
