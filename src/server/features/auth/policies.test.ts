import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { requireUser } from './policies.ts';

const request = (fields: Partial<FastifyRequest>) =>
  ({ sessionUser: null, ...fields }) as FastifyRequest;

describe('requireUser', () => {
  it('answers 401 for a request without a session', () => {
    expect(() => requireUser(request({}))).toThrow('Please start a session first');
  });
});
