import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { loadOrCreateInstant } from '../db/server-secrets.ts';
import type { AppDeps } from '../deps.ts';
import {
  callerOfBearer,
  callerOfSession,
  closeSession,
  hashToken,
  openSession,
  type SessionUser,
  sessionSpan,
} from '../features/auth/sessions.service.ts';
import { isApiRequest } from './canonical-path.ts';
import { unauthorized } from './errors.ts';

/** The session cookie's plain name: its name over http, and before issue 34 over https too. */
export const SESSION_COOKIE = 'muse_session';

/** Whether the public origin is https: cookies are then Secure and `__Host-` named. */
export function servedOverHttps(config: Pick<Config, 'publicOrigin'>): boolean {
  return config.publicOrigin?.startsWith('https:') ?? false;
}

/**
 * A cookie's name as this server sets and reads it. Over https it is `__Host-<name>`: a browser
 * keeps such a cookie only when it is Secure, Path=/ and has no Domain, so neither a sibling
 * subdomain nor a plain-http page can plant or overwrite it (issue 34 point 10). Over plain
 * http (local use, tests) a browser would refuse the prefix: the plain name stays.
 */
export function cookieName(config: Pick<Config, 'publicOrigin'>, name: string): string {
  return servedOverHttps(config) ? `__Host-${name}` : name;
}

/** What every cookie of ours is set with; `__Host-` asks for exactly this (and no Domain). */
export function cookieOptions(config: Pick<Config, 'publicOrigin'>) {
  return { path: '/', httpOnly: true, sameSite: 'lax', secure: servedOverHttps(config) } as const;
}

/** The row of `server_secrets` whose value is when this database first served `__Host-` cookies. */
const HOST_COOKIES_SINCE = 'host-cookies-since';

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
  // Over https: the instant this database first served `__Host-` cookies, recorded as the app
  // is built (before it listens). A session under the old plain name is adopted only when it
  // started before then (adoptPlainSession).
  const hostCookiesSince = servedOverHttps(deps.config)
    ? loadOrCreateInstant(deps.db, HOST_COOKIES_SINCE).catch(() => null)
    : null;
  // A callback hook: a visitor (no cookie, no token) costs no promise (decision 038).
  app.addHook('preHandler', (request, reply, done) => {
    const finding = identifyCaller(deps, request, reply, hostCookiesSince);
    if (finding === null) done();
    else finding.then(() => done(), done);
  });
}

/** Sets the request's caller from its bearer token or session cookie; null when it has neither. */
function identifyCaller(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  hostCookiesSince: Promise<string | null> | null,
): Promise<void> | null {
  // A client that names a bearer token is that token's user or nobody: a revoked, unknown or
  // malformed token is refused outright (never silently treated as a visitor), so a native
  // client learns at once that it must sign in again (decision 024).
  // Only API calls: /metrics has a bearer token of its own (METRICS_TOKEN).
  const bearer = isApiRequest(request) ? bearerTokenOf(request) : null;
  if (bearer !== null) {
    return callerOfBearer(deps, bearer).then((found) => {
      if (!found) throw unauthorized('That token is not valid any more: please sign in again');
      request.apiTokenId = found.tokenId;
      request.sessionUser = found.user;
    });
  }
  const name = cookieName(deps.config, SESSION_COOKIE);
  const token = request.cookies[name];
  // A `__Host-` cookie, even a stale one, is never overridden by a plain one beside it.
  if (token === undefined && hostCookiesSince) {
    const plain = request.cookies[SESSION_COOKIE];
    if (!plain || plain.length > 200) return null;
    return adoptPlainSession(deps, request, reply, plain, hostCookiesSince);
  }
  if (!token || token.length > 200) return null;
  const tokenHash = hashToken(token);
  return callerOfSession(deps, tokenHash).then((user) => {
    if (!user) return;
    request.sessionTokenHash = tokenHash;
    request.sessionUser = user;
  });
}

/**
 * Over https, a session cookie under the old plain name, from before `__Host-` names: adopted
 * once and set again under the new name, so nobody is signed out by the upgrade. Only a session
 * that started before this database first served `__Host-` cookies: every later one was handed
 * out under the new name alone, so finding it under the plain name means it was planted (a
 * sibling subdomain can set a plain cookie, never a `__Host-` one). The plain cookie goes.
 */
async function adoptPlainSession(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  hostCookiesSince: Promise<string | null>,
): Promise<void> {
  reply.clearCookie(SESSION_COOKIE, { path: '/', secure: true });
  const tokenHash = hashToken(token);
  const [since, span] = await Promise.all([hostCookiesSince, sessionSpan(deps, tokenHash)]);
  if (!since || !span || span.created_at >= since) return;
  const user = await callerOfSession(deps, tokenHash);
  if (!user) return;
  request.sessionTokenHash = tokenHash;
  request.sessionUser = user;
  reply.setCookie(cookieName(deps.config, SESSION_COOKIE), token, {
    ...cookieOptions(deps.config),
    expires: new Date(span.expires_at),
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
  reply.setCookie(cookieName(deps.config, SESSION_COOKIE), token, {
    ...cookieOptions(deps.config),
    expires,
  });
}

export async function endSession(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  if (request.sessionTokenHash) await closeSession(deps, request.sessionTokenHash);
  clearSessionCookie(deps, reply);
}

/** Tells the browser to forget its session cookie. */
export function clearSessionCookie(deps: Pick<AppDeps, 'config'>, reply: FastifyReply): void {
  reply.clearCookie(cookieName(deps.config, SESSION_COOKIE), cookieOptions(deps.config));
}
