import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '#server/deps.ts';
import { badRequest, HttpError } from '#server/plugins/errors.ts';
import { rateLimits } from '#server/plugins/rate-limits.ts';
import { route } from '#server/plugins/typed-routes.ts';
import { MAX_IMPORT_BYTES } from '#shared/api/transfer.ts';
import { dayKey, utcDayOf } from '#shared/domain/calendar-day.ts';
import { dayInZone } from '#shared/domain/zoned-day.ts';
import { listOwnAnswers } from '../answers/answers.service.ts';
import { requireUser } from '../auth/policies.ts';
import { attachImportedPhoto, listOwnPhotos, readOwnPhotoFile } from '../photos/photos.service.ts';
import { JsonStreamError } from './json-array-stream.ts';
import { markdownZip } from './markdown-export.ts';
import { runImport, withUploadFile } from './transfer.service.ts';
import { ZipRefused } from './zip-reader.ts';

/** A 429's sentence: the import was refused whole, and when it may be tried again. */
export function importLater(waitSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(waitSeconds / 60));
  const when = minutes === 1 ? 'in a minute' : `in ${minutes} minutes`;
  return `Nothing was imported: you've written a lot in the last hour. Try again ${when}.`;
}

/**
 * `timeZone`: the person's (from the browser; UTC when not sent) decides an entry's day. What
 * an import inserts, unpacked, is charged to the caller's write budget before anything is
 * written (issue 34 point 2).
 */
async function importFrom(
  app: FastifyInstance,
  request: FastifyRequest,
  timeZone: string,
  deps: AppDeps,
  write: boolean,
) {
  const caller = requireUser(request);
  return withImportFile(request, (path) =>
    runImport(deps, caller, path, {
      timeZone,
      write,
      maxBytes: app.writeBudget.bulkBytes,
      beforeWrite: ({ bytes }) =>
        app.writeBudget.reserve(request, 'import', bytes, { message: importLater, bulk: true }),
      // Each photo is charged as it is stored; past the budget the rest stay behind, named.
      storePhoto: async (answerId, photo) =>
        (await attachImportedPhoto(deps, caller.id, answerId, photo.open, (bytes) =>
          app.writeBudget.reserve(request, 'photo', bytes, { message: importLater, bulk: true }),
        )) !== null,
    }),
  );
}

/** The one uploaded file, in a private temporary file while `work` reads it; removed after. */
async function withImportFile<T>(
  request: FastifyRequest,
  work: (path: string) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) throw new HttpError(415, 'Send the file as multipart/form-data');
  const file = await request.file({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1, parts: 1 } });
  if (!file) throw badRequest('No file was sent');
  try {
    return await withUploadFile(file.file, async (path) => {
      if (file.file.truncated) {
        throw new HttpError(413, `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`);
      }
      return work(path);
    });
  } catch (error) {
    if (error instanceof ZipRefused) throw new HttpError(error.status, error.message);
    if (error instanceof JsonStreamError) throw badRequest(error.message);
    throw error;
  }
}

export function registerTransferRoutes(app: FastifyInstance, deps: AppDeps): void {
  const limits = rateLimits(deps.config.relaxedRateLimits);

  // Your words as Markdown: one file per answer in a zip, beside /api/user/export's JSON.
  // Files are named by the day each answer was written in the person's zone (decision 028).
  route(app, '/api/user/export/markdown', async (request, reply) => {
    const { timeZone = 'UTC' } = request.body;
    const caller = requireUser(request);
    const [answers, photos] = await Promise.all([
      listOwnAnswers(deps, caller),
      listOwnPhotos(deps, caller.id),
    ]);
    const today = dayInZone(new Date(), timeZone) ?? utcDayOf(new Date());
    reply.header('Content-Type', 'application/zip');
    reply.header('Content-Disposition', `attachment; filename="muse-answers-${dayKey(today)}.zip"`);
    // The caller's own photos, beside the entries they belong to (decision 062). A sealed photo
    // is left out, unnamed in its entry's file too: only its owner's device can open it, and
    // that device's own export carries it (docs/ENCRYPTION.md *Photos*).
    const byAnswer = Map.groupBy(
      photos.filter((photo) => !photo.encrypted),
      (photo) => photo.answer_id,
    );
    const photosOf = (answerId: string) =>
      (byAnswer.get(answerId) ?? []).map((photo) => ({
        open: () => readOwnPhotoFile(deps, photo.key),
      }));
    return reply.send(markdownZip(answers, timeZone, photosOf));
  });

  // What an import would add, skip and why; changes nothing.
  route(
    app,
    '/api/user/import/preview',
    { config: { rateLimit: limits.upload } },
    async (request) => ({
      preview: await importFrom(app, request, request.query.timeZone ?? 'UTC', deps, false),
    }),
  );

  // An encrypted journal's import, first half (docs/ENCRYPTION.md): the file's entries as words
  // for the device to encrypt and send back as a Müse JSON file; nothing is written or kept.
  // The same file again, now written; a second run adds nothing (import keys).
  route(app, '/api/user/import', { config: { rateLimit: limits.upload } }, async (request) => ({
    imported: await importFrom(app, request, request.query.timeZone ?? 'UTC', deps, true),
  }));
}
