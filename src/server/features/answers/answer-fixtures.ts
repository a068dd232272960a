import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Answer } from '#shared/api/answers.ts';
import { anHourAgo } from '#tests/support/clock.ts';
import { post, type TestUser } from '#tests/support/factories.ts';

// Test fixtures for answer and world route tests: answers made through the API itself.

export function answerId(): string {
  return `a${randomBytes(8).toString('hex')}`;
}

export async function saveAnswerAs(
  app: FastifyInstance,
  user: TestUser,
  answer: Record<string, unknown> = {},
): Promise<Answer> {
  const response = await post(
    app,
    '/api/answer/save',
    {
      answer: {
        _id: answerId(),
        prompt_id: 'seed-life-01',
        prompt_title: 'What did today teach you?',
        text: 'one two three four five six',
        ...answer,
      },
    },
    user,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().answer;
}

/** A saved and shared answer of `user`; returns its id. */
export async function sharedAnswerOf(
  app: FastifyInstance,
  user: TestUser,
  options: { anonymous?: boolean; text?: string } = {},
): Promise<string> {
  const saved = await saveAnswerAs(app, user, options.text ? { text: options.text } : {});
  const response = await post(
    app,
    '/api/answer/share',
    { answer_id: saved._id, anonymous: options.anonymous ?? false },
    user,
  );
  expect(response.statusCode, response.body).toBe(200);
  return saved._id;
}

/**
 * An anonymous share of `user` made an hour ago, so it has joined the world (decision 057): for
 * tests about what others see of it. Returns its id.
 */
export async function joinedAnonymousShareOf(
  app: FastifyInstance,
  user: TestUser,
  options: { text?: string } = {},
): Promise<string> {
  return anHourAgo(() => sharedAnswerOf(app, user, { ...options, anonymous: true }));
}
