import type { FastifyInstance } from 'fastify';
import { HttpError } from '#server/plugins/errors.ts';

/**
 * SPEC §7 lists `api/changeLife` with no body, no response and no meaning anywhere else, so it
 * answers 410 Gone: old clients get a clear, permanent answer instead of a 404 that looks like
 * a bug. Decision 006. It lives here only because it needs a home; it is not an admin call.
 */
export function registerChangeLifeRoute(app: FastifyInstance): void {
  app.post('/api/changeLife', async () => {
    throw new HttpError(410, 'This call no longer exists');
  });
}
