import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

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

/**
 * Structured JSON logs (pino) that never hold what people wrote: requests are logged as method,
 * path (no query string) and address only — no bodies, no headers, no cookies — and anything
 * that could carry a value of theirs (a database error's detail, a field named like one) is
 * censored in case a future log call passes it.
 */
export function loggerOptions(): FastifyServerOptions['logger'] {
  return {
    level: process.env.LOG_LEVEL || 'info',
    redact: {
      paths: [
        'req.headers',
        'req.body',
        'res.headers',
        'err.detail',
        'err.where',
        'err.parameters',
        'err.query',
        '*.password',
        '*.email',
        '*.text',
        '*.cookie',
        '*.authorization',
      ],
      censor: '[redacted]',
    },
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
    },
  };
}

export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
}
