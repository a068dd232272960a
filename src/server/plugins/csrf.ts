import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Endpoint, endpoints } from '#shared/api/endpoints.ts';
import { isApiRequest, routeOf } from './canonical-path.ts';
import { forbidden, HttpError } from './errors.ts';
import { bearerTokenOf } from './session.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Calls that take a file upload instead of JSON: those the endpoint map says are multipart. */
export const MULTIPART_ROUTES = new Set(
  Object.entries(endpoints as Record<string, Endpoint>)
    .filter(([, endpoint]) => endpoint.body === 'multipart')
    .map(([path]) => path),
);

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (
    (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined
  );
}

function allowedOrigin(request: FastifyRequest, publicOrigin: string | null): string | null {
  if (publicOrigin) return publicOrigin;
  const host = request.headers.host;
  return host ? `${request.protocol}://${host}` : null;
}

/**
 * Cross-site request forgery: a state-changing call must carry JSON (a form cannot) and, when
 * the browser names an origin, it must be ours. SameSite=Lax session cookies are the third wall.
 * Every state-changing request is checked, whatever its path or its spelling (there are no
 * state-changing calls outside /api, so nothing legitimate is caught); the multipart exception
 * is decided by the route Fastify matched, never by the raw URL.
 */
export function registerCsrfProtection(app: FastifyInstance, publicOrigin: string | null): void {
  // Only JSON (and multipart for uploads): a text/plain body is what a cross-site form can send.
  app.removeContentTypeParser('text/plain');
  // A callback hook: no promise per request for synchronous work (decision 038).
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) {
      done();
      return;
    }
    try {
      refuseForgery(request, publicOrigin);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
}

/** Throws 403 or 415 when `request` (a state-changing one) could be a forgery. */
function refuseForgery(request: FastifyRequest, publicOrigin: string | null): void {
  // Forgery needs a credential the browser attaches by itself: a cookie. A request that
  // carries no cookie at all and names a bearer token (a native client, a script) has none
  // to abuse, so the origin rules do not apply to it; an unknown token is then refused with
  // 401 before any handler runs (session.ts). Any cookie keeps the rules (decision 024).
  const bearerOnly =
    request.headers.cookie === undefined &&
    bearerTokenOf(request) !== null &&
    isApiRequest(request);
  if (!bearerOnly) {
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== allowedOrigin(request, publicOrigin)) {
      throw forbidden('Cross-site requests are not allowed');
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw forbidden('Cross-site requests are not allowed');
    }
  }
  if (!hasBody(request)) return;
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  const expected = MULTIPART_ROUTES.has(routeOf(request))
    ? 'multipart/form-data'
    : 'application/json';
  if (type !== expected) throw new HttpError(415, `Send ${expected}`);
}
