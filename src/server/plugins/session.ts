import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { configuredAdminKeys } from '../features/admin/configured-admins.ts';
import {
  deleteSession,
  findSessionUser,
  insertSession,
  type UserRow,
} from '../features/auth/sessions.repo.ts';
import { findTokenUser, touchToken } from '../features/auth/tokens.repo.ts';
import { isApiRequest } from './canonical-path.ts';
import { unauthorized } from './errors.ts';

export const SESSION_COOKIE = 'muse_session';
const SESSION_DAYS = 180;

export type SessionUser = UserRow & { isAdmin: boolean };

declare module 'fastify' {
  interface FastifyRequest {
    /** Who the caller is, decided from the session cookie alone (never from the body). */
    sessionUser: SessionUser | null;
    sessionTokenHash: string | null;
    /** The id of the bearer token the caller came with (native clients, scripts), if any. */
    apiTokenId: string | null;
  }
}

/** How often a token's "last used" is written at most: not a write on every request. */
const TOKEN_TOUCH_MS = 60 * 1000;

/** The token of an `Authorization: Bearer …` header; null when there is none. */
export function bearerTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(header);
  return match?.[1] ?? '';
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function registerSessions(app: FastifyInstance, deps: AppDeps): void {
  app.decorateRequest('sessionUser', null);
  app.decorateRequest('sessionTokenHash', null);
  app.decorateRequest('apiTokenId', null);
  const configuredKeys = configuredAdminKeys(deps.config);
  app.addHook('preHandler', async (request) => {
    // A client that names a bearer token is that token's user or nobody: a revoked, unknown or
    // malformed token is refused outright (never silently treated as a visitor), so a native
    // client learns at once that it must sign in again (decision 024).
    // Only API calls: /metrics has a bearer token of its own (MUSE_METRICS_TOKEN).
    const bearer = isApiRequest(request) ? bearerTokenOf(request) : null;
    if (bearer !== null) {
      const found =
        bearer.length > 0 && bearer.length <= 200
          ? await findTokenUser(deps.db, hashToken(bearer), configuredKeys)
          : undefined;
      if (!found) throw unauthorized('That token is not valid any more: please sign in again');
      const now = new Date();
      const lastUsed = found.token.last_used_at ? Date.parse(found.token.last_used_at) : 0;
      if (now.getTime() - lastUsed >= TOKEN_TOUCH_MS) {
        await touchToken(deps.db, found.token.id, now.toISOString());
      }
      request.apiTokenId = found.token.id;
      request.sessionUser = { ...found.user, isAdmin: found.listedAdmin || found.configuredAdmin };
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 200) return;
    const tokenHash = hashToken(token);
    const found = await findSessionUser(
      deps.db,
      tokenHash,
      new Date().toISOString(),
      configuredKeys,
    );
    if (!found) return;
    request.sessionTokenHash = tokenHash;
    // Admin rights belong to the account id (admins row or MUSE_ADMINS grant), never to the name
    // the account holds right now (issue 13 point 1).
    request.sessionUser = { ...found.user, isAdmin: found.listedAdmin || found.configuredAdmin };
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
