import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/deps.ts';
import { rateLimits } from '#server/plugins/rate-limits.ts';
import { endSession, startSession } from '#server/plugins/session.ts';
import { callerDayOrToday } from '#server/server-day.ts';
import {
  createUserRequest,
  deleteAccountRequest,
  loginRequest,
  signupRequest,
} from '#shared/api/users.ts';
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

export function registerAuthRoutes(app: FastifyInstance, deps: AppDeps): void {
  const limits = rateLimits(deps.config.relaxedRateLimits);

  app.post(
    '/api/user/create',
    { config: { rateLimit: limits.createUser } },
    async (request, reply) => {
      const body = createUserRequest.parse(request.body);
      const today = callerDayOrToday(body);
      const row = await createAnonymousUser(deps, body.user._id, today, body.device);
      await startSession(deps, request, reply, row.id);
      return { user: await loadOwnUser(deps, row.id) };
    },
  );

  app.post('/api/signup', { config: { rateLimit: limits.signup } }, async (request, reply) => {
    const body = signupRequest.parse(request.body);
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

  app.post('/api/login', { config: { rateLimit: limits.login } }, async (request, reply) => {
    const body = loginRequest.parse(request.body);
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

  app.post('/api/logout', async (request, reply) => {
    await endSession(deps, request, reply);
    return { ok: true };
  });

  app.post('/api/user/delete', async (request, reply) => {
    const body = deleteAccountRequest.parse(request.body ?? {});
    const caller = requireUser(request);
    await deleteAccount(deps, caller, body.password);
    reply.clearCookie('muse_session', { path: '/' });
    return { ok: true };
  });
}
