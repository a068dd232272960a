import fs from 'node:fs';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '#server/deps.ts';
import { badRequest, HttpError } from '#server/plugins/errors.ts';
import { rateLimits } from '#server/plugins/rate-limits.ts';
import { route } from '#server/plugins/typed-routes.ts';
import { GOING_TOO_FAST } from '#server/plugins/write-limits.ts';
import { requireNamedUser } from '../auth/policies.ts';
import { PICTURE_URL_PREFIX, type PictureStorage, pictureDir } from './picture-storage.ts';
import {
  MAX_PICTURE_BYTES,
  processPictureUpload,
  recordPictureUpload,
} from './pictures.service.ts';

export async function registerPictureRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  storage: PictureStorage,
): Promise<void> {
  const limits = rateLimits(deps.config.relaxedRateLimits);
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_PICTURE_BYTES, files: 1, fields: 0, parts: 1 },
    throwFileSizeLimit: false,
  });

  // Upload first, then save the URL with /api/user/profilePicture (SPEC §2 Profile).
  route(app, '/api/user/picture', { config: { rateLimit: limits.upload } }, async (request) => {
    const caller = requireNamedUser(request);
    if (!request.isMultipart()) throw new HttpError(415, 'Send the picture as multipart/form-data');
    const file = await request.file();
    if (!file) throw badRequest('No picture was sent');
    // What is kept (the scaled WebP, not the upload) is charged to the write budget first.
    const url = await processPictureUpload(
      file.file,
      storage,
      () => file.file.truncated,
      (bytes) =>
        app.writeBudget.reserve(request, 'picture', bytes, { message: () => GOING_TOO_FAST }),
    );
    await recordPictureUpload(deps, caller.id, url);
    return { profilePicture: url };
  });

  fs.mkdirSync(pictureDir(deps.config.dataDir), { recursive: true });
  await app.register(fastifyStatic, {
    root: pictureDir(deps.config.dataDir),
    prefix: PICTURE_URL_PREFIX,
    decorateReply: false,
    index: false,
    // Names are random and never reused, so a picture can be cached forever.
    immutable: true,
    maxAge: '365d',
  });
}
