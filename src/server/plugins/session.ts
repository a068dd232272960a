import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.ts';
import {
  deleteSession,
  findSessionUser,
  insertSession,
  type UserRow,
} from '../features/auth/sessions.repo.ts';

export const SESSION_COOKIE = 'muse_session';
const SESSION_DAYS = 180;

export type SessionUser = UserRow & { isAdmin: boolean };

declare module 'fastify' {
  interface FastifyRequest {
    /** Who the caller is, decided from the session cookie alone (never from the body). */
    sessionUser: SessionUser | null;
    sessionTokenHash: string | null;
  }
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Admin if the admins table lists the user or MUSE_ADMINS names them. */
export function isConfiguredAdmin(deps: AppDeps, nameKey: string | null): boolean {
  if (!nameKey) return false;
  return deps.config.admins.some((name) => name.toLowerCase() === nameKey);
}

export function registerSessions(app: FastifyInstance, deps: AppDeps): void {
  app.decorateRequest('sessionUser', null);
  app.decorateRequest('sessionTokenHash', null);
  app.addHook('preHandler', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 200) return;
    const tokenHash = hashToken(token);
    const found = await findSessionUser(deps.db, tokenHash, new Date().toISOString());
    if (!found) return;
    request.sessionTokenHash = tokenHash;
    request.sessionUser = {
      ...found.user,
      isAdmin: found.listedAdmin || isConfiguredAdmin(deps, found.user.name_key),
    };
  });
}

/** Starts a fresh session (a new random token: 256 bits) and ends the caller's old one. */
export async function startSession(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<void> {
  if (request.sessionTokenHash) await deleteSession(deps.db, request.sessionTokenHash);
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const expires = new Date(now.getTime() + SESSION_DAYS * 24 * 60 * 60 * 1000);
  await insertSession(deps.db, {
    token_hash: hashToken(token),
    user_id: userId,
    created_at: now.toISOString(),
    expires_at: expires.toISOString(),
  });
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.config.publicOrigin?.startsWith('https:') ?? false,
    expires,
  });
}

export async function endSession(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  if (request.sessionTokenHash) await deleteSession(deps.db, request.sessionTokenHash);
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
