import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type Access, type Endpoint, endpoints } from '#shared/api/endpoints.ts';

// Issue 17 B: the API as an OpenAPI 3.1 document, generated from the endpoint map (decision
// 025) — the same zod schemas the routes parse bodies and serialise answers with (zod 4's
// z.toJSONSchema, JSON Schema 2020-12 as 3.1 uses). A test compares the map with the routes the
// app registers, so a new call cannot ship undocumented.

export const OPENAPI_PATH = '/api/openapi.json';

/** OpenAPI path templating for a Fastify route: `:id` → `{id}`, a trailing `*` → `{path}`. */
export function openApiPath(fastifyUrl: string): string {
  return fastifyUrl.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{path}');
}

const ACCESS_NOTE: Record<Access, string> = {
  anyone: 'Open to anyone.',
  user: 'Needs a session or a token (an anonymous user will do).',
  named: 'Needs a session or a token of a named account.',
  admin: 'Admins only.',
};

/**
 * A schema as JSON Schema: a body as the client sends it (before defaults and transforms), an
 * answer as the server sends it.
 */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  return json;
}

/** The query string's fields as OpenAPI parameters. */
function queryParameters(schema: z.ZodType) {
  const json = jsonSchema(schema, 'input') as {
    properties?: Record<string, Record<string, unknown>>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: property,
  }));
}

function operationOf(url: string, operation: Endpoint) {
  const method = operation.method;
  const pathParameters = [...openApiPath(url).matchAll(/\{([^}]+)\}/g)].map((match) => ({
    name: match[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const parameters = [
    ...pathParameters,
    ...(operation.query ? queryParameters(operation.query) : []),
  ];
  const requestBody =
    operation.body === 'multipart'
      ? {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: {
                  file: { type: 'string', contentMediaType: 'application/octet-stream' },
                },
                required: ['file'],
              },
            },
          },
        }
      : operation.body
        ? {
            required: true,
            content: { 'application/json': { schema: jsonSchema(operation.body, 'input') } },
          }
        : undefined;
  const answer =
    typeof operation.response === 'string'
      ? { [operation.response]: { schema: {} } }
      : { 'application/json': { schema: jsonSchema(operation.response, 'output') } };
  const otherAnswers = Object.fromEntries(
    Object.entries(operation.otherResponses ?? {}).map(([status, schema]) => [
      status,
      {
        description: `Status ${status}`,
        content: { 'application/json': { schema: jsonSchema(schema, 'output') } },
      },
    ]),
  );
  return {
    method: method.toLowerCase(),
    path: openApiPath(url),
    value: {
      operationId: `${method.toLowerCase()}${url.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
      summary: operation.summary,
      description: ACCESS_NOTE[operation.access],
      ...(parameters.length > 0 && { parameters }),
      ...(requestBody && { requestBody }),
      security:
        operation.access === 'anyone'
          ? [{}, { cookieSession: [] }, { bearerToken: [] }]
          : [{ cookieSession: [] }, { bearerToken: [] }],
      responses: {
        '200': { description: 'OK', content: answer },
        ...otherAnswers,
        default: {
          description: 'An error: 4xx with a short reason',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    },
  };
}

/** The whole document, for every call in the endpoint map. */
/** `sessionCookie`: the session cookie's name as this server sets it (`__Host-` over https). */
export function openApiDocument(sessionCookie = 'muse_session'): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const operations: Record<string, Endpoint> = endpoints;
  for (const [url, operation] of Object.entries(operations)) {
    const { method, path, value } = operationOf(url, operation);
    paths[path] ??= {};
    paths[path][method] = value;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Müse API',
      version: '1',
      description:
        'The API of Müse, a daily reflection journal. Browsers use the session cookie; other ' +
        'clients (the iOS app, scripts) get a bearer token from POST /api/token and send it as ' +
        '`Authorization: Bearer …`. State-changing calls take JSON (uploads: multipart).',
    },
    paths,
    components: {
      securitySchemes: {
        cookieSession: {
          type: 'apiKey',
          in: 'cookie',
          name: sessionCookie,
          description:
            'The browser session (POST /api/login, /api/signup, /api/user/create): ' +
            '`__Host-muse_session` on an https site, `muse_session` over plain http.',
        },
        bearerToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'A device token from POST /api/token; revoke with /api/token/revoke.',
        },
      },
      schemas: {
        Error: {
          type: 'object',
          properties: { error: { type: 'string' } },
          required: ['error'],
        },
      },
    },
  };
}

export function registerOpenApi(app: FastifyInstance, sessionCookie: string): void {
  let document: string | null = null;
  app.get(OPENAPI_PATH, async (_request, reply) => {
    // Built once, on first ask: the schemas do not change while the server runs.
    document ??= JSON.stringify(openApiDocument(sessionCookie));
    return reply.type('application/json; charset=utf-8').send(document);
  });
}
