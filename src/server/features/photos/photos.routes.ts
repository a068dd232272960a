import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '#server/deps.ts';
import { badRequest, HttpError, notFound } from '#server/plugins/errors.ts';
import { rateLimits } from '#server/plugins/rate-limits.ts';
import { PRIVATE_NO_STORE } from '#server/plugins/security-headers.ts';
import { route } from '#server/plugins/typed-routes.ts';
import { GOING_TOO_FAST } from '#server/plugins/write-limits.ts';
import { idSchema } from '#shared/api/common.ts';
import { MAX_PHOTO_BYTES } from '#shared/domain/limits.ts';
import { requireUser } from '../auth/policies.ts';
import { replacePhoto } from './photo-replace.service.ts';
import {
  attachUploadedPhoto,
  deletePhoto,
  listEntryPhotos,
  listUserPhotos,
  openOwnPhoto,
  type PhotoUpload,
} from './photos.service.ts';
import { MAX_SEALED_PHOTO_BYTES, type PhotoForm, photoFormOf } from './sealed-photos.ts';

// Photos in entries (decision 062): every door asks the session who the caller is and acts on
// the caller's own photos only; anyone else's photo or entry is a 404, admins' too. The multipart
// plugin is registered by the pictures routes (its limits are given again per call here).
export function registerPhotoRoutes(app: FastifyInstance, deps: AppDeps): void {
  const limits = rateLimits(deps.config.relaxedRateLimits);
  /** What a photo stores is charged to the caller's write budget before it is kept. */
  const chargeFor = (request: FastifyRequest) => (bytes: number) =>
    app.writeBudget.reserve(request, 'photo', bytes, { message: () => GOING_TOO_FAST, bulk: true });

  route(
    app,
    '/api/answer/photo/upload',
    { config: { rateLimit: limits.upload } },
    async (request) => {
      const caller = requireUser(request);
      const form = photoFormOf(request.query);
      const upload = await readPhotoUpload(request, form);
      const photo = await attachUploadedPhoto(deps, caller.id, request.query.answer_id, upload, {
        form,
        uploadKey: request.query.upload_key,
        beforeStore: chargeFor(request),
      });
      return { photo };
    },
  );

  // Encryption turned on or off: the same photo in the other form (docs/ENCRYPTION.md *Photos*).
  route(
    app,
    '/api/answer/photo/replace',
    { config: { rateLimit: limits.upload } },
    async (request) => {
      const caller = requireUser(request);
      const form = photoFormOf(request.query);
      const upload = await readPhotoUpload(request, form);
      const photo = await replacePhoto(deps, caller.id, request.query.photo_id, upload, {
        form,
        beforeStore: chargeFor(request),
      });
      return { photo };
    },
  );

  route(app, '/api/user/photos', async (request) => {
    const caller = requireUser(request);
    return { photos: await listUserPhotos(deps, caller.id) };
  });

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
      const { stream, bytes, sealed } = await openOwnPhoto(deps, caller.id, id.data);
      return (
        reply
          // A sealed photo's bytes are opened on its owner's device, never shown as they are.
          .header('Content-Type', sealed ? 'application/octet-stream' : 'image/webp')
          .header('Content-Length', String(bytes))
          .header('Cache-Control', PRIVATE_NO_STORE)
          .send(stream)
      );
    },
  );
}

/** The request's one file, up to the size its form allows (a sealed photo: the seal as well). */
async function readPhotoUpload(request: FastifyRequest, form: PhotoForm): Promise<PhotoUpload> {
  if (!request.isMultipart()) throw new HttpError(415, 'Send the photo as multipart/form-data');
  const fileSize = form.sealed ? MAX_SEALED_PHOTO_BYTES : MAX_PHOTO_BYTES;
  const file = await request.file({ limits: { fileSize, files: 1, fields: 0, parts: 1 } });
  if (!file) throw badRequest('No photo was sent');
  return { stream: file.file, truncated: () => file.file.truncated };
}
