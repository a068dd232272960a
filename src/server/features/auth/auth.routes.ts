import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/deps.ts';
import { rateLimits } from '#server/plugins/rate-limits.ts';
import { clearSessionCookie, endSession, startSession } from '#server/plugins/session.ts';
import { route } from '#server/plugins/typed-routes.ts';
import { callerDayOrToday } from '#server/server-day.ts';
import {
  checkCredentials,
  createAnonymousUser,
  deleteAccount,
  loadOwnUser,
  mergeIntoAccount,
  signUp,
} from '../users/users.service.ts';
import { knownDeviceOf, rememberDevice } from './device-cookie.ts';
import { assertSelf, requireUser } from './policies.ts';
import { issueRecoveryCodes } from './recovery.service.ts';
import { endToken } from './tokens.service.ts';

export function registerAuthRoutes(app: FastifyInstance, deps: AppDeps): void {
  const limits = rateLimits(deps.config.relaxedRateLimits);

  route(
    app,
    '/api/user/create',
    { config: { rateLimit: limits.createUser } },
    async (request, reply) => {
      const body = request.body;
      const today = callerDayOrToday(body);
      const row = await createAnonymousUser(deps, body.user._id, today, body.device);
      await startSession(deps, request, reply, row.id);
      return { user: await loadOwnUser(deps, row.id) };
    },
  );

  route(app, '/api/signup', { config: { rateLimit: limits.signup } }, async (request, reply) => {
    const body = request.body;
    callerDayOrToday(body);
    const caller = requireUser(request);
    assertSelf(caller, body.user._id);
    await signUp(deps, caller, body.user, body.device);
    // A new token on every change of privilege: a token seen before sign-up is worth nothing.
    await startSession(deps, request, reply, caller.id);
    rememberDevice(deps, request, reply, caller.id);
    // Without e-mail, recovery codes are the way back in: shown once, now (decision 014).
    const recoveryCodes = deps.mailer ? undefined : await issueRecoveryCodes(deps, caller.id);
    return { user: await loadOwnUser(deps, caller.id), ...(recoveryCodes && { recoveryCodes }) };
  });

  route(app, '/api/login', { config: { rateLimit: limits.login } }, async (request, reply) => {
    const body = request.body;
    callerDayOrToday(body);
    const account = await checkCredentials(deps, body.user.name, body.user.password, (id) =>
      knownDeviceOf(deps, request, id),
    );
    await mergeIntoAccount(deps, request.sessionUser, account, {
      device: body.device,
      claimedId: body.user._id,
    });
    await startSession(deps, request, reply, account.id);
    rememberDevice(deps, request, reply, account.id);
    return { user: await loadOwnUser(deps, account.id) };
  });

  route(app, '/api/logout', async (request, reply) => {
    // A client that came with a bearer token logs that token out; a browser, its session.
    if (request.apiTokenId && request.sessionUser) {
      await endToken(deps, request.sessionUser.id, request.apiTokenId);
    }
    await endSession(deps, request, reply);
    return { ok: true };
  });

  route(app, '/api/user/delete', async (request, reply) => {
    const body = request.body;
    const caller = requireUser(request);
    await deleteAccount(deps, caller, body.password);
    clearSessionCookie(deps, reply);
    return { ok: true };
  });
}
