import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PROMPT_TITLE } from '#shared/api/common.ts';
import type { PromptView } from '#shared/api/prompts.ts';
import { buildUser, post, type TestUser, unique } from '#tests/support/factories.ts';
import {
  createPrompt,
  ids,
  listPrompts,
  newPrompt,
  promptCast,
} from '#tests/support/prompt-kit.ts';
import { buildTestApp } from '#tests/support/test-app.ts';
import { describeEachDatabase } from '#tests/support/test-db.ts';
import { createPromptForUser } from './prompts.service.ts';

const PROMPT_KEYS = [
  '_id',
  'categories',
  'created',
  'status',
  'title',
  'type',
  'user_id',
  'user_name',
].sort();

describeEachDatabase('prompt calls', (get) => {
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

  describe('/api/prompt/create', () => {
    it('creates a submitted prompt authored by the caller, showing only id and name', async () => {
      const before = Date.now();
      const body = newPrompt({
        title: '  What made you smile?  ',
        categories: ['Gratitude', 'Life', 'Gratitude'],
        user_id: author.id,
        user_name: 'Someone Else',
        status: 'approved',
        created: '2000-01-01T00:00:00.000Z',
      });
      const response = await post(app, '/api/prompt/create', { prompt: body }, author);
      expect(response.statusCode).toBe(200);
      const { prompt } = response.json();
      expect(Object.keys(prompt).sort()).toEqual(PROMPT_KEYS);
      expect(prompt).toMatchObject({
        _id: body._id,
        user_id: author.id,
        user_name: author.name,
        title: 'What made you smile?',
        type: 'paragraph',
        categories: ['Gratitude', 'Life'],
        status: 'submitted',
      });
      expect(Date.parse(prompt.created)).toBeGreaterThanOrEqual(before - 1000);
      expect(response.payload).not.toContain('@example.com');
    });

    it('needs a session (401) and a named user (403)', async () => {
      expect((await post(app, '/api/prompt/create', { prompt: newPrompt() })).statusCode).toBe(401);
      const response = await post(app, '/api/prompt/create', { prompt: newPrompt() }, anonymous);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe('Please sign up first');
    });

    it("refuses someone else's user_id", async () => {
      const body = newPrompt({ user_id: other.id });
      const response = await post(app, '/api/prompt/create', { prompt: body }, author);
      expect(response.statusCode).toBe(403);
      const mine = await list('/api/prompts/user', author);
      expect(ids(mine)).not.toContain(body._id);
    });

    it.each([
      ['an empty title', { title: '   ' }, 'Please add a prompt'],
      ['no title', { title: undefined }, 'Please add a prompt'],
      ['no categories', { categories: [] }, 'Please select some categories'],
      ['an unknown category', { categories: ['Gratitude', 'Nonsense'] }, "'Nonsense'"],
      ['a pseudo-category', { categories: ['All prompts'] }, "'All prompts'"],
      ['an oversize title', { title: 'x'.repeat(MAX_PROMPT_TITLE + 1) }, 'at most'],
      ['a bad id', { _id: 'not an id!' }, '_id'],
      ['a non-string title', { title: 42 }, 'title'],
    ])('refuses %s with a 400 and creates nothing', async (_label, overrides, message) => {
      const body = newPrompt(overrides);
      const response = await post(app, '/api/prompt/create', { prompt: body }, author);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toContain(message);
      const mine = await list('/api/prompts/user', author);
      expect(ids(mine)).not.toContain(body._id);
    });

    it('refuses a body without a prompt', async () => {
      expect((await post(app, '/api/prompt/create', {}, author)).statusCode).toBe(400);
      expect((await post(app, '/api/prompt/create', { prompt: 'x' }, author)).statusCode).toBe(400);
    });

    it('accepts a title of exactly the maximum length', async () => {
      const prompt = await create(author, newPrompt({ title: 'y'.repeat(MAX_PROMPT_TITLE) }));
      expect(prompt.title).toHaveLength(MAX_PROMPT_TITLE);
    });

    it("is idempotent for the caller's own id and a 409 for someone else's", async () => {
      const first = await create(author);
      const again = await post(
        app,
        '/api/prompt/create',
        { prompt: { ...first, title: 'A different title' } },
        author,
      );
      expect(again.statusCode).toBe(200);
      expect(again.json().prompt).toEqual(first);

      const { user_id: _author, ...sameId } = first;
      const theirs = await post(app, '/api/prompt/create', { prompt: sameId }, other);
      expect(theirs.statusCode).toBe(409);
      const seeded = newPrompt({ _id: 'seed-gratitude-01' });
      expect((await post(app, '/api/prompt/create', { prompt: seeded }, other)).statusCode).toBe(
        409,
      );
    });
  });

  it('rate-limits prompt submission per address (429)', async () => {
    // On PostgreSQL the per-address counters live in the database, shared by every app on it:
    // start this address's window afresh so earlier calls in this file don't count.
    await get().db.deleteFrom('rate_limits').execute();
    const strictApp = await buildTestApp(get().db, { relaxedRateLimits: false });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 21; i += 1) {
        codes.push(
          (await post(strictApp, '/api/prompt/create', { prompt: newPrompt() }, author)).statusCode,
        );
      }
      expect(codes.slice(0, 20)).toEqual(Array(20).fill(200));
      expect(codes[20]).toBe(429);
    } finally {
      await strictApp.close();
    }
  });

  describe('createPromptForUser', () => {
    it('returns the existing prompt unchanged when the same user creates the same id again', async () => {
      const deps = { db: get().db };
      const input = { ...newPrompt(), type: null, user_id: null };
      const first = await createPromptForUser(deps, { id: author.id }, input);
      const again = await createPromptForUser(
        deps,
        { id: author.id },
        { ...input, title: 'Changed', categories: ['Work'] },
      );
      expect(again).toEqual(first);
      const concurrent = await Promise.all(
        Array.from({ length: 10 }, () => createPromptForUser(deps, { id: author.id }, input)),
      );
      for (const row of concurrent) expect(row).toEqual(first);
      await expect(createPromptForUser(deps, { id: other.id }, input)).rejects.toMatchObject({
        statusCode: 409,
      });
      const fresh = { ...newPrompt(), type: null, user_id: null };
      const racing = await Promise.all(
        Array.from({ length: 10 }, () => createPromptForUser(deps, { id: author.id }, fresh)),
      );
      expect(new Set(racing.map((row) => row.created)).size).toBe(1);
    });
  });

  describe('status transitions', () => {
    it('create → submitted; approve → approved; reject → out of the queue', async () => {
      const one = await create(author);
      const two = await create(author);
      expect(ids(await list('/api/prompts/submitted', admin))).toEqual(
        expect.arrayContaining([one._id, two._id]),
      );
      expect(ids(await list('/api/prompts/user', author))).toEqual(
        expect.arrayContaining([one._id, two._id]),
      );
      expect(ids(await list('/api/prompts/approved'))).not.toContain(one._id);

      const approved = await post(app, '/api/prompt/approve', { prompt_id: one._id }, admin);
      expect(approved.statusCode).toBe(200);
      expect(approved.json().prompt).toMatchObject({ _id: one._id, status: 'approved' });
      expect(ids(await list('/api/prompts/approved'))).toContain(one._id);
      expect(ids(await list('/api/prompts/submitted', admin))).not.toContain(one._id);

      const rejected = await post(app, '/api/prompt/reject', { prompt_id: two._id }, admin);
      expect(rejected.statusCode).toBe(200);
      expect(rejected.json().prompt).toMatchObject({ _id: two._id, status: 'rejected' });
      expect(ids(await list('/api/prompts/submitted', admin))).not.toContain(two._id);
      expect(ids(await list('/api/prompts/approved'))).not.toContain(two._id);
      const mine = await list('/api/prompts/user', author);
      expect(mine.find((p) => p._id === two._id)?.status).toBe('rejected');
    });

    it('approve and reject are for admins only, and 404 an unknown prompt', async () => {
      const prompt = await create(author);
      for (const url of ['/api/prompt/approve', '/api/prompt/reject']) {
        expect((await post(app, url, { prompt_id: prompt._id })).statusCode).toBe(401);
        expect((await post(app, url, { prompt_id: prompt._id }, author)).statusCode).toBe(403);
        expect((await post(app, url, { prompt_id: prompt._id }, anonymous)).statusCode).toBe(403);
        expect((await post(app, url, { prompt_id: unique('nope') }, admin)).statusCode).toBe(404);
        expect((await post(app, url, { prompt_id: '' }, admin)).statusCode).toBe(400);
      }
      const mine = await list('/api/prompts/user', author);
      expect(mine.find((p) => p._id === prompt._id)?.status).toBe('submitted');
    });

    it('an admin named by MUSE_ADMINS may approve', async () => {
      const configured = await buildUser(get().db);
      const configuredApp = await buildTestApp(get().db, {
        admins: [configured.name.toUpperCase()],
      });
      try {
        const prompt = await create(author);
        const response = await post(
          configuredApp,
          '/api/prompt/approve',
          { prompt_id: prompt._id },
          configured,
        );
        expect(response.statusCode).toBe(200);
        expect(response.json().prompt.status).toBe('approved');
      } finally {
        await configuredApp.close();
      }
    });
  });

  describe('lists', () => {
    it('/api/prompts/approved needs no session and holds the seeded library', async () => {
      const response = await app.inject({ method: 'POST', url: '/api/prompts/approved' });
      expect(response.statusCode).toBe(200);
      const prompts: PromptView[] = response.json().prompts;
      expect(prompts.length).toBeGreaterThanOrEqual(171);
      expect(prompts.every((p) => p.status === 'approved')).toBe(true);
      const seeded = prompts.find((p) => p._id === 'seed-gratitude-01');
      expect(seeded).toMatchObject({ user_id: null, user_name: '', type: 'paragraph' });
      expect(Object.keys(seeded ?? {}).sort()).toEqual(PROMPT_KEYS);
    });

    it('/api/prompts/user lists only the caller’s own, and 404s another _id', async () => {
      const mine = await create(author);
      const theirs = await create(other);
      const listed = ids(await list('/api/prompts/user', author));
      expect(listed).toContain(mine._id);
      expect(listed).not.toContain(theirs._id);
      const self = await post(app, '/api/prompts/user', { _id: author.id }, author);
      expect(self.statusCode).toBe(200);
      expect(ids(self.json().prompts)).toContain(mine._id);
      expect((await post(app, '/api/prompts/user', { _id: other.id }, author)).statusCode).toBe(
        404,
      );
      expect((await post(app, '/api/prompts/user', {})).statusCode).toBe(401);
      expect(await list('/api/prompts/user', anonymous)).toEqual([]);
    });

    it('/api/prompts/submitted is for admins, oldest first', async () => {
      expect((await post(app, '/api/prompts/submitted', {})).statusCode).toBe(401);
      expect((await post(app, '/api/prompts/submitted', {}, author)).statusCode).toBe(403);
      const first = await create(author);
      const second = await create(other);
      const queue = await list('/api/prompts/submitted', admin);
      expect(queue.every((p) => p.status === 'submitted')).toBe(true);
      expect(ids(queue).indexOf(first._id)).toBeLessThan(ids(queue).indexOf(second._id));
      const created = queue.map((p) => p.created);
      expect([...created].sort()).toEqual(created);
    });
  });
});
