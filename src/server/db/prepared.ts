import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import type { Database } from './database.ts';
import { nameStatement } from './statement-names.ts';

// Kysely builds and compiles a query's SQL again on every call: for the calls made on every
// request (the session, the feed's version, the viewer's marks) that was most of Kysely's share
// of the profile (decision 030). A prepared query is built and compiled once per dialect, with
// placeholder values where the parameters go, and then executed many times with the real values
// in their places: same SQL text, new parameters (which node-sqlite.ts's statement cache and
// PostgreSQL's planner both reuse).

/**
 * What a prepared query may take: scalars, and lists (each list length compiles once). An
 * undefined value is sent as NULL (Kysely would have left its column out instead).
 */
type Scalar = string | number | null | undefined;
type Params = Record<string, Scalar | readonly Scalar[]>;

/** A placeholder that no real value looks like. */
const MARK = '\u0000muse-param\u0000';

type Slot = { fixed: unknown } | { name: string; index: number | null };

type Template = { compiled: CompiledQuery; slots: Slot[] };

/** The parameters' shape: which keys are given, and each list's length. */
function shapeOf(params: Params): string {
  let shape = '';
  for (const key in params) {
    const value = params[key];
    shape += Array.isArray(value) ? `${key}:${value.length};` : `${key};`;
  }
  return shape;
}

/** The same keys, each value replaced by a placeholder naming it (and its position in a list). */
function placeholders<P extends Params>(params: P): P {
  const out: Record<string, unknown> = {};
  for (const key in params) {
    const value = params[key];
    out[key] = Array.isArray(value)
      ? value.map((_, index) => `${MARK}${key}\u0000${index}`)
      : `${MARK}${key}\u0000`;
  }
  return out as P;
}

function slotOf(value: unknown): Slot {
  if (typeof value !== 'string' || !value.startsWith(MARK)) return { fixed: value };
  const [name = '', index = ''] = value.slice(MARK.length).split('\u0000');
  return { name, index: index === '' ? null : Number(index) };
}

/**
 * A query compiled once (per dialect and list length) and executed with new values each time.
 * `build` must not branch on the values it is given (they are placeholders when it runs): only
 * on nothing, so that one SQL text serves every call.
 */
export function preparedQuery<P extends Params, R>(
  build: (db: Database, params: P) => Compilable<R>,
) {
  // Per adapter object: a transaction shares its database's adapter, so it shares the template.
  const templates = new WeakMap<object, Map<string, Template>>();
  function template(db: Database, params: P): Template {
    const adapter = db.getExecutor().adapter;
    let byShape = templates.get(adapter);
    if (!byShape) {
      byShape = new Map();
      templates.set(adapter, byShape);
    }
    const shape = shapeOf(params);
    let found = byShape.get(shape);
    if (!found) {
      const compiled = build(db, placeholders(params)).compile();
      found = { compiled, slots: compiled.parameters.map(slotOf) };
      nameStatement(compiled.sql);
      byShape.set(shape, found);
    }
    return found;
  }
  async function run(db: Database, params: P): Promise<QueryResult<R>> {
    const { compiled, slots } = template(db, params);
    const parameters = slots.map((slot) => {
      if ('fixed' in slot) return slot.fixed;
      const value = params[slot.name];
      return slot.index === null ? value : (value as readonly Scalar[])[slot.index];
    });
    return db.executeQuery<R>({ ...compiled, parameters });
  }
  /** The rows; `.run` gives the whole result (affected rows of a write). */
  const rows = async (db: Database, params: P): Promise<R[]> => (await run(db, params)).rows;
  return Object.assign(rows, { run });
}

/** How many rows a prepared write changed (inserted, updated or deleted). */
export async function affectedRows<P extends Params>(
  query: { run: (db: Database, params: P) => Promise<QueryResult<unknown>> },
  db: Database,
  params: P,
): Promise<bigint> {
  return (await query.run(db, params)).numAffectedRows ?? 0n;
}
