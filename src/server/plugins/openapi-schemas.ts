import { z } from 'zod';

// The endpoint map's zod schemas as the OpenAPI document's JSON Schemas (2020-12, as OpenAPI 3.1
// uses). A schema named with `.meta({ id })` in src/shared/api (Answer, User, FeedAnswer…) becomes
// one entry of `components.schemas`, and every schema that holds it points there with a `$ref`,
// so a generated client gets one `Answer` type instead of a copy per call. The names live only
// in those `.meta()` calls: a new shared shape is named where it is defined.

type Json = Record<string, unknown>;
const COMPONENTS = '#/components/schemas/';

/** Replaces every `#/$defs/X` reference in `value` with the component's own reference. */
function pointAtComponents(value: unknown, names: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => pointAtComponents(item, names));
  if (value === null || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === '$ref' && typeof item === 'string' && item.startsWith('#/$defs/')) {
      const id = decodeURIComponent(item.slice('#/$defs/'.length));
      out[key] = COMPONENTS + (names.get(id) ?? id);
    } else {
      out[key] = pointAtComponents(item, names);
    }
  }
  return out;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Collects the named schemas met while converting: `schema()` answers a schema with its named
 * parts as `$ref`s, and `components` holds each named part once. A name met both as a body (the
 * input: before defaults and transforms) and as an answer (the output) whose two forms differ is
 * kept twice, the body's as `<Name>Input`.
 */
export class SchemaComponents {
  readonly components: Record<string, Json> = {};
  private readonly ioOf = new Map<string, 'input' | 'output'>();

  /** `schema` as JSON Schema: a body as the client sends it, an answer as the server sends it. */
  schema(schema: z.ZodType, io: 'input' | 'output'): Json {
    const {
      $schema: _dialect,
      $defs: defs = {},
      ...root
    } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json & {
      $defs?: Record<string, Json>;
    };
    const names = new Map<string, string>();
    for (const [id, def] of Object.entries(defs)) {
      const known = this.components[id];
      if (known === undefined || sameJson(known, pointAtComponents(def, names))) {
        names.set(id, id);
      } else if (this.ioOf.get(id) !== io) {
        names.set(id, io === 'input' ? `${id}Input` : `${id}Output`);
      } else {
        throw new Error(
          `Two different schemas are named '${id}' (.meta({ id }) in src/shared/api)`,
        );
      }
    }
    for (const [id, def] of Object.entries(defs)) {
      const name = names.get(id) ?? id;
      const json = pointAtComponents(def, names) as Json;
      const known = this.components[name];
      if (known !== undefined && !sameJson(known, json)) {
        throw new Error(
          `Two different schemas are named '${name}' (.meta({ id }) in src/shared/api)`,
        );
      }
      this.components[name] = json;
      if (!this.ioOf.has(name)) this.ioOf.set(name, io);
    }
    return pointAtComponents(root, names) as Json;
  }

  /** A reference to the named schema `schema` (which must carry `.meta({ id })`). */
  ref(schema: z.ZodType, io: 'input' | 'output'): Json {
    const json = this.schema(schema, io);
    if (typeof json.$ref !== 'string') throw new Error('ref() needs a schema named with .meta()');
    return { $ref: json.$ref };
  }
}
