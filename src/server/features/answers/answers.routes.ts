import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/deps.ts';
import {
  deleteAnswerRequest,
  getAnswerRequest,
  saveAnswerRequest,
  userAnswersRequest,
} from '#shared/api/answers.ts';
import { assertSelf, assertSelfOrNotFound, requireUser } from '../auth/policies.ts';
import { deleteAnswer, getOwnAnswer, listOwnAnswers, saveAnswer } from './answers.service.ts';

// The caller's own answers. Anonymous users write answers too, so a session is all it takes.
export function registerAnswerRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.post('/api/answer/save', { config: { write: 'answerSave' } }, async (request, reply) => {
    const user = requireUser(request);
    const { answer } = saveAnswerRequest.parse(request.body);
    assertSelf(user, answer.user_id);
    const saved = await saveAnswer(deps, user, answer);
    if (!saved.conflict) return { answer: saved.answer };
    // Decision 013: nothing changed; the client decides with both texts in hand.
    return reply.status(409).send({
      error: 'This answer was changed on another device',
      answer: saved.answer,
    });
  });

  // One of the caller's answers, fresh: the editor opens with the server's latest text.
  app.post('/api/answer/get', async (request) => {
    const user = requireUser(request);
    const { answer_id } = getAnswerRequest.parse(request.body);
    return { answer: await getOwnAnswer(deps, user, answer_id) };
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
