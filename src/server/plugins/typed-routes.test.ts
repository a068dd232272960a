import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors.ts';
import { requireSchemasFromTheMap, route } from './typed-routes.ts';

// route() registers a call from the endpoint map: the map's schema parses the body (with the
// 400 messages the routes always gave) and the map's response schema shapes the answer.

describe('routes from the endpoint map', () => {
  let app: FastifyInstance;
  afterEach(async () => {
    await app.close();
  });

  function bareApp(): FastifyInstance {
    app = Fastify();
    registerErrorHandling(app);
    return app;
  }

  it('hands the handler the parsed body, defaults applied', async () => {
    bareApp();
    let seen: unknown;
    route(app, '/api/admin/users', async (request) => {
      seen = request.body;
      return { users: [], page: request.body.page };
    });
    const response = await app.inject({ method: 'POST', url: '/api/admin/users', payload: {} });
    expect(response.statusCode).toBe(200);
    expect(seen).toEqual({ page: 1 });
    // A call without any body reads as {} too, as the routes did before.
    const bodiless = await app.inject({ method: 'POST', url: '/api/admin/users' });
    expect(bodiless.json()).toEqual({ users: [], page: 1 });
  });

  it('refuses a bad body with 400 and the schema’s words, before the handler runs', async () => {
    bareApp();
    let ran = false;
    route(app, '/api/answer/delete', async () => {
      ran = true;
      return { ok: true };
    });
    const response = await app.inject({
      method: 'POST',
      url: '/api/answer/delete',
      payload: { answer_id: 'no spaces please' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'answer_id: may hold only letters, digits, - and _' });
    expect(ran).toBe(false);
  });

  it('sends only what the response schema lists, for 200 and for the other statuses it names', async () => {
    bareApp();
    const user = {
      _id: 'u1',
      name: 'Ana',
      email: 'ana@example.com',
      profilePicture: '',
      created: [],
      answered: [],
      started: '2026-01-01',
      streak: 0,
      longestStreak: 0,
      score: 0,
      last: null,
      categories: [],
      code: null,
      old_id: '',
      encryption: false,
    };
    route(app, '/api/user', async () => ({
      user: { ...user, password_hash: 'scrypt$secret', passcode_hash: 'pbkdf2$secret' },
    }));
    const response = await app.inject({ method: 'POST', url: '/api/user', payload: {} });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user });
    expect(response.body).not.toContain('secret');
  });

  it('shapes a 409 by its own schema', async () => {
    bareApp();
    const answer = {
      _id: 'a1',
      user_id: 'u1',
      user_name: 'Ana',
      prompt_id: null,
      prompt_title: '',
      answered: '2026-01-01T00:00:00.000Z',
      modified: '2026-01-01T00:00:00.000Z',
      text: 'Words',
      type: 'paragraph',
      categories: [],
      shared: false,
      sharedOn: null,
      anonymous: false,
      likes: 0,
      likers: [],
      reported: false,
      score: 0,
      profilePicture: null,
    };
    route(app, '/api/answer/save', async (_request, reply) =>
      reply.status(409).send({ error: 'Changed elsewhere', answer: { ...answer, secret: 'x' } }),
    );
    const response = await app.inject({
      method: 'POST',
      url: '/api/answer/save',
      payload: { answer: { _id: 'a1', prompt_title: '', text: 'Words' } },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'Changed elsewhere', answer });
  });

  it('answers 500, not the answer, when it breaks its schema', async () => {
    bareApp();
    route(app, '/api/categories', async () => ({ categories: [42] as unknown as string[] }));
    const response = await app.inject({ method: 'POST', url: '/api/categories' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Something went wrong on our side' });
  });

  it('refuses at start-up a call of the map registered without its schemas', async () => {
    bareApp();
    requireSchemasFromTheMap(app);
    expect(() => app.post('/api/categories', async () => ({ categories: [] }))).toThrow(
      '/api/categories is in the endpoint map: register it with route()',
    );
    // A file whose body has a schema (the Markdown export's time zone) needs route() too.
    expect(() => app.post('/api/user/export/markdown', async () => '')).toThrow(
      '/api/user/export/markdown is in the endpoint map: register it with route()',
    );
    // What the map lists as a file or a stream, with no body to parse, is registered as before.
    expect(() => app.get('/metrics', async () => 'ok')).not.toThrow();
  });
});
