import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/deps.ts';
import { route } from '#server/plugins/typed-routes.ts';
import { assertCallerDay } from '#server/server-day.ts';
import {
  assertSelf,
  assertSelfOrNotFound,
  requireNamedUser,
  requireUser,
} from '../auth/policies.ts';
import { setProfilePicture } from '../pictures/pictures.service.ts';
import {
  exportOwnData,
  loadOwnUser,
  ownUserBody,
  updateProfile,
  updateStreak,
} from './users.service.ts';

export function registerUserRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, '/api/user', async (request, reply) => {
    const body = request.body;
    const caller = requireUser(request);
    assertSelfOrNotFound(caller, body._id);
    // The row the session lookup just read (decision 030), as JSON made once; ownUserBody checks
    // it against the response schema where it is made, since Fastify sends a string as it is.
    return reply.type('application/json; charset=utf-8').send(await ownUserBody(deps, caller));
  });

  // "Your data": everything the server keeps about the caller, as one JSON document.
  route(app, '/api/user/export', async (request, reply) => {
    const caller = requireUser(request);
    const data = await exportOwnData(deps, caller);
    reply.header('Content-Disposition', 'attachment; filename="muse-export.json"');
    return data;
  });

  route(app, '/api/user/update', { config: { write: 'edit' } }, async (request) => {
    const body = request.body;
    const caller = requireNamedUser(request);
    assertSelf(caller, body.user._id);
    await updateProfile(deps, caller, body.user);
    return { user: await loadOwnUser(deps, caller.id) };
  });

  route(app, '/api/user/profilePicture', { config: { write: 'edit' } }, async (request) => {
    const body = request.body;
    const caller = requireNamedUser(request);
    assertSelf(caller, body._id);
    await setProfilePicture(deps, caller, body.profilePicture);
    return { user: await loadOwnUser(deps, caller.id) };
  });

  route(app, '/api/user/streak', async (request) => {
    const body = request.body;
    const caller = requireUser(request);
    assertSelf(caller, body.user?._id);
    await updateStreak(deps, caller, assertCallerDay(body), 'apply');
    return { user: await loadOwnUser(deps, caller.id) };
  });

  route(app, '/api/user/reset', async (request) => {
    const body = request.body;
    const caller = requireUser(request);
    assertSelf(caller, body.user_id);
    await updateStreak(deps, caller, assertCallerDay(body), 'reset');
    return { user: await loadOwnUser(deps, caller.id) };
  });
}
