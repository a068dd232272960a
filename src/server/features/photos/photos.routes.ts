import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/deps.ts';
import { badRequest, HttpError, notFound } from '#server/plugins/errors.ts';
import { rateLimits } from '#server/plugins/rate-limits.ts';
import { PRIVATE_NO_STORE } from '#server/plugins/security-headers.ts';
import { route } from '#server/plugins/typed-routes.ts';
import { GOING_TOO_FAST } from '#server/plugins/write-limits.ts';
import { idSchema } from '#shared/api/common.ts';
import { MAX_PHOTO_BYTES } from '#shared/domain/limits.ts';
import { requireUser } from '../auth/policies.ts';
import {
  attachUploadedPhoto,
  deletePhoto,
  listEntryPhotos,
  openOwnPhoto,
} from './photos.service.ts';

// Photos in entries (decision 062): every door asks the session who the caller is and acts on
// the caller's own photos only; anyone else's photo or entry is a 404, admins' too. The multipart
// plugin is registered by the pictures routes (its limits are given again per call here).
export function registerPhotoRoutes(app: FastifyInstance, deps: AppDeps): void {
  const limits = rateLimits(deps.config.relaxedRateLimits);

  route(
    app,
    '/api/answer/photo/upload',
    { config: { rateLimit: limits.upload } },
    async (request) => {
      const caller = requireUser(request);
      if (!request.isMultipart()) throw new HttpError(415, 'Send the photo as multipart/form-data');
      const file = await request.file({
        limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 0, parts: 1 },
      });
      if (!file) throw badRequest('No photo was sent');
      const photo = await attachUploadedPhoto(
        deps,
        caller.id,
        request.query.answer_id,
        { stream: file.file, truncated: () => file.file.truncated },
        {
          keepMetadata: request.query.keep_metadata,
          uploadKey: request.query.upload_key,
          beforeStore: (bytes) =>
            app.writeBudget.reserve(request, 'photo', bytes, {
              message: () => GOING_TOO_FAST,
              bulk: true,
            }),
        },
      );
      return { photo };
    },
  );

  route(app, '/api/answer/photos', async (request) => {
    const caller = requireUser(request);
    return { photos: await listEntryPhotos(deps, caller.id, request.body.answer_id) };
  });

  route(app, '/api/answer/photo/delete', { config: { write: 'edit' } }, async (request) => {
    const caller = requireUser(request);
    await deletePhoto(deps, caller.id, request.body.photo_id);
    return { ok: true };
  });

  // The photo's bytes, for its owner only: never a static file, never cached by anyone else.
  app.get<{ Params: { photo_id: string } }>(
    '/api/answer/photo/:photo_id',
    async (request, reply) => {
      // Without a session too: nothing tells a stranger whether a photo exists.
      const caller = request.sessionUser;
      const id = idSchema.safeParse(request.params.photo_id);
      if (!caller || !id.success) throw notFound('No such photo');
      const { stream, bytes } = await openOwnPhoto(deps, caller.id, id.data);
      return reply
        .header('Content-Type', 'image/webp')
        .header('Content-Length', String(bytes))
        .header('Cache-Control', PRIVATE_NO_STORE)
        .send(stream);
    },
  );
}
