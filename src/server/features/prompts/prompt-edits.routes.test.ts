import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PROMPT_TITLE } from '#shared/api/common.ts';
import { post, type TestUser } from '#tests/support/factories.ts';
import {
  createPrompt,
  ids,
  listPrompts,
  newPrompt,
  promptCast,
} from '#tests/support/prompt-kit.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';

describeEachDatabase('prompt edits', (get) => {
  let app: FastifyInstance;
  let author: TestUser;
  let other: TestUser;
  let anonymous: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    ({ app, author, other, anonymous, admin } = await promptCast(get().db));
  });
  afterAll(async () => {
    await app.close();
  });

  const create = (user: TestUser, prompt?: ReturnType<typeof newPrompt>) =>
    createPrompt(app, user, prompt);
  const list = (url: string, user?: TestUser) => listPrompts(app, url, user);

  describe('/api/prompt/save', () => {
    async function save(user: TestUser | undefined, prompt: Record<string, unknown>) {
      return post(app, '/api/prompt/save', { prompt }, user);
    }

    it('lets the author edit a submitted prompt, which stays submitted', async () => {
      const prompt = await create(author);
      const response = await save(author, {
        ...prompt,
        title: 'Edited title',
        categories: ['Work'],
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().prompt).toMatchObject({
        _id: prompt._id,
        title: 'Edited title',
        categories: ['Work'],
        status: 'submitted',
        user_id: author.id,
        created: prompt.created,
      });
    });

    it("sends an author's edit of an approved or rejected prompt back for review", async () => {
      for (const decision of ['approve', 'reject']) {
        const prompt = await create(author);
        await post(app, `/api/prompt/${decision}`, { prompt_id: prompt._id }, admin);
        const unchanged = await save(author, { ...prompt });
        expect(unchanged.json().prompt.status).not.toBe('submitted');
        const edited = await save(author, { ...prompt, title: 'Better title' });
        expect(edited.statusCode).toBe(200);
        expect(edited.json().prompt).toMatchObject({ title: 'Better title', status: 'submitted' });
      }
    });

    it('keeps the status and the author when an admin edits', async () => {
      const prompt = await create(author);
      await post(app, '/api/prompt/approve', { prompt_id: prompt._id }, admin);
      const response = await save(admin, { ...prompt, title: 'Admin polish', type: 'list' });
      expect(response.statusCode).toBe(200);
      expect(response.json().prompt).toMatchObject({
        title: 'Admin polish',
        type: 'list',
        status: 'approved',
        user_id: author.id,
        user_name: author.name,
      });
      const seeded = await save(admin, {
        _id: 'seed-work-01',
        title: 'An edited seeded prompt',
        categories: ['Work'],
      });
      expect(seeded.statusCode).toBe(200);
      expect(seeded.json().prompt).toMatchObject({ status: 'approved', user_id: null });
    });

    it("refuses someone else's prompt, unknown ids, no session and bad bodies", async () => {
      const prompt = await create(author);
      expect((await save(other, { ...prompt, title: 'Hijack' })).statusCode).toBe(403);
      expect((await save(anonymous, { ...prompt, title: 'Hijack' })).statusCode).toBe(403);
      expect((await save(undefined, { ...prompt, title: 'Hijack' })).statusCode).toBe(401);
      expect(
        (await save(other, { _id: 'seed-life-01', title: 'x', categories: ['Life'] })).statusCode,
      ).toBe(403);
      expect((await save(author, newPrompt())).statusCode).toBe(404);
      const bad = await save(author, { ...prompt, categories: ['Nonsense'] });
      expect(bad.statusCode).toBe(400);
      const empty = await save(author, { ...prompt, title: '' });
      expect(empty.json().error).toBe('Please add a prompt');
      const long = await save(author, { ...prompt, title: 'z'.repeat(MAX_PROMPT_TITLE + 1) });
      expect(long.statusCode).toBe(400);
      const mine = await list('/api/prompts/user', author);
      expect(mine.find((p) => p._id === prompt._id)).toEqual(prompt);
    });
  });

  describe('/api/prompt/delete', () => {
    it('lets the author or an admin delete, nobody else', async () => {
      const mine = await create(author);
      expect((await post(app, '/api/prompt/delete', { prompt_id: mine._id })).statusCode).toBe(401);
      expect(
        (await post(app, '/api/prompt/delete', { prompt_id: mine._id }, other)).statusCode,
      ).toBe(403);
      const own = await post(app, '/api/prompt/delete', { prompt_id: mine._id }, author);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual({ ok: true });
      expect(ids(await list('/api/prompts/user', author))).not.toContain(mine._id);
      expect(
        (await post(app, '/api/prompt/delete', { prompt_id: mine._id }, author)).statusCode,
      ).toBe(404);

      const theirs = await create(other);
      expect(
        (await post(app, '/api/prompt/delete', { prompt_id: theirs._id }, admin)).statusCode,
      ).toBe(200);
      expect(ids(await list('/api/prompts/user', other))).not.toContain(theirs._id);

      const seeded = { prompt_id: 'seed-quotes-01' };
      expect((await post(app, '/api/prompt/delete', seeded, author)).statusCode).toBe(403);
      expect((await post(app, '/api/prompt/delete', {}, author)).statusCode).toBe(400);
    });
  });

  describe('/api/admin/prompt/create', () => {
    it('creates an approved prompt authored by the admin', async () => {
      const body = newPrompt({ categories: ['Self'] });
      const response = await post(app, '/api/admin/prompt/create', { prompt: body }, admin);
      expect(response.statusCode).toBe(200);
      expect(response.json().prompt).toMatchObject({
        _id: body._id,
        status: 'approved',
        user_id: admin.id,
        user_name: admin.name,
      });
      expect(ids(await list('/api/prompts/approved'))).toContain(body._id);
      expect(ids(await list('/api/prompts/submitted', admin))).not.toContain(body._id);
    });

    it('is for admins only and validates like create', async () => {
      const body = newPrompt();
      expect((await post(app, '/api/admin/prompt/create', { prompt: body })).statusCode).toBe(401);
      expect(
        (await post(app, '/api/admin/prompt/create', { prompt: body }, author)).statusCode,
      ).toBe(403);
      const bad = await post(
        app,
        '/api/admin/prompt/create',
        { prompt: newPrompt({ categories: [] }) },
        admin,
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe('Please select some categories');
      expect(ids(await list('/api/prompts/approved'))).not.toContain(body._id);
    });
  });
});
