import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { deviceMarker, post, sessionCookieFrom, todayFields, unique } from './factories.ts';

export type SignedUp = {
  id: string;
  name: string;
  email: string;
  password: string;
  cookie: string;
  recoveryCodes: string[] | undefined;
};

/** An anonymous visitor who signs up through the API, as the client does. */
export async function signUpThroughApi(
  app: FastifyInstance,
  password = 'first password',
): Promise<SignedUp> {
  const id = unique('anon');
  const created = await post(app, '/api/user/create', {
    user: { _id: id },
    device: deviceMarker(),
  });
  expect(created.statusCode).toBe(200);
  const name = unique('Writer');
  const email = `${name.toLowerCase()}@example.com`;
  const response = await post(
    app,
    '/api/signup',
    { user: { _id: id, name, email, password }, ...todayFields() },
    { cookie: sessionCookieFrom(created) },
  );
  expect(response.statusCode).toBe(200);
  return {
    id,
    name,
    email,
    password,
    cookie: sessionCookieFrom(response),
    recoveryCodes: response.json().recoveryCodes,
  };
}

/** Logs in by name and returns the new session, or the failed response's status. */
export async function logIn(
  app: FastifyInstance,
  name: string,
  password: string,
): Promise<{ status: number; cookie: string | null }> {
  const response = await post(app, '/api/login', { user: { name, password } });
  return {
    status: response.statusCode,
    cookie: response.statusCode === 200 ? sessionCookieFrom(response) : null,
  };
}
