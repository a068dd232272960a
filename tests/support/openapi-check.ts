import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { openApiDocument, openApiPath } from '../../src/server/plugins/openapi.ts';

// Every answer an integration test gets is checked against /api/openapi.json (issue 36): its
// status must be one the document lists for that call (a 500 is a bug, never documented), its
// JSON body must match that status's schema (components and $refs as they are), a header the
// document requires (Retry-After on 429 and 503) must be there, and its media type must be one
// the document names. A mismatch is a console.error, which fails the test that caused it
// (fail-on-console-error.ts): the document cannot drift from what the server really answers
// while the suite exercises it.

type MediaType = { schema?: unknown };
type Response = {
  headers?: Record<string, { $ref?: string; required?: boolean }>;
  content?: Record<string, MediaType>;
};
type Operation = { responses: Record<string, Response> };
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { headers: Record<string, { required?: boolean }> };
};

let checker: ((request: FastifyRequest, reply: FastifyReply, payload: unknown) => string[]) | null =
  null;

/** JSON Pointer escaping of one segment. */
const pointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

function makeChecker() {
  const document = openApiDocument() as unknown as Document;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema(document as object, 'openapi');
  const validators = new Map<string, ValidateFunction>();
  const validatorFor = (path: string, method: string, status: string, media: string) => {
    const ref =
      `openapi#/paths/${pointer(path)}/${method}/responses/${status}/content/` +
      `${pointer(media)}/schema`;
    let validate = validators.get(ref);
    if (!validate) {
      validate = ajv.compile({ $ref: ref });
      validators.set(ref, validate);
    }
    return validate;
  };
  const requiredHeader = (header: { $ref?: string; required?: boolean }) => {
    if (header.$ref) {
      const name = header.$ref.split('/').pop() ?? '';
      return document.components.headers[name]?.required === true;
    }
    return header.required === true;
  };

  return (request: FastifyRequest, reply: FastifyReply, payload: unknown): string[] => {
    const url = request.routeOptions.url;
    const method = request.method.toLowerCase();
    if (url === undefined || method === 'head') return [];
    const path = openApiPath(url);
    const operation = document.paths[path]?.[method];
    // Not a call of the map: the app's pages, built files, an unknown path.
    if (!operation) return [];
    const status = String(reply.statusCode);
    const call = `${method.toUpperCase()} ${url} → ${status}`;
    if (status === '500') return [];
    const response = operation.responses[status];
    if (!response) return [`${call}: the document lists no ${status} for this call`];
    const problems: string[] = [];
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      if (requiredHeader(header) && reply.getHeader(name) === undefined) {
        problems.push(`${call}: no ${name} header, which the document requires`);
      }
    }
    const contentType = String(reply.getHeader('content-type') ?? '');
    const media = contentType.split(';')[0]?.trim() ?? '';
    const content = response.content ?? {};
    if (media !== '' && !(media in content)) {
      problems.push(`${call}: answered ${media}; the document says ${Object.keys(content)}`);
      return problems;
    }
    if (media === 'application/json' && typeof payload === 'string' && content[media]?.schema) {
      const validate = validatorFor(path, method, status, media);
      if (!validate(JSON.parse(payload))) {
        problems.push(`${call}: ${ajv.errorsText(validate.errors)} in ${payload.slice(0, 300)}`);
      }
    }
    return problems;
  };
}

/** Checks every answer `app` sends against the OpenAPI document; call before app.ready(). */
export function checkAnswersAgainstOpenApi(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    checker ??= makeChecker();
    for (const problem of checker(request, reply, payload)) {
      console.error(`OpenAPI: ${problem}`);
    }
    done(null, payload);
  });
}
