import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '#server/deps.ts';
import { badRequest, HttpError } from '#server/plugins/errors.ts';
import { rateLimits } from '#server/plugins/rate-limits.ts';
import { MAX_IMPORT_BYTES, markdownExportRequest } from '#shared/api/transfer.ts';
import { dayKey, utcDayOf } from '#shared/domain/calendar-day.ts';
import { dayInZone, isTimeZone } from '#shared/domain/zoned-day.ts';
import { listOwnAnswers } from '../answers/answers.service.ts';
import { requireUser } from '../auth/policies.ts';
import { JsonStreamError } from './json-array-stream.ts';
import { markdownZip } from './markdown-export.ts';
import { runImport, withUploadFile } from './transfer.service.ts';
import { ZipRefused } from './zip-reader.ts';

/** The person's time zone (from the browser) decides which day an answer falls on. */
function timeZoneOf(request: FastifyRequest): string {
  const zone = (request.query as Record<string, unknown> | undefined)?.timeZone;
  if (zone === undefined) return 'UTC';
  if (typeof zone !== 'string' || !isTimeZone(zone)) {
    throw badRequest('timeZone: is not a time zone');
  }
  return zone;
}

async function importFrom(request: FastifyRequest, deps: AppDeps, write: boolean) {
  const caller = requireUser(request);
  const timeZone = timeZoneOf(request);
  if (!request.isMultipart()) throw new HttpError(415, 'Send the file as multipart/form-data');
  const file = await request.file({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1, parts: 1 } });
  if (!file) throw badRequest('No file was sent');
  try {
    return await withUploadFile(file.file, async (path) => {
      if (file.file.truncated) {
        throw new HttpError(413, `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`);
      }
      return runImport(deps, caller, path, { timeZone, write });
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
  app.post('/api/user/export/markdown', async (request, reply) => {
    const { timeZone = 'UTC' } = markdownExportRequest.parse(request.body ?? {});
    const caller = requireUser(request);
    const answers = await listOwnAnswers(deps, caller);
    const today = dayInZone(new Date(), timeZone) ?? utcDayOf(new Date());
    reply.header('Content-Type', 'application/zip');
    reply.header('Content-Disposition', `attachment; filename="muse-answers-${dayKey(today)}.zip"`);
    return reply.send(markdownZip(answers, timeZone));
  });

  // What an import would add, skip and why; changes nothing.
  app.post(
    '/api/user/import/preview',
    { config: { rateLimit: limits.upload } },
    async (request) => ({ preview: await importFrom(request, deps, false) }),
  );

  // The same file again, now written; a second run adds nothing (import keys).
  app.post('/api/user/import', { config: { rateLimit: limits.upload } }, async (request) => ({
    imported: await importFrom(request, deps, true),
  }));
}
