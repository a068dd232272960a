import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';

/** What a proxy or client may send as X-Request-Id: kept when it is short and plain. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The request id: the caller's (or the proxy's) X-Request-Id when it is sane, else a new UUID.
 * Echoed back in X-Request-Id and on every log line of the request as `reqId`.
 */
export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** Keys whose values are never logged, wherever a log call puts them (one level down too). */
const CENSORED_KEYS = new Set(['password', 'email', 'text', 'cookie', 'authorization']);
/** Keys of a log object that a serializer below whitelists field by field. */
const SERIALIZED_KEYS = new Set(['req', 'res', 'err']);
const CENSOR = '[redacted]';

function censorKeys(value: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | null = null;
  for (const key in value) {
    if (CENSORED_KEYS.has(key)) {
      copy ??= { ...value };
      copy[key] = CENSOR;
    }
  }
  return copy ?? value;
}

/**
 * Any log call's object, before it is written: fields named like a password, an e-mail, text, a
 * cookie or an authorization are censored at the top and one level down (what pino's redact
 * wildcards did, at about a tenth of the cost per line: decision 030). `req`, `res` and `err`
 * are left to their serializers, which keep only the fields named there.
 */
function censorLogObject(object: Record<string, unknown>): Record<string, unknown> {
  let out = censorKeys(object);
  for (const key in out) {
    const value = out[key];
    if (SERIALIZED_KEYS.has(key) || value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) continue;
    const censored = censorKeys(value as Record<string, unknown>);
    if (censored !== value) {
      if (out === object) out = { ...object };
      out[key] = censored;
    }
  }
  return out;
}

/**
 * Structured JSON logs (pino) that never hold what people wrote: requests are logged as method,
 * path (no query string) and address only — no bodies, no headers, no cookies — errors as their
 * kind, message, code and stack only (never a database error's detail, query or parameters), and
 * anything that could carry a value of theirs (a field named like one) is censored in case a
 * future log call passes it.
 */
export function loggerOptions(): FastifyServerOptions['logger'] {
  return {
    level: process.env.LOG_LEVEL || 'info',
    formatters: { log: censorLogObject },
    serializers: {
      req(request: {
        method: string;
        url: string;
        ip?: string;
        socket?: { remoteAddress?: string };
      }) {
        return {
          method: request.method,
          path: request.url.split('?')[0],
          remoteAddress: request.ip ?? request.socket?.remoteAddress,
        };
      },
      res(reply: { statusCode: number }) {
        return { statusCode: reply.statusCode };
      },
      err(error: Error & { code?: unknown; statusCode?: unknown }) {
        return {
          type: error.name,
          message: error.message,
          code: error.code,
          statusCode: error.statusCode,
          stack: error.stack ?? '',
        };
      },
    },
  };
}

/** The message of the access-log line. */
export const ACCESS_LINE = 'request completed';

/**
 * One access-log line per request, when it is answered: method, path, address, status and time
 * (Fastify's own pair, `incoming request` and `request completed`, cost every request two log
 * writes: decision 038). A response that fails is logged at `error`, with its error.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, ACCESS_LINE);
    }
  }
}

export function registerRequestIds(app: FastifyInstance): void {
  // A callback hook: no promise per request for synchronous work (decision 038).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
}
