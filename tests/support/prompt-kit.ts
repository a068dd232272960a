import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../src/server/db/database.ts';
import type { PromptView } from '../../src/shared/api/prompts.ts';
import { buildUser, post, type TestUser, unique } from './factories.ts';
import { buildTestApp } from './test-app.ts';

// What the prompt route tests share: a prompt body, an app with the four people who matter to
// prompts (author, someone else, an anonymous visitor, an admin), and the calls they repeat.

/** A prompt as /api/prompt/create takes it, with a fresh id. */
export function newPrompt(overrides: Record<string, unknown> = {}) {
  return {
    _id: unique('p'),
    title: 'What made you smile today?',
    categories: ['Gratitude'],
    ...overrides,
  };
}

export type PromptCast = {
  app: FastifyInstance;
  author: TestUser;
  other: TestUser;
  anonymous: TestUser;
  admin: TestUser;
};

/** An app on `db` and the four people: two named users, an anonymous one and an admin. */
export async function promptCast(db: Database): Promise<PromptCast> {
  return {
    app: await buildTestApp(db),
    author: await buildUser(db),
    other: await buildUser(db),
    anonymous: await buildUser(db, { name: '' }),
    admin: await buildUser(db, { admin: true }),
  };
}

/** Creates a prompt as `user` and returns what the server answered; anything but 200 fails. */
export async function createPrompt(
  app: FastifyInstance,
  user: TestUser,
  prompt = newPrompt(),
): Promise<PromptView> {
  const response = await post(app, '/api/prompt/create', { prompt }, user);
  expect(response.statusCode).toBe(200);
  return response.json().prompt;
}

/** The prompts one of the list calls answers; anything but 200 fails. */
export async function listPrompts(
  app: FastifyInstance,
  url: string,
  user?: TestUser,
): Promise<PromptView[]> {
  const response = await post(app, url, {}, user);
  expect(response.statusCode).toBe(200);
  return response.json().prompts;
}

export const ids = (prompts: PromptView[]) => prompts.map((p) => p._id);
