import type { FastifyRequest } from 'fastify';
import { forbidden, HttpError, unauthorized } from '#server/plugins/errors.ts';
import type { SessionUser } from './sessions.service.ts';

// Who may do what. Every rule reads the caller from the session; ids in a body are only ever
// checked against it, never trusted.

/** Any session: an anonymous (unnamed) user or a named one. 401 without a session. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthorized('Please start a session first');
  return request.sessionUser;
}

/** A user who has signed up (has a name). */
export function requireNamedUser(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (!user.name) throw forbidden('Please sign up first');
  return user;
}

export function requireAdmin(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (!user.isAdmin) throw forbidden('Admins only');
  return user;
}

/** A body that names a user id must name the caller: 403 otherwise. */
export function assertSelf(user: SessionUser, claimedId: string | undefined | null): void {
  if (claimedId !== undefined && claimedId !== null && claimedId !== '' && claimedId !== user.id) {
    throw forbidden('That is not your account');
  }
}

/** For private data: someone else's id is answered as if it did not exist. */
export function assertSelfOrNotFound(
  user: SessionUser,
  claimedId: string | undefined | null,
): void {
  if (claimedId !== undefined && claimedId !== null && claimedId !== '' && claimedId !== user.id) {
    throw new HttpError(404, 'Not found');
  }
}
