import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.ts';
import {
  callerOfBearer,
  callerOfSession,
  closeSession,
  hashToken,
  openSession,
  type SessionUser,
} from '../features/auth/sessions.service.ts';
import { isApiRequest } from './canonical-path.ts';
import { unauthorized } from './errors.ts';

export const SESSION_COOKIE = 'muse_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who the caller is, decided from the session cookie alone (never from the body). */
    sessionUser: SessionUser | null;
    sessionTokenHash: string | null;
    /** The id of the bearer token the caller came with (native clients, scripts), if any. */
    apiTokenId: string | null;
  }
}

/** The token of an `Authorization: Bearer …` header; null when there is none. */
export function bearerTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(header);
  return match?.[1] ?? '';
}

export function registerSessions(app: FastifyInstance, deps: AppDeps): void {
  app.decorateRequest('sessionUser', null);
  app.decorateRequest('sessionTokenHash', null);
  app.decorateRequest('apiTokenId', null);
  // A callback hook: a visitor (no cookie, no token) costs no promise (decision 038).
  app.addHook('preHandler', (request, _reply, done) => {
    const finding = identifyCaller(deps, request);
    if (finding === null) done();
    else finding.then(() => done(), done);
  });
}

/** Sets the request's caller from its bearer token or session cookie; null when it has neither. */
function identifyCaller(deps: AppDeps, request: FastifyRequest): Promise<void> | null {
  // A client that names a bearer token is that token's user or nobody: a revoked, unknown or
  // malformed token is refused outright (never silently treated as a visitor), so a native
  // client learns at once that it must sign in again (decision 024).
  // Only API calls: /metrics has a bearer token of its own (MUSE_METRICS_TOKEN).
  const bearer = isApiRequest(request) ? bearerTokenOf(request) : null;
  if (bearer !== null) {
    return callerOfBearer(deps, bearer).then((found) => {
      if (!found) throw unauthorized('That token is not valid any more: please sign in again');
      request.apiTokenId = found.tokenId;
      request.sessionUser = found.user;
    });
  }
  const token = request.cookies[SESSION_COOKIE];
  if (!token || token.length > 200) return null;
  const tokenHash = hashToken(token);
  return callerOfSession(deps, tokenHash).then((user) => {
    if (!user) return;
    request.sessionTokenHash = tokenHash;
    request.sessionUser = user;
  });
}

/** Starts a fresh session (a new random token: 256 bits) and ends the caller's old one. */
export async function startSession(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<void> {
  if (request.sessionTokenHash) await closeSession(deps, request.sessionTokenHash);
  const { token, expires } = await openSession(deps, userId);
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
  if (request.sessionTokenHash) await closeSession(deps, request.sessionTokenHash);
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
