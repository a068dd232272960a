import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/deps.ts';
import { assertCallerDay } from '#server/server-day.ts';
import { offlineSaveRequest } from '#shared/api/offline.ts';
import { listOwnAnswers } from '../answers/answers.service.ts';
import { assertSelf, requireUser } from '../auth/policies.ts';
import { listOwnPrompts } from '../prompts/prompts.service.ts';
import { loadOwnUser } from '../users/users.service.ts';
import { applyOfflineRecord } from './offline.service.ts';

export function registerOfflineRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.post('/api/offline/save', { config: { write: 'offlineSave' } }, async (request) => {
    const body = offlineSaveRequest.parse(request.body);
    const caller = requireUser(request);
    assertSelf(caller, body.user_id);
    const today = assertCallerDay(body);
    const copies = await applyOfflineRecord(deps, caller, body.offline, today);
    const [user, answers, prompts] = await Promise.all([
      loadOwnUser(deps, caller.id),
      listOwnAnswers(deps, caller),
      listOwnPrompts(deps, caller.id),
    ]);
    return { user, answers, myPrompts: prompts, copies };
  });
}
