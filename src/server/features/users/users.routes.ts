import type { FastifyInstance } from 'fastify';
import {
  ownUserRequest,
  profilePictureRequest,
  resetRequest,
  streakRequest,
  updateUserRequest,
} from '../../../shared/api/users.ts';
import type { AppDeps } from '../../deps.ts';
import { assertCallerDay } from '../../server-day.ts';
import { listOwnAnswers } from '../answers/answers.service.ts';
import {
  assertSelf,
  assertSelfOrNotFound,
  requireNamedUser,
  requireUser,
} from '../auth/policies.ts';
import { listOwnPictures, setProfilePicture } from '../pictures/pictures.service.ts';
import { presentPrompts } from '../prompts/prompts.present.ts';
import { listOwnPrompts } from '../prompts/prompts.service.ts';
import { listOwnLovesAndFlags } from './users.repo.ts';
import { loadOwnUser, ownUserBody, updateProfile, updateStreak } from './users.service.ts';

export function registerUserRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.post('/api/user', async (request, reply) => {
    const body = ownUserRequest.parse(request.body ?? {});
    const caller = requireUser(request);
    assertSelfOrNotFound(caller, body._id);
    // The row the session lookup just read (decision 030), sent as JSON made once.
    reply.type('application/json; charset=utf-8');
    return ownUserBody(deps, caller);
  });

  // "Your data": everything the server keeps about the caller, as one JSON document.
  app.post('/api/user/export', async (request, reply) => {
    const caller = requireUser(request);
    const [user, answers, prompts, world, pictures] = await Promise.all([
      loadOwnUser(deps, caller.id),
      listOwnAnswers(deps, caller),
      listOwnPrompts(deps, caller.id),
      listOwnLovesAndFlags(deps.db, caller.id),
      listOwnPictures(deps, caller.id),
    ]);
    reply.header('Content-Disposition', 'attachment; filename="muse-export.json"');
    return {
      exported: new Date().toISOString(),
      user,
      answers,
      prompts: presentPrompts(prompts),
      loved: world.loved,
      flagged: world.flagged,
      // Every picture the server keeps from the caller, set or only uploaded.
      pictures,
    };
  });

  app.post('/api/user/update', async (request) => {
    const body = updateUserRequest.parse(request.body);
    const caller = requireNamedUser(request);
    assertSelf(caller, body.user._id);
    await updateProfile(deps, caller, body.user);
    return { user: await loadOwnUser(deps, caller.id) };
  });

  app.post('/api/user/profilePicture', async (request) => {
    const body = profilePictureRequest.parse(request.body);
    const caller = requireNamedUser(request);
    assertSelf(caller, body._id);
    await setProfilePicture(deps, caller, body.profilePicture);
    return { user: await loadOwnUser(deps, caller.id) };
  });

  app.post('/api/user/streak', async (request) => {
    const body = streakRequest.parse(request.body);
    const caller = requireUser(request);
    assertSelf(caller, body.user?._id);
    await updateStreak(deps, caller, assertCallerDay(body), 'apply');
    return { user: await loadOwnUser(deps, caller.id) };
  });

  app.post('/api/user/reset', async (request) => {
    const body = resetRequest.parse(request.body);
    const caller = requireUser(request);
    assertSelf(caller, body.user_id);
    await updateStreak(deps, caller, assertCallerDay(body), 'reset');
    return { user: await loadOwnUser(deps, caller.id) };
  });
}
