import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/deps.ts';
import { route } from '#server/plugins/typed-routes.ts';
import { assertSelf, requireNamedUser } from '../auth/policies.ts';
import { forgetPasscode, setPasscode } from './passcode.service.ts';
import { loadOwnUser } from './users.service.ts';

// SPEC §7 /api/user/code, and removing a forgotten passcode after a password login
// (decision 014). The code itself is never stored nor sent back: only its hash parameters.

export function registerPasscodeRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, '/api/user/code', async (request) => {
    const body = request.body;
    const caller = requireNamedUser(request);
    assertSelf(caller, body._id);
    await setPasscode(deps, caller, body.code, body.current);
    return { user: await loadOwnUser(deps, caller.id) };
  });

  route(app, '/api/user/code/forget', async (request) => {
    const body = request.body;
    const caller = requireNamedUser(request);
    assertSelf(caller, body._id);
    await forgetPasscode(deps, caller, request.sessionTokenHash);
    return { user: await loadOwnUser(deps, caller.id) };
  });
}
