import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/database.ts';
import type { AdminAnswerView, AdminUserView } from '#shared/api/admin.ts';
import { nextHour, startOfHour } from '#shared/domain/hour.ts';
import { atClock } from '#tests/support/clock.ts';
import { buildUser, post, type TestUser, unique } from '#tests/support/factories.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';

const names = (response: { json: () => { admin: { name: string }[] } }) =>
  response.json().admin.map((entry) => entry.name);

async function insertAnswer(
  db: Database,
  userId: string,
  fields: { text: string; shared?: boolean; anonymous?: boolean; answered?: string },
): Promise<string> {
  const id = unique('a');
  const at = fields.answered ?? new Date().toISOString();
  await db
    .insertInto('answers')
    .values({
      id,
      user_id: userId,
      prompt_id: 'seed-life-01',
      prompt_title: 'A seeded prompt',
      answered: at,
      modified: at,
      text: fields.text,
      type: 'paragraph',
      categories: '["Life"]',
      shared: fields.shared ? 1 : 0,
      shared_on: fields.shared ? at : null,
      anonymous: fields.anonymous ? 1 : 0,
      likes: fields.shared ? 1 : 0,
      score: 3,
      profile_picture: null,
      // Shared answers carry their world copy (decision 015).
      shared_text: fields.shared ? fields.text : null,
    })
    .execute();
  return id;
}

