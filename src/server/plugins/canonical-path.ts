import type { FastifyRequest } from 'fastify';

// Security decisions read the route Fastify matched, never the raw URL: the router decodes
// percent-escapes, so `/%61pi/user/delete` runs the handler of `/api/user/delete` while a test on
// `request.url` would not see '/api/'. When no route matched (404s), the raw path is put in the
// one canonical form the router would never disagree with: decoded, slashes collapsed,
// lower-cased, no trailing slash.

/** The raw path in canonical form, for requests no route matched. */
export function canonicalPath(rawUrl: string): string {
  const raw = rawUrl.split('?')[0] ?? '';
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // A broken escape: keep the raw text, which still gets the strict treatment below.
  }
  const collapsed = decoded.replace(/[/\\]+/g, '/').toLowerCase();
  return collapsed.length > 1 ? collapsed.replace(/\/$/, '') : collapsed;
}

/** The route pattern that will handle this request, or the canonical raw path when none. */
export function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? canonicalPath(request.url);
}

/** Whether the request is for the API, however its path is spelled. */
export function isApiRequest(request: FastifyRequest): boolean {
  const route = routeOf(request);
  return route === '/api' || route.startsWith('/api/');
}
