import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { anHourAgo } from '#tests/support/clock.ts';
import { buildUser, post, type TestUser, todayFields, unique } from '#tests/support/factories.ts';
import { uploadPicture } from '#tests/support/pictures.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { saveAnswerAs } from './features/answers/answer-fixtures.ts';

// Issue 13 point 6: an anonymous share has no path back to its author. The author below shares
// only anonymously; every call a stranger, a visitor or an admin can make is walked, following
// every user id any response names, and no response may carry the author's id, name or picture.

type Walked = { call: string; body: string };

describeEachDatabase('anonymous stays anonymous', (get) => {
  let app: FastifyInstance;
  let author: TestUser;
  let named: TestUser;
  let stranger: TestUser;
  let visitor: TestUser;
  let admin: TestUser;
  let picture: string;
  let ownPrompt: { _id: string; title: string };
  let privatePrompt: { _id: string; title: string };
  const anonymousIds: string[] = [];
  let privateAnswer: string;

  const ok = async (response: Promise<LightMyRequestResponse>) => {
    const done = await response;
    expect(done.statusCode, done.body).toBe(200);
    return done;
  };

  beforeAll(async () => {
    app = await buildTestApp(get().db);
    const db = get().db;
    author = await buildUser(db, { name: unique('Zelda') });
    named = await buildUser(db);
    stranger = await buildUser(db);
    visitor = await buildUser(db, { name: '' });
    admin = await buildUser(db, { admin: true });
    picture = await uploadPicture(app, author);
    await ok(post(app, '/api/user/profilePicture', { profilePicture: picture }, author));

    // A prompt of the author's own, approved into the public library, and one still in review.
    ownPrompt = { _id: unique('own'), title: `Only Zelda asks ${unique('t')}?` };
    privatePrompt = { _id: unique('priv'), title: `Zelda's private question ${unique('t')}?` };
    for (const prompt of [ownPrompt, privatePrompt]) {
      await ok(
        post(app, '/api/prompt/create', { prompt: { ...prompt, categories: ['Self'] } }, author),
      );
    }
    await ok(post(app, '/api/prompt/approve', { prompt_id: ownPrompt._id }, admin));

    const shareAnonymously = async (answer: Record<string, unknown>) => {
      const saved = await saveAnswerAs(app, author, answer);
      // An hour ago, so it has joined the world (decision 057).
      await anHourAgo(() =>
        ok(post(app, '/api/answer/share', { answer_id: saved._id, anonymous: true }, author)),
      );
      anonymousIds.push(saved._id);
      return saved._id;
    };
    await shareAnonymously({ prompt_id: ownPrompt._id, prompt_title: ownPrompt.title });
    await shareAnonymously({ prompt_id: privatePrompt._id, prompt_title: privatePrompt.title });
    await shareAnonymously({});
    // Shared anonymously, then taken back: still nobody's.
    const withdrawn = await shareAnonymously({ text: 'said and unsaid' });
    await ok(post(app, '/api/answer/unshare', { answer_id: withdrawn }, author));
    privateAnswer = (await saveAnswerAs(app, author, { text: 'just for me' }))._id;

    // The world around it: a named share, loves and a report on the anonymous answers.
    const namedShare = await saveAnswerAs(app, named);
    await ok(
      post(app, '/api/answer/share', { answer_id: namedShare._id, anonymous: false }, named),
    );
    for (const id of anonymousIds.slice(0, 3)) {
      await ok(post(app, '/api/answer/like', { answer_id: id }, named));
      await ok(post(app, '/api/answer/report', { answer_id: id }, stranger));
    }
    // Today's prompt is the author's own prompt.
    await db
      .deleteFrom('daily_prompts')
      .where('day', '=', new Date().toISOString().slice(0, 10))
      .execute();
    await db
      .insertInto('daily_prompts')
      .values({
        day: new Date().toISOString().slice(0, 10),
        prompt_id: ownPrompt._id,
        set_at: new Date().toISOString(),
      })
      .execute();
  });
  afterAll(async () => {
    await app.close();
  });

  /** Every call reachable by `viewer` that does not concern the viewer's own data. */
  async function walk(viewer: TestUser | null): Promise<Walked[]> {
    const walked: Walked[] = [];
    const call = async (url: string, body: unknown = {}, method: 'POST' | 'GET' = 'POST') => {
      const response =
        method === 'GET'
          ? await app.inject({ method, url, headers: viewer ? { cookie: viewer.cookie } : {} })
          : await post(app, url, body, viewer);
      walked.push({ call: `${url} ${JSON.stringify(body)}`, body: response.body });
      return response;
    };
    const userIds = new Set<string>([named.id, stranger.id]);
    const collect = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === 'object') {
        for (const [key, inner] of Object.entries(value)) {
          if ((key === 'user_id' || key === '_id') && typeof inner === 'string') userIds.add(inner);
          collect(inner);
        }
      }
    };
    for (let page = 1; page < 20; page += 1) {
      const response = await call('/api/answer/shared', { page });
      collect(response.json());
      if (response.json().sharedAnswers.length === 0) break;
    }
    for (const url of ['/api/prompts/approved', '/api/categories', '/api/admin']) {
      collect((await call(url)).json());
    }
    await call('/api/prompt/today', todayFields());
    await call('/api/prompt/today/update', { prompt_id: ownPrompt._id, ...todayFields() });
    if (viewer?.name) {
      for (const id of anonymousIds.slice(0, 3)) {
        for (const verb of ['like', 'unlike', 'report', 'unreport', 'report']) {
          await call(`/api/answer/${verb}`, { answer_id: id, user_id: viewer.id });
        }
      }
    }
    if (viewer && viewer === admin) {
      collect((await call('/api/answer/reported', {}, 'GET')).json());
    }
    // Every id any response named, as a profile: only named users have one.
    for (const id of userIds) {
      if (id !== author.id) await call('/api/user/other', { _id: id });
    }
    return walked;
  }

  function assertNoTrace(walked: Walked[]) {
    const secrets = [author.id, author.name, picture, privatePrompt._id, privatePrompt.title];
    for (const { call, body } of walked) {
      for (const secret of secrets) expect(body, `${call} names ${secret}`).not.toContain(secret);
    }
  }

  it('as a visitor without a session, a visitor with one and a named stranger', async () => {
    for (const viewer of [null, visitor, stranger]) {
      const walked = await walk(viewer);
      assertNoTrace(walked);
      const feed = walked
        .filter((w) => w.call.startsWith('/api/answer/shared'))
        .flatMap((w) => JSON.parse(w.body).sharedAnswers);
      const anonymous = feed.filter((a: { _id: string }) => anonymousIds.includes(a._id));
      expect(anonymous).toHaveLength(3);
      // The author's own prompt is not named next to their anonymous answer.
      expect(JSON.stringify(anonymous)).not.toContain(ownPrompt._id);
      expect(JSON.stringify(anonymous)).not.toContain(ownPrompt.title);
      // The approved library names no author.
      const library = walked.find((w) => w.call.startsWith('/api/prompts/approved'));
      const own = JSON.parse(library?.body ?? '{}').prompts.find(
        (p: { _id: string }) => p._id === ownPrompt._id,
      );
      expect(own).toMatchObject({ user_id: null, user_name: '' });
      // Someone who knows the author by name finds no count or trace of the anonymous shares.
      const profile = (await ok(post(app, '/api/user/other', { _id: author.id }, viewer))).json();
      expect(profile.user).toMatchObject({ sharedCount: 0, sharedAnswers: [] });
      for (const id of anonymousIds) expect(JSON.stringify(profile)).not.toContain(id);
    }
  });

  it('as an admin: the public calls, the reported list and the admin lists', async () => {
    const walked = await walk(admin);
    assertNoTrace(
      walked.filter((w) => !w.call.startsWith('/api/prompts/approved')), // admins see authors
    );
    const reported = JSON.parse(
      walked.find((w) => w.call.startsWith('/api/answer/reported'))?.body ?? '{}',
    ).reportedAnswers;
    expect(reported.map((a: { _id: string }) => a._id).sort()).toEqual(
      anonymousIds.slice(0, 3).sort(),
    );
    // Admins see who wrote each approved prompt, so the author's own prompt is not named here.
    expect(JSON.stringify(reported)).not.toContain(ownPrompt._id);
    expect(JSON.stringify(reported)).not.toContain(ownPrompt.title);

    // The admin lists name every user and every answer, but no anonymous share's author.
    const users = (await ok(post(app, '/api/admin/users', { page: 1 }, admin))).json().users;
    const row = users.find((u: { _id: string }) => u._id === author.id);
    expect(row.shared).toBe(0);
    const answers = (await ok(post(app, '/api/admin/answers', { page: 1 }, admin))).json().answers;
    for (const id of anonymousIds) {
      const answer = answers.find((a: { _id: string }) => a._id === id);
      expect(answer, id).toBeDefined();
      expect(answer.user_id, id).toBeNull();
      expect(answer.prompt_title).not.toBe(ownPrompt.title);
      expect(answer.prompt_title).not.toBe(privatePrompt.title);
    }
    // Nor does a private answer (issue 34 point 3): attributed, it would leave the anonymous
    // ones as the difference between a person's count or score and what is theirs in the list.
    expect(answers.find((a: { _id: string }) => a._id === privateAnswer).user_id).toBeNull();
  });
});
