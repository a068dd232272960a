import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { requireUser } from './policies.ts';

const request = (fields: Partial<FastifyRequest>) =>
  ({ sessionUser: null, unsettledSessionHash: null, ...fields }) as FastifyRequest;

describe('requireUser', () => {
  it('answers 401 for a request without a session', () => {
    expect(() => requireUser(request({}))).toThrow('Please start a session first');
  });

  it('refuses to decide for a route that looks its caller up itself and has not yet', () => {
    // A visitor's 401 here would be a lie: the cookie may well be a live session (decision 045).
    expect(() => requireUser(request({ unsettledSessionHash: 'a-hash' }))).toThrow(
      'The caller was not looked up yet',
    );
  });
});
