import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/deps.ts';
import { badRequest, HttpError } from '#server/plugins/errors.ts';
import { rateLimits } from '#server/plugins/rate-limits.ts';
import { route } from '#server/plugins/typed-routes.ts';
import { GOING_TOO_FAST } from '#server/plugins/write-limits.ts';
import { MAX_PHOTO_BYTES } from '#shared/domain/limits.ts';
import { recordAdminAction } from '../admin/audit.service.ts';
import { assertSelf, requireAdmin, requireNamedUser } from '../auth/policies.ts';
import { publishOpenedPhoto } from '../photos/photo-publish.service.ts';
import { listenForFeedCounter } from './feed-counter.ts';
import {
  clearReports,
  loveAnswer,
  publicProfile,
  removeFromWorld,
  reportAnswer,
  reportedAnswers,
  shareAnswer,
  sharedCopyChanged,
  sharedPageBody,
  sharedPageForPrompt,
  unloveAnswer,
  unreportAnswer,
  unshareAnswer,
  updateSharedCopy,
} from './world.service.ts';

// The world feed. Reading it needs no session; acting on it needs a named user (SPEC §6:
// "Named user: can share, like, report").
export function registerWorldRoutes(app: FastifyInstance, deps: AppDeps): void {
  const limits = rateLimits(deps.config.relaxedRateLimits);
  // PostgreSQL: the feed's change counter by NOTIFY, for visitors' reads (feed-counter.ts).
  const stopListening = listenForFeedCounter(deps.db, app.log);
  app.addHook('onClose', stopListening);

  route(app, '/api/answer/shared', async (request, reply) => {
    const { page, prompt_id } = request.body;
    if (prompt_id) return sharedPageForPrompt(deps, request.sessionUser, prompt_id, page);
    // Already JSON (decision 030): the cached page as it is, or with the viewer's marks. Each
    // item was checked against feedAnswerSchema where it was serialised (world-feed.service.ts).
    const body = await sharedPageBody(deps, request.sessionUser, page);
    return reply.type('application/json; charset=utf-8').send(body);
  });

  // Every call here that writes is counted against the caller's write limits (issue 34).
  route(app, '/api/answer/share', { config: { write: 'worldAction' } }, async (request) => {
    const user = requireNamedUser(request);
    const { answer_id, anonymous, user_id, photos, text } = request.body;
    assertSelf(user, user_id);
    return {
      answer: await shareAnswer(deps, user, answer_id, anonymous, {
        withPhotos: photos === true,
        text,
      }),
    };
  });

  // A sealed photo of a shared encrypted entry, from the image its device opened (decision 066).
  route(
    app,
    '/api/answer/photo/publish',
    { config: { rateLimit: limits.upload } },
    async (request) => {
      const user = requireNamedUser(request);
      if (!request.isMultipart()) throw new HttpError(415, 'Send the photo as multipart/form-data');
      const file = await request.file({
        limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 0, parts: 1 },
      });
      if (!file) throw badRequest('No photo was sent');
      const answerId = await publishOpenedPhoto(
        deps,
        user.id,
        request.query.photo_id,
        { stream: file.file, truncated: () => file.file.truncated },
        (bytes) =>
          app.writeBudget.reserve(request, 'photo', bytes, {
            message: () => GOING_TOO_FAST,
            bulk: true,
          }),
      );
      await sharedCopyChanged(deps, user, answerId);
      return { ok: true };
    },
  );

  route(app, '/api/answer/unshare', { config: { write: 'worldAction' } }, async (request) => {
    const user = requireNamedUser(request);
    const { answer_id } = request.body;
    return { answer: await unshareAnswer(deps, user, answer_id) };
  });

  // Not in SPEC §7: the author's "Update the shared copy too?" (decision 015).
  route(app, '/api/answer/share/update', { config: { write: 'shareUpdate' } }, async (request) => {
    const user = requireNamedUser(request);
    const { answer_id, text } = request.body;
    return { answer: await updateSharedCopy(deps, user, answer_id, text) };
  });

  route(
    app,
    '/api/answer/like',
    { config: { rateLimit: limits.like, write: 'worldAction' } },
    async (request) => {
      const user = requireNamedUser(request);
      const { answer_id, user_id } = request.body;
      assertSelf(user, user_id);
      return { answer: await loveAnswer(deps, user, answer_id) };
    },
  );

  route(
    app,
    '/api/answer/unlike',
    { config: { rateLimit: limits.like, write: 'worldAction' } },
    async (request) => {
      const user = requireNamedUser(request);
      const { answer_id, user_id } = request.body;
      assertSelf(user, user_id);
      return { answer: await unloveAnswer(deps, user, answer_id) };
    },
  );

  route(
    app,
    '/api/answer/report',
    { config: { rateLimit: limits.report, write: 'report' } },
    async (request) => {
      const user = requireNamedUser(request);
      const { answer_id } = request.body;
      return { answer: await reportAnswer(deps, user, answer_id) };
    },
  );

  route(app, '/api/answer/unreport', { config: { write: 'worldAction' } }, async (request) => {
    const user = requireNamedUser(request);
    const { answer_id } = request.body;
    return { answer: await unreportAnswer(deps, user, answer_id) };
  });

  route(app, '/api/answer/reported', async (request) => {
    const admin = requireAdmin(request);
    return { reportedAnswers: await reportedAnswers(deps, admin) };
  });

  // Not in SPEC §7: without it a flag could only ever be looked at (decision 012).
  route(app, '/api/admin/answer/unshare', async (request) => {
    const admin = requireAdmin(request);
    const { answer_id } = request.body;
    await removeFromWorld(deps, answer_id);
    await recordAdminAction(deps, admin, 'unshare-answer', answer_id);
    return { ok: true };
  });

  // The other way out of the flagged queue: the answer is fine, it stays in the world (issue 35).
  route(app, '/api/admin/answer/clear-reports', async (request) => {
    const admin = requireAdmin(request);
    const { answer_id } = request.body;
    await clearReports(deps, answer_id);
    await recordAdminAction(deps, admin, 'clear-reports', answer_id);
    return { ok: true };
  });

  route(app, '/api/user/other', async (request) => {
    const { _id } = request.body;
    return { user: await publicProfile(deps, request.sessionUser, _id) };
  });
}