describeEachDatabase('admin calls', (get) => {
  let app: FastifyInstance;
  let admin: TestUser;
  let user: TestUser;
  let anonymous: TestUser;

  beforeAll(async () => {
    app = await buildTestApp(get().db);
    admin = await buildUser(get().db, { admin: true });
    user = await buildUser(get().db);
    anonymous = await buildUser(get().db, { name: '' });
  });
  afterAll(async () => {
    await app.close();
  });

  describe('/api/admin', () => {
    it('lists admin names to anyone, names only', async () => {
      const response = await post(app, '/api/admin');
      expect(response.statusCode).toBe(200);
      expect(names(response)).toContain(admin.name);
      expect(names(response)).not.toContain(user.name);
      for (const entry of response.json().admin) expect(Object.keys(entry)).toEqual(['name']);
      expect(response.payload).not.toContain('@');
    });

    it('adds MUSE_ADMINS names held by users, once each, and hides unclaimed ones', async () => {
      const configured = await buildUser(get().db);
      const both = await buildUser(get().db, { admin: true });
      const unclaimed = unique('Nobody');
      const configuredApp = await buildTestApp(get().db, {
        admins: [configured.name.toUpperCase(), both.name.toLowerCase(), unclaimed],
      });
      try {
        const listed = names(await post(configuredApp, '/api/admin'));
        expect(listed).toContain(configured.name);
        expect(listed.filter((name) => name.toLowerCase() === both.name.toLowerCase())).toEqual([
          both.name,
        ]);
        expect(listed.join(',').toLowerCase()).not.toContain(unclaimed.toLowerCase());
      } finally {
        await configuredApp.close();
      }
    });
  });

  describe('/api/admin/add and /api/admin/remove', () => {
    it('are for admins only', async () => {
      for (const url of ['/api/admin/add', '/api/admin/remove']) {
        expect((await post(app, url, { admin_name: user.name })).statusCode).toBe(401);
        expect((await post(app, url, { admin_name: user.name }, user)).statusCode).toBe(403);
        expect((await post(app, url, { admin_name: admin.name }, anonymous)).statusCode).toBe(403);
        expect((await post(app, url, {}, admin)).statusCode).toBe(400);
        expect((await post(app, url, { admin_name: '  ' }, admin)).statusCode).toBe(400);
        expect((await post(app, url, { admin_name: unique('Ghost') }, admin)).statusCode).toBe(404);
      }
      expect(names(await post(app, '/api/admin'))).not.toContain(user.name);
    });

    it('adds by name case-insensitively and idempotently; removes again', async () => {
      const candidate = await buildUser(get().db);
      expect((await post(app, '/api/prompts/submitted', {}, candidate)).statusCode).toBe(403);

      const added = await post(
        app,
        '/api/admin/add',
        { admin_name: ` ${candidate.name.toUpperCase()} ` },
        admin,
      );
      expect(added.statusCode).toBe(200);
      expect(names(added)).toContain(candidate.name);
      const twice = await post(app, '/api/admin/add', { admin_name: candidate.name }, admin);
      expect(names(twice).filter((name) => name === candidate.name)).toHaveLength(1);
      expect((await post(app, '/api/prompts/submitted', {}, candidate)).statusCode).toBe(200);

      const removed = await post(app, '/api/admin/remove', { admin_name: candidate.name }, admin);
      expect(removed.statusCode).toBe(200);
      expect(names(removed)).not.toContain(candidate.name);
      expect(names(removed)).toContain(admin.name);
      expect((await post(app, '/api/prompts/submitted', {}, candidate)).statusCode).toBe(403);
      // Removing someone who is not an admin changes nothing.
      const again = await post(app, '/api/admin/remove', { admin_name: candidate.name }, admin);
      expect(again.statusCode).toBe(200);
    });

    it('cannot remove a MUSE_ADMINS admin', async () => {
      const configured = await buildUser(get().db, { admin: true });
      const configuredApp = await buildTestApp(get().db, { admins: [configured.name] });
      try {
        const response = await post(
          configuredApp,
          '/api/admin/remove',
          { admin_name: configured.name },
          admin,
        );
        expect(response.statusCode).toBe(409);
        expect(response.json().error).toContain('MUSE_ADMINS');
        expect(names(await post(configuredApp, '/api/admin'))).toContain(configured.name);
      } finally {
        await configuredApp.close();
      }
    });
  });

  describe('/api/admin/users', () => {
    it('pages users newest first with counts, never secrets', async () => {
      expect((await post(app, '/api/admin/users', {})).statusCode).toBe(401);
      expect((await post(app, '/api/admin/users', {}, user)).statusCode).toBe(403);
      expect((await post(app, '/api/admin/users', { page: 0 }, admin)).statusCode).toBe(400);
      expect((await post(app, '/api/admin/users', { page: 'x' }, admin)).statusCode).toBe(400);

      const db = get().db;
      await db
        .updateTable('users')
        .set({
          passcode_hash: 'pbkdf2-sha256$1$U0FMVA==$UEFTU0NPREVIQVNI',
          password_hash: 'HASHVALUE',
        })
        .execute();
      const writer = await buildUser(db);
      await insertAnswer(db, writer.id, { text: 'one' });
      await insertAnswer(db, writer.id, { text: 'two', shared: true });

      const response = await post(app, '/api/admin/users', {}, admin);
      expect(response.statusCode).toBe(200);
      const { users, page } = response.json() as { users: AdminUserView[]; page: number };
      expect(page).toBe(1);
      expect(users[0]?._id).toBe(writer.id);
      expect(users.find((u) => u._id === writer.id)).toEqual({
        _id: writer.id,
        name: writer.name,
        email: `${writer.id}@example.com`,
        started: expect.any(String),
        streak: 0,
        longestStreak: 0,
        score: 0,
        answers: 2,
        shared: 1,
        admin: false,
      });
      expect(users.find((u) => u._id === admin.id)?.admin).toBe(true);
      expect(users.find((u) => u._id === anonymous.id)).toMatchObject({ name: '', email: '' });
      expect(response.payload).not.toContain('HASHVALUE');
      expect(response.payload).not.toContain('UEFTU0NPREVIQVNI');
      expect(response.payload).not.toContain('"code"');
      expect(response.payload).not.toContain('password');
    });

    it('pages by 50, newest first', async () => {
      const db = get().db;
      const made = new Set<string>();
      for (let i = 0; i < 51; i += 1) made.add((await buildUser(db)).id);
      const first = (await post(app, '/api/admin/users', { page: 1 }, admin)).json();
      const second = (await post(app, '/api/admin/users', { page: 2 }, admin)).json();
      expect(first.users).toHaveLength(50);
      expect(second.page).toBe(2);
      const all: AdminUserView[] = [...first.users, ...second.users];
      expect(new Set(all.map((u) => u._id)).size).toBe(all.length);
      for (const id of made) expect(all.some((u) => u._id === id)).toBe(true);
      // Page 1 is the 50 newest: all of them among the 51 just made.
      expect(first.users.every((u: AdminUserView) => made.has(u._id))).toBe(true);
    });
  });

  describe('/api/admin/answers', () => {
    it('never shows private text; only answers shared by name carry an author', async () => {
      expect((await post(app, '/api/admin/answers', {})).statusCode).toBe(401);
      expect((await post(app, '/api/admin/answers', {}, user)).statusCode).toBe(403);

      const db = get().db;
      const writer = await buildUser(db);
      const secret = unique('PRIVATE-SECRET-');
      const open = unique('OPEN-TEXT-');
      const hidden = unique('ANON-TEXT-');
      const later = new Date(Date.now() + 60_000).toISOString();
      const privateId = await insertAnswer(db, writer.id, { text: secret, answered: later });
      const sharedId = await insertAnswer(db, writer.id, {
        text: open,
        shared: true,
        answered: later,
      });
      const anonymousId = await insertAnswer(db, writer.id, {
        text: hidden,
        shared: true,
        anonymous: true,
        answered: later,
      });

      const response = await post(app, '/api/admin/answers', { page: 1 }, admin);
      expect(response.statusCode).toBe(200);
      expect(response.payload).not.toContain(secret);
      const { answers, page } = response.json() as { answers: AdminAnswerView[]; page: number };
      expect(page).toBe(1);
      const byId = new Map(answers.map((a) => [a._id, a]));
      // Issue 34 point 3: a private answer names no one either, nor its score or its minute.
      const hour = startOfHour(later);
      expect(byId.get(privateId)).toEqual({
        _id: privateId,
        user_id: null,
        prompt_title: 'A seeded prompt',
        answered: hour,
        modified: hour,
        shared: false,
        score: null,
        text: null,
      });
      expect(byId.get(sharedId)).toMatchObject({
        user_id: writer.id,
        shared: true,
        text: open,
        answered: later,
        score: 3,
      });
      // Shared anonymously this hour: admins see it when the world does, on the hour after it
      // (decision 057); until then it is an answer like any private one.
      const anonymousCard = { _id: anonymousId, user_id: null, prompt_title: 'A seeded prompt' };
      expect(byId.get(anonymousId)).toEqual({
        ...anonymousCard,
        answered: hour,
        modified: hour,
        shared: false,
        score: null,
        text: null,
      });
      const joined = await atClock(new Date(Date.parse(nextHour(later)) + 1_000), () =>
        post(app, '/api/admin/answers', { page: 1 }, admin),
      );
      const listed = (joined.json().answers as AdminAnswerView[]).find(
        (a) => a._id === anonymousId,
      );
      expect(listed).toEqual({
        ...anonymousCard,
        answered: hour,
        modified: hour,
        shared: true,
        score: null,
        text: hidden,
      });

      const second = await post(app, '/api/admin/answers', { page: 2 }, admin);
      expect(second.json()).toEqual({ answers: [], page: 2 });
    });
  });

  describe('/api/changeLife', () => {
    it('is gone for everyone', async () => {
      for (const who of [undefined, user, admin]) {
        const response = await post(app, '/api/changeLife', {}, who);
        expect(response.statusCode).toBe(410);
        expect(response.json()).toEqual({ error: 'This call no longer exists' });
      }
      const bare = await app.inject({ method: 'POST', url: '/api/changeLife' });
      expect(bare.statusCode).toBe(410);
    });
  });
});
