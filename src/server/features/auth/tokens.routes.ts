import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/deps.ts';
import { rateLimits } from '#server/plugins/rate-limits.ts';
import { route } from '#server/plugins/typed-routes.ts';
import { requireUser } from './policies.ts';
import { listDevices, mintToken, revokeDevice } from './tokens.service.ts';

/** Bearer tokens for the iOS app and scripts, and the Devices list in Settings (issue 17 A). */
export function registerTokenRoutes(app: FastifyInstance, deps: AppDeps): void {
  const limits = rateLimits(deps.config.relaxedRateLimits);

  route(app, '/api/token', { config: { rateLimit: limits.login } }, async (request) => {
    const body = request.body;
    return mintToken(deps, {
      nameOrEmail: body.user.name,
      password: body.user.password,
      label: body.label,
    });
  });

  route(app, '/api/tokens', async (request) => {
    const caller = requireUser(request);
    return { tokens: await listDevices(deps, caller.id, request.apiTokenId) };
  });

  route(app, '/api/token/revoke', async (request) => {
    const body = request.body;
    const caller = requireUser(request);
    await revokeDevice(deps, caller.id, body.id);
    return { ok: true };
  });
}
