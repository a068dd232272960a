import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorResponse } from '#shared/api/common.ts';
import { type Access, type Endpoint, endpoints } from '#shared/api/endpoints.ts';
import { liveEventSchemas } from '#shared/api/world-live.ts';
import { errorReasons, type RouteLimits, retriesAfter } from './openapi-responses.ts';
import { SchemaComponents } from './openapi-schemas.ts';

// Issue 17 B, issue 36: the API as an OpenAPI 3.1 document, generated from the endpoint map
// (decision 025) — the same zod schemas the routes parse bodies and serialise answers with (zod
// 4's z.toJSONSchema, JSON Schema 2020-12 as 3.1 uses), the shapes named in src/shared/api
// (`.meta({ id })`) as components, every error a call can answer (openapi-responses.ts), who may
// call it, and the live stream's events. A test compares the map with the routes the app
// registers, so a new call cannot ship undocumented; integration tests check every answer they
// get against this document (tests/support/openapi-check.ts). Decision 063.

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

const METRICS_PATH = '/metrics';
const LIVE_PATH = '/api/world/live';
const ERROR_REF = { $ref: '#/components/schemas/Error' };
const RETRY_AFTER_REF = { $ref: '#/components/headers/RetryAfter' };

/** The query string's fields as OpenAPI parameters. */
function queryParameters(schemas: SchemaComponents, schema: z.ZodType) {
  const json = schemas.schema(schema, 'input') as {
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

/** Who may call: nobody needs credentials on an open call; /metrics takes its own token. */
function securityOf(path: string, access: Access) {
  if (path === METRICS_PATH) return [{ metricsToken: [] }];
  if (!path.startsWith('/api/')) return [];
  const credentials = [{ cookieSession: [] }, { bearerToken: [] }];
  return access === 'anyone' ? [{}, ...credentials] : credentials;
}

/** The live stream's events: each event's name and the JSON its `data:` line holds. */
function liveEvents(schemas: SchemaComponents) {
  return Object.fromEntries(
    Object.entries(liveEventSchemas).map(([name, schema]) => [
      name,
      { data: schemas.ref(schema, 'output') },
    ]),
  );
}

/** One message of the stream, parsed: its `event:` name, its `id:` and its JSON `data:`. */
function liveMessageSchema(schemas: SchemaComponents) {
  return {
    oneOf: Object.entries(liveEventSchemas).map(([name, schema]) => ({
      type: 'object',
      properties: {
        event: { const: name },
        id: { type: 'string' },
        data: schemas.ref(schema, 'output'),
      },
      required: ['event', 'data'],
    })),
  };
}

function successContent(schemas: SchemaComponents, path: string, endpoint: Endpoint) {
  if (path === LIVE_PATH) {
    return {
      'text/event-stream': {
        schema: {
          type: 'string',
          description:
            'Server-sent events. Each message has an `event:` name, an `id:` to send back as ' +
            'Last-Event-ID when reconnecting, and JSON `data:` of that event’s schema ' +
            '(x-events; WorldLiveEvent is one message, parsed).',
        },
        'x-events': liveEvents(schemas),
      },
    };
  }
  if (endpoint.response instanceof z.ZodType) {
    return { 'application/json': { schema: schemas.schema(endpoint.response, 'output') } };
  }
  const media = typeof endpoint.response === 'string' ? [endpoint.response] : endpoint.response;
  return Object.fromEntries(media.map((type) => [type, { schema: {} }]));
}

/** What the zod schema `never` accepts: nothing (a call that always answers an error). */
const answersNothing = (schema: Endpoint['response']) => schema instanceof z.ZodNever;

function operationOf(
  schemas: SchemaComponents,
  url: string,
  endpoint: Endpoint,
  limits: RouteLimits,
  writeFactor: number,
) {
  const method = endpoint.method;
  const pathParameters = [...openApiPath(url).matchAll(/\{([^}]+)\}/g)].map((match) => ({
    name: match[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const parameters = [
    ...pathParameters,
    ...(endpoint.query ? queryParameters(schemas, endpoint.query) : []),
  ];
  const requestBody =
    endpoint.body === 'multipart'
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
      : endpoint.body
        ? {
            required: true,
            content: { 'application/json': { schema: schemas.schema(endpoint.body, 'input') } },
          }
        : undefined;
  const responses: Record<string, unknown> = {};
  if (!answersNothing(endpoint.response)) {
    responses['200'] = { description: 'OK', content: successContent(schemas, url, endpoint) };
  }
  for (const [status, reasons] of errorReasons(url, endpoint, limits, writeFactor)) {
    const schema = endpoint.otherResponses?.[status];
    responses[String(status)] = {
      description: reasons.join('. '),
      ...(retriesAfter(url, status) && { headers: { 'Retry-After': RETRY_AFTER_REF } }),
      content: {
        'application/json': { schema: schema ? schemas.schema(schema, 'output') : ERROR_REF },
      },
    };
  }
  for (const [status, schema] of Object.entries(endpoint.otherResponses ?? {})) {
    responses[status] ??= {
      description: `Status ${status}`,
      content: { 'application/json': { schema: schemas.schema(schema, 'output') } },
    };
  }
  return {
    method: method.toLowerCase(),
    path: openApiPath(url),
    value: {
      operationId: `${method.toLowerCase()}${url.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
      summary: endpoint.summary,
      description: ACCESS_NOTE[endpoint.access],
      ...(parameters.length > 0 && { parameters }),
      ...(requestBody && { requestBody }),
      security: securityOf(url, endpoint.access),
      responses,
    },
  };
}

export type OpenApiOptions = {
  /** The session cookie's name as this server sets it (`__Host-` over https). */
  sessionCookie?: string;
  /** PUBLIC_ORIGIN: the server's address; without it, `/` (where the document was fetched). */
  origin?: string | null;
  /** Each route's own limits, as registered (by path); none known: only the map's. */
  routeLimits?: ReadonlyMap<string, RouteLimits>;
  /** What the write limits are raised by (MUSE_RATE_LIMITS=relaxed: write-limits.ts). */
  writeLimitFactor?: number;
};

/** The whole document, for every call in the endpoint map. */
export function openApiDocument(options: OpenApiOptions = {}): Record<string, unknown> {
  const {
    sessionCookie = 'muse_session',
    origin = null,
    routeLimits = new Map(),
    writeLimitFactor = 1,
  } = options;
  const schemas = new SchemaComponents();
  schemas.ref(errorResponse, 'output');
  const paths: Record<string, Record<string, unknown>> = {};
  const operations: Record<string, Endpoint> = endpoints;
  for (const [url, endpoint] of Object.entries(operations)) {
    const limits = routeLimits.get(url) ?? {};
    const { method, path, value } = operationOf(schemas, url, endpoint, limits, writeLimitFactor);
    paths[path] ??= {};
    paths[path][method] = value;
  }
  const liveMessage = liveMessageSchema(schemas);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Müse API',
      version: '1',
      description:
        'The API of Müse, a daily reflection journal. Browsers use the session cookie; other ' +
        'clients (the iOS app, scripts) get a bearer token from POST /api/token and send it as ' +
        '`Authorization: Bearer …`. State-changing calls take JSON (uploads: multipart). Every ' +
        'error answers `{ error }` with a short reason; 429 and 503 say in Retry-After when to ' +
        'try again.',
    },
    servers: [{ url: origin ?? '/' }],
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
          description:
            'A device token from POST /api/token; revoke with /api/token/revoke. An unknown or ' +
            'revoked token is a 401 on every /api call, open ones included.',
        },
        metricsToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'The server’s METRICS_TOKEN (GET /metrics only; 404 while it is unset).',
        },
      },
      headers: {
        RetryAfter: {
          description: 'Seconds to wait before trying again.',
          required: true,
          schema: { type: 'integer', minimum: 0 },
        },
      },
      schemas: { ...schemas.components, WorldLiveEvent: liveMessage },
    },
  };
}

/**
 * Serves the document. Registered before the routes, so it hears each one's limits as it is
 * registered; the document is built on first ask, once every route is in.
 */
export function registerOpenApi(
  app: FastifyInstance,
  options: Omit<OpenApiOptions, 'routeLimits'>,
): void {
  const routeLimits = new Map<string, RouteLimits>();
  app.addHook('onRoute', (route) => {
    const { rateLimit, write } = (route.config ?? {}) as RouteLimits;
    if (rateLimit || write) routeLimits.set(route.url, { rateLimit, write });
  });
  let document: string | null = null;
  app.get(OPENAPI_PATH, async (_request, reply) => {
    // Built once, on first ask: the schemas do not change while the server runs.
    document ??= JSON.stringify(openApiDocument({ ...options, routeLimits }));
    return reply.type('application/json; charset=utf-8').send(document);
  });
}
