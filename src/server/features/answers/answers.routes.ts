import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/deps.ts';
import { route } from '#server/plugins/typed-routes.ts';
import { assertSelf, assertSelfOrNotFound, requireUser } from '../auth/policies.ts';
import { deleteAnswer, getOwnAnswer, listOwnAnswers, saveAnswer } from './answers.service.ts';

// The caller's own answers. Anonymous users write answers too, so a session is all it takes.
export function registerAnswerRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, '/api/answer/save', { config: { write: 'answerSave' } }, async (request, reply) => {
    const user = requireUser(request);
    const { answer } = request.body;
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
  route(app, '/api/answer/get', async (request) => {
    const user = requireUser(request);
    return { answer: await getOwnAnswer(deps, user, request.body.answer_id) };
  });

  route(app, '/api/answer/delete', async (request) => {
    const user = requireUser(request);
    await deleteAnswer(deps, user, request.body.answer_id);
    return { ok: true };
  });

  route(app, '/api/user/answers', async (request) => {
    const user = requireUser(request);
    assertSelfOrNotFound(user, request.body._id);
    return { answers: await listOwnAnswers(deps, user) };
  });
}
