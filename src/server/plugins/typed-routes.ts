import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  RouteShorthandOptions,
} from 'fastify';
import { z } from 'zod';
import {
  type Endpoint,
  endpoints,
  type HandlerResultOf,
  type ParsedQueryOf,
  type ParsedRequestOf,
  type SchemaPath,
} from '#shared/api/endpoints.ts';

// Routes registered from the endpoint map (src/shared/api/endpoints.ts, decision 025): the body
// and query are parsed by the map's zod schemas before the handler runs, and the answer is
// parsed by the response schema on its way out, so a field the schema does not list is dropped
// and an answer that breaks a schema's rule (an anonymous share that names its author) is
// refused with a 500 instead of sent. Handlers are typed from the same map.

type TypedRequest<P extends SchemaPath> = FastifyRequest<{
  Body: ParsedRequestOf<P>;
  Querystring: ParsedQueryOf<P>;
}>;

/** A route's handler: its return value is checked against the response schema's input type. */
export type TypedHandler<P extends SchemaPath> = (
  request: TypedRequest<P>,
  reply: FastifyReply,
) => Promise<HandlerResultOf<P> | FastifyReply>;

/** What a route may add to what the map says: its config (rate limits, write limits). */
export type RouteExtras = Pick<RouteShorthandOptions, 'config'>;

/** An answer that does not match its schema: a bug on our side, never sent. */
export class ResponseRefused extends Error {
  readonly statusCode = 500;
  constructor(route: string, error: z.ZodError) {
    const issue = error.issues[0];
    super(
      `The answer to ${route} does not match its schema` +
        (issue ? ` (${issue.path.join('.') || 'answer'}: ${issue.message})` : ''),
    );
  }
}

/**
 * JSON of `value` as `schema` outputs it, for answers a route builds as a string itself (a
 * cached feed page, decision 030): Fastify sends a string as it is, so what route() does on the
 * way out is done here, where the string is made.
 */
export function checkedJson<S extends z.ZodType>(
  schema: S,
  value: z.input<S>,
  what: string,
): string {
  const result = schema.safeParse(value);
  if (!result.success) throw new ResponseRefused(what, result.error);
  return JSON.stringify(result.data);
}

/** These compilers are given only the map's schemas (route() passes them per route). */
function zodSchema(schema: unknown, url: string): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  throw new Error(`${url}: a schema that is not zod reached the endpoint map's compilers`);
}

/**
 * ZodErrors go to the error handler as they are, which answers 400 with the first issue as
 * `path: message`, the same words as when routes parsed their own bodies. A call without a body
 * (no content type: Fastify passes null) is read as `{}`, as those routes did.
 */
const validatorCompiler: FastifySchemaCompiler<FastifySchema> = ({ schema, url }) => {
  const zod = zodSchema(schema, url);
  return (data) => {
    const result = zod.safeParse(data ?? {});
    return result.success ? { value: result.data } : { error: result.error };
  };
};

/** The route's answer as its schema's output (unknown keys stripped), then JSON. */
const serializerCompiler: FastifySerializerCompiler<FastifySchema> = ({ schema, method, url }) => {
  const zod = zodSchema(schema, url);
  return (data) => {
    const result = zod.safeParse(data);
    if (!result.success) throw new ResponseRefused(`${method} ${url}`, result.error);
    return JSON.stringify(result.data);
  };
};

/**
 * Registers `path` as the map describes it: method, body and query schemas, and (for JSON
 * answers) a response schema for 200 and every other status the map lists.
 */
export function route<P extends SchemaPath>(
  app: FastifyInstance,
  path: P,
  extras: RouteExtras,
  handler: NoInfer<TypedHandler<P>>,
): void;
export function route<P extends SchemaPath>(
  app: FastifyInstance,
  path: P,
  handler: NoInfer<TypedHandler<P>>,
): void;
export function route<P extends SchemaPath>(
  app: FastifyInstance,
  path: P,
  extrasOrHandler: RouteExtras | NoInfer<TypedHandler<P>>,
  maybeHandler?: NoInfer<TypedHandler<P>>,
): void {
  const handler = typeof extrasOrHandler === 'function' ? extrasOrHandler : maybeHandler;
  const extras = typeof extrasOrHandler === 'function' ? {} : extrasOrHandler;
  if (!handler) throw new Error(`${path}: no handler`);
  const endpoint: Endpoint = endpoints[path];
  app.route<{ Body: ParsedRequestOf<P>; Querystring: ParsedQueryOf<P> }>({
    method: endpoint.method,
    url: path,
    ...extras,
    schema: {
      ...(endpoint.body && endpoint.body !== 'multipart' && { body: endpoint.body }),
      ...(endpoint.query && { querystring: endpoint.query }),
      ...(endpoint.response instanceof z.ZodType && {
        response: { 200: endpoint.response, ...endpoint.otherResponses },
      }),
    },
    validatorCompiler,
    serializerCompiler,
    handler: (request, reply) => handler(request, reply),
  });
}

/**
 * Refuses at start-up a route that the map lists with a body or response schema but that was
 * registered without them (with app.get/app.post instead of route()): its body or its answer
 * would go unchecked.
 */
export function requireSchemasFromTheMap(app: FastifyInstance): void {
  app.addHook('onRoute', (options) => {
    if (options.method === 'HEAD' || !Object.hasOwn(endpoints, options.url)) return;
    const endpoint: Endpoint = endpoints[options.url as keyof typeof endpoints];
    const schemas = endpoint.response instanceof z.ZodType || typeof endpoint.body === 'object';
    if (!schemas) return;
    if (options.serializerCompiler !== serializerCompiler) {
      throw new Error(`${options.url} is in the endpoint map: register it with route()`);
    }
  });
}
