import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { databaseUnavailable } from '../db/database-errors.ts';

/** An expected failure with a status and a short reason the caller may see. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  constructor(statusCode: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.statusCode = statusCode;
    this.headers = headers;
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Please sign in') => new HttpError(401, message);
export const forbidden = (message = 'Not allowed') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

function zodReason(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return `${where}${issue.message}`;
}

/** Whether any string in `value`, key or value, holds a NUL (walked without allocating). */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    for (const item of value) if (containsNul(item, depth + 1)) return true;
    return false;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    if (key.includes('\u0000') || containsNul(record[key], depth + 1)) return true;
  }
  return false;
}

export function registerErrorHandling(app: FastifyInstance): void {
  // PostgreSQL text cannot hold NUL characters; no real writing needs them. Refuse them for
  // every call up front, so both databases behave the same.
  // A callback hook: no promise per request for synchronous work (decision 038).
  app.addHook('preValidation', (request, _reply, done) => {
    done(containsNul(request.body) ? badRequest('Text may not contain NUL characters') : undefined);
  });

  app.setErrorHandler((error: FastifyError | HttpError | ZodError, request, reply) => {
    if (error instanceof ZodError) {
      return reply.status(400).send({ error: zodReason(error) });
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).headers(error.headers).send({ error: error.message });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, body too large (413), wrong content type (415).
      return reply.status(status).send({ error: error.message || 'Bad request' });
    }
    const fault = databaseUnavailable(error);
    if (fault) {
      // One line, no SQL and no stack: the fault is the database's, not a bug of ours.
      request.log.warn({ reason: fault.reason }, 'database unavailable');
      return reply
        .status(503)
        .header('Retry-After', String(fault.retryAfterSeconds))
        .send({ error: fault.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: 'Something went wrong on our side' });
  });
}
