import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/deps.ts';
import { notFound } from '#server/plugins/errors.ts';
import { rateLimits } from '#server/plugins/rate-limits.ts';
import { startSession } from '#server/plugins/session.ts';
import { route } from '#server/plugins/typed-routes.ts';
import { requireNamedUser } from './policies.ts';
import {
  changePassword,
  recoverAccount,
  regenerateRecoveryCodes,
  resetPassword,
  sendPasswordReset,
} from './recovery.service.ts';

// Ways back into an account (decision 014), and changing a password one still knows (decision
// 054). Calls that name an account answer the same whether it exists or not.

export function registerRecoveryRoutes(app: FastifyInstance, deps: AppDeps): void {
  const limits = rateLimits(deps.config.relaxedRateLimits);
  // Reset e-mails go out after the answer; closing the app waits for them.
  const sending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...sending]);
    deps.mailer?.close();
  });

  route(app, '/api/password/recovery', async () => ({ email: deps.mailer !== null }));

  route(
    app,
    '/api/password/forgot',
    { config: { rateLimit: limits.passwordReset } },
    async (request) => {
      const body = request.body;
      if (!deps.mailer) throw notFound('This Müse does not send e-mail: use a recovery code');
      // The answer leaves before the lookup starts (setImmediate runs after the response is
      // written), so neither its body nor its timing tells whether an account has this name.
      const task = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => sendPasswordReset(deps, body.name))
        .catch((error: unknown) => request.log.error({ err: error }, 'reset e-mail failed'))
        .finally(() => sending.delete(task));
      sending.add(task);
      return { ok: true };
    },
  );

  route(
    app,
    '/api/password/reset',
    { config: { rateLimit: limits.passwordReset } },
    async (request) => {
      const body = request.body;
      const caller = request.sessionUser;
      await resetPassword(
        deps,
        body,
        caller ? { id: caller.id, sessionTokenHash: request.sessionTokenHash } : null,
      );
      return { ok: true };
    },
  );

  route(
    app,
    '/api/password/recover',
    { config: { rateLimit: limits.recoveryCode } },
    async (request) => {
      const body = request.body;
      const caller = request.sessionUser;
      await recoverAccount(
        deps,
        body,
        caller ? { id: caller.id, sessionTokenHash: request.sessionTokenHash } : null,
      );
      return { ok: true };
    },
  );

  route(
    app,
    '/api/password/change',
    { config: { rateLimit: limits.login } },
    async (request, reply) => {
      const body = request.body;
      const caller = requireNamedUser(request);
      await changePassword(deps, caller, body, request.sessionTokenHash);
      // A new token for the caller too: one seen before the change is worth nothing after it.
      await startSession(deps, request, reply, caller.id);
      return { ok: true };
    },
  );

  route(
    app,
    '/api/user/recovery-codes',
    { config: { rateLimit: limits.recoveryCode } },
    async (request) => {
      const body = request.body;
      const caller = requireNamedUser(request);
      return { recoveryCodes: await regenerateRecoveryCodes(deps, caller, body.password) };
    },
  );
}
