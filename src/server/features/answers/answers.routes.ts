import type { FastifyInstance } from 'fastify';
import {
  deleteAnswerRequest,
  saveAnswerRequest,
  userAnswersRequest,
} from '../../../shared/api/answers.ts';
import type { AppDeps } from '../../deps.ts';
import { assertSelf, assertSelfOrNotFound, requireUser } from '../auth/policies.ts';
import { deleteAnswer, listOwnAnswers, saveAnswer } from './answers.service.ts';

// The caller's own answers. Anonymous users write answers too, so a session is all it takes.
export function registerAnswerRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.post('/api/answer/save', { config: { write: 'answerSave' } }, async (request) => {
    const user = requireUser(request);
    const { answer } = saveAnswerRequest.parse(request.body);
    assertSelf(user, answer.user_id);
    return { answer: await saveAnswer(deps, user, answer) };
  });

  app.post('/api/answer/delete', async (request) => {
    const user = requireUser(request);
    const { answer_id } = deleteAnswerRequest.parse(request.body);
    await deleteAnswer(deps, user, answer_id);
    return { ok: true };
  });

  app.post('/api/user/answers', async (request) => {
    const user = requireUser(request);
    const { _id } = userAnswersRequest.parse(request.body ?? {});
    assertSelfOrNotFound(user, _id);
    return { answers: await listOwnAnswers(deps, user) };
  });
}
