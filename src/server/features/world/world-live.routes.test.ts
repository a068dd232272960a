import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { nextHour } from '#shared/domain/hour.ts';
import { anHourAgo, realClock, setClock } from '#tests/support/clock.ts';
import { buildUser, post, type TestUser, unique } from '#tests/support/factories.ts';
import { openSse, type SseStream } from '#tests/support/sse.ts';
import { buildTestApp, testDeps } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';

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
  const write = async (text: string, who: TestUser = author) => {
    const id = unique('live');
    const saved = await post(
      app,
      '/api/answer/save',
      { answer: { _id: id, prompt_id: '', prompt_title: 'Live', text } },
      who,
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
  afterEach(() => {
    realClock();
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
    const named = await write('Shared by name just after', reader);
    // Shared anonymously a second and a half before the hour (decision 057)…
    const hour = nextHour(new Date().toISOString());
    setClock(new Date(Date.parse(hour) - 1_500));
    expect(
      (await post(app, '/api/answer/share', { answer_id: id, anonymous: true }, author)).statusCode,
    ).toBe(200);
    // …nothing is told: the named share made after it comes first, and alone.
    expect(
      (await post(app, '/api/answer/share', { answer_id: named, anonymous: false }, reader))
        .statusCode,
    ).toBe(200);
    await stream.next((e) => e.event === 'answer' && e.data.includes(named));
    expect(stream.raw()).not.toContain(id);
    // When the hour turns, its card is announced like any new one, by an id every instance
    // gives it.
    const shared = await stream.next((e) => e.event === 'answer' && e.data.includes(id));
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(hour));
    expect(shared.id).toBe(`joined-${hour}-${id}`);
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

  it('tells nothing of an anonymous share taken back, changed or deleted before it joined the world', async () => {
    const stream = await open();
    const hour = nextHour(new Date().toISOString());
    setClock(new Date(Date.parse(hour) - 30_000));
    const changed = await write('Shared, then its copy changed');
    const unshared = await write('Shared, then taken back');
    const deleted = await write('Shared, then deleted');
    for (const id of [changed, unshared, deleted]) {
      await post(app, '/api/answer/share', { answer_id: id, anonymous: true }, author);
    }
    const done = [
      await post(
        app,
        '/api/answer/share/update',
        { answer_id: changed, text: 'New words' },
        author,
      ),
      await post(app, '/api/answer/unshare', { answer_id: unshared }, author),
      await post(app, '/api/answer/delete', { answer_id: deleted }, author),
    ];
    expect(done.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    // A named share made after them is the first thing the stream hears.
    const named = await write('Named, after all that', reader);
    await post(app, '/api/answer/share', { answer_id: named, anonymous: false }, reader);
    await stream.next((e) => e.event === 'answer' && e.data.includes(named));
    for (const id of [changed, unshared, deleted]) expect(stream.raw()).not.toContain(id);
  });

  it('announces an anonymous share at the hour on every instance, each to its own streams, once', async () => {
    // Two more instances of the same database, as two machines would run (each with its bus:
    // NOTIFY on PostgreSQL, its own process on SQLite). The share is made on the first.
    const instances = [
      await buildTestApp(get().db, { database: get().config }),
      await buildTestApp(get().db, { database: get().config }),
    ];
    try {
      const opened: SseStream[] = [];
      for (const instance of instances) {
        const at = await instance.listen({ port: 0, host: '127.0.0.1' });
        await expect
          .poll(async () => (await instance.inject({ url: '/readyz' })).json().live)
          .toBe('up');
        const stream = await openSse(`${at}/api/world/live`);
        streams.push(stream);
        opened.push(stream);
      }
      const id = await write('Told by every instance at the hour');
      const hour = nextHour(new Date().toISOString());
      setClock(new Date(Date.parse(hour) - 1_500));
      const [first, second] = instances as [FastifyInstance, FastifyInstance];
      expect(
        (await post(first, '/api/answer/share', { answer_id: id, anonymous: true }, author))
          .statusCode,
      ).toBe(200);
      for (const stream of opened) {
        const joined = await stream.next((e) => e.event === 'answer' && e.data.includes(id));
        expect(joined.id).toBe(`joined-${hour}-${id}`);
      }
      // Once each: a named share made on each instance afterwards reaches its own stream after
      // the announcement, and nothing has repeated it (not the bus, not the other instance).
      for (const [n, instance] of [first, second].entries()) {
        const named = await write(`Named after the hour ${n}`, reader);
        await post(instance, '/api/answer/share', { answer_id: named, anonymous: false }, reader);
        await opened[n]?.next((e) => e.event === 'answer' && e.data.includes(named));
        const told = opened[n]?.events.filter((e) => e.event === 'answer' && e.data.includes(id));
        expect(told).toHaveLength(1);
      }
    } finally {
      for (const instance of instances) await instance.close();
    }
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

  it('only keeps what happens while no stream is open; one coming back reads it as it is then', async () => {
    const first = await open();
    const a = await write('Before the quiet');
    await post(app, '/api/answer/share', { answer_id: a, anonymous: false }, author);
    const seen = await first.next((e) => e.event === 'answer' && e.data.includes(a));
    for (const stream of streams) stream.close();
    const openStreams = async () => {
      const gauge = await app.museMetrics.getSingleMetric('muse_live_streams')?.get();
      return gauge?.values[0]?.value;
    };
    await expect.poll(openStreams).toBe(0);

    // Shared (one love, the author's), then loved: read when the stream came back, the share
    // already counts both. Read when it happened, it would say 1.
    const b = await write('During the quiet');
    await post(app, '/api/answer/share', { answer_id: b, anonymous: false }, author);
    expect((await post(app, '/api/answer/like', { answer_id: b }, reader)).statusCode).toBe(200);

    const again = await open({ 'Last-Event-ID': String(seen.id) });
    const missed = await again.next((e) => e.event === 'answer' && e.data.includes(b));
    expect(JSON.parse(missed.data).answer).toMatchObject({ _id: b, likes: 2 });
    const loves = await again.next((e) => e.event === 'loves' && e.data.includes(b));
    expect(JSON.parse(loves.data)).toEqual({ _id: b, likes: 2 });
  });

  it("tells an update of the world's copy as new words in place, never the private text", async () => {
    const stream = await open();
    const id = await write('The first words I shared');
    // An hour ago: it has joined the world (decision 057).
    await anHourAgo(() =>
      post(app, '/api/answer/share', { answer_id: id, anonymous: true }, author),
    );
    await post(
      app,
      '/api/answer/save',
      { answer: { _id: id, prompt_id: '', prompt_title: 'Live', text: 'Private second thoughts' } },
      author,
    );
    const updated = await post(
      app,
      '/api/answer/share/update',
      { answer_id: id, text: 'Words I chose to share again' },
      author,
    );
    expect(updated.statusCode).toBe(200);
    const changed = await stream.next((e) => e.event === 'changed');
    expect(JSON.parse(changed.data).answer).toMatchObject({
      _id: id,
      text: 'Words I chose to share again',
      user_id: null,
    });
    expect(stream.raw()).not.toContain('Private second thoughts');
    expect(stream.raw()).not.toContain(author.id);
  });

  it("tells that a deleted shared answer, and a deleted account's shares and loves, are gone", async () => {
    const stream = await open();
    const id = await write('Soon to be deleted');
    await post(app, '/api/answer/share', { answer_id: id, anonymous: false }, author);
    await stream.next((e) => e.event === 'answer' && e.data.includes(id));
    expect((await post(app, '/api/answer/delete', { answer_id: id }, author)).statusCode).toBe(200);
    await stream.next((e) => e.event === 'removed' && e.data.includes(id));

    const leaving = await buildUser(get().db, { name: unique('Leaving') });
    const password = 'a long enough password';
    const hash = await testDeps(get().db).passwords.hash(password);
    await get()
      .db.updateTable('users')
      .set({ password_hash: hash })
      .where('id', '=', leaving.id)
      .execute();
    const theirs = unique('live');
    await post(
      app,
      '/api/answer/save',
      { answer: { _id: theirs, prompt_id: '', prompt_title: 'Live', text: 'Mine for now' } },
      leaving,
    );
    const kept = await write('Still here after they go');
    // An hour ago, both: they have joined the world (decision 057).
    await anHourAgo(async () => {
      await post(app, '/api/answer/share', { answer_id: theirs, anonymous: true }, leaving);
      await post(app, '/api/answer/share', { answer_id: kept, anonymous: true }, author);
    });
    expect((await post(app, '/api/answer/like', { answer_id: kept }, leaving)).statusCode).toBe(
      200,
    );
    await stream.next((e) => e.event === 'loves' && e.data.includes(kept) && e.data.includes(':2'));
    expect((await post(app, '/api/user/delete', { password }, leaving)).statusCode).toBe(200);
    await stream.next((e) => e.event === 'removed' && e.data.includes(theirs));
    const back = await stream.next((e) => e.event === 'loves' && e.data.includes(':1'));
    expect(JSON.parse(back.data)).toEqual({ _id: kept, likes: 1 });
  });
});
