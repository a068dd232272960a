import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/deps.ts';
import { rateLimits } from '#server/plugins/rate-limits.ts';
import type { Ok } from '#shared/api/common.ts';
import {
  revokeTokenRequest,
  type TokenResponse,
  type TokensResponse,
  tokenRequest,
} from '#shared/api/tokens.ts';
import { requireUser } from './policies.ts';
import { listDevices, mintToken, revokeDevice } from './tokens.service.ts';

/** Bearer tokens for the iOS app and scripts, and the Devices list in Settings (issue 17 A). */
export function registerTokenRoutes(app: FastifyInstance, deps: AppDeps): void {
  const limits = rateLimits(deps.config.relaxedRateLimits);

  app.post(
    '/api/token',
    { config: { rateLimit: limits.login } },
    async (request): Promise<TokenResponse> => {
      const body = tokenRequest.parse(request.body);
      return mintToken(deps, {
        nameOrEmail: body.user.name,
        password: body.user.password,
        label: body.label,
      });
    },
  );

  app.post('/api/tokens', async (request): Promise<TokensResponse> => {
    const caller = requireUser(request);
    return { tokens: await listDevices(deps, caller.id, request.apiTokenId) };
  });

  app.post('/api/token/revoke', async (request): Promise<Ok> => {
    const body = revokeTokenRequest.parse(request.body);
    const caller = requireUser(request);
    await revokeDevice(deps, caller.id, body.id);
    return { ok: true };
  });
}
