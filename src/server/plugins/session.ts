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
    /**
     * On a route that looks its caller up itself (`config.caller: 'in-handler'`): the hash of the
     * session cookie's token, not looked up yet. Null once `settleCaller` has run.
     */
    unsettledSessionHash: string | null;
  }
  interface FastifyContextConfig {
    /**
     * 'in-handler': the session cookie is looked up by the handler, in the same query as what it
     * reads (decision 045), which must call `settleCaller` or `identifyUnsettled` before it reads
     * `sessionUser`. Bearer tokens are looked up before the handler as on every route.
     */
    caller?: 'in-handler';
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
  app.decorateRequest('unsettledSessionHash', null);
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
  if (request.routeOptions.config.caller === 'in-handler') {
    request.unsettledSessionHash = tokenHash;
    return null;
  }
  return callerOfSession(deps, tokenHash).then((user) => settleCaller(request, tokenHash, user));
}

/** Makes `user` (null: none, a visitor) the caller of a session cookie whose token has this hash. */
export function settleCaller(
  request: FastifyRequest,
  tokenHash: string,
  user: SessionUser | null,
): void {
  request.unsettledSessionHash = null;
  if (!user) return;
  request.sessionTokenHash = tokenHash;
  request.sessionUser = user;
}

/** On an 'in-handler' route, looks the session cookie up as every other route's hook does. */
export async function identifyUnsettled(deps: AppDeps, request: FastifyRequest): Promise<void> {
  const tokenHash = request.unsettledSessionHash;
  if (tokenHash === null) return;
  settleCaller(request, tokenHash, await callerOfSession(deps, tokenHash));
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
