// A small kit for reading values saved on this device (localStorage) forgivingly, without a
// validation library in the first load (issue 14: zod was 6 KB gzip of it). zod/mini is no
// lighter here (issue 36 point 5, measured): persisted-schema.ts written in it put /home's first
// load at 121,437 B gzip against 114,645 B with this kit (+6.6 KB; the budget is 114,688 B), and
// one z.object of one string alone bundles to 4.2 KB gzip. A reader turns an unknown value into
// a T, or says FAIL; `orElse` turns a failure into a default, `listOf` drops the items it cannot
// read. Objects keep only the keys they name.

export const FAIL: unique symbol = Symbol('unreadable');

/** Reads a value as T, or FAIL. `optional`: an object may lack the key (it is left out). */
export type Reader<T> = ((value: unknown) => T | typeof FAIL) & { optional?: true };

type Read<R> = R extends Reader<infer T> ? T : never;

export type ReadResult<T> = { success: true; data: T } | { success: false };

/** The reader's verdict on `value`. */
export function read<T>(reader: Reader<T>, value: unknown): ReadResult<T> {
  const data = reader(value);
  return data === FAIL ? { success: false } : { success: true, data };
}

const check =
  <T>(is: (value: unknown) => value is T) =>
  (...rules: ((value: T) => boolean)[]): Reader<T> =>
  (value) =>
    is(value) && rules.every((rule) => rule(value)) ? value : FAIL;

export const string = check((value): value is string => typeof value === 'string');
export const number = check(
  (value): value is number => typeof value === 'number' && Number.isFinite(value),
);
export const boolean = check((value): value is boolean => typeof value === 'boolean');

/** Exactly `expected`. */
export const literal =
  <const L extends string | boolean>(expected: L): Reader<L> =>
  (value) =>
    value === expected ? expected : FAIL;

/** One of `values`. */
export const oneOf =
  <const L extends string>(values: readonly L[]): Reader<L> =>
  (value) =>
    values.includes(value as L) ? (value as L) : FAIL;

export const nullable =
  <T>(reader: Reader<T>): Reader<T | null> =>
  (value) =>
    value === null ? null : reader(value);

/** Undefined (or a missing key) is fine. */
export function optional<T>(reader: Reader<T>): Reader<T | undefined> {
  const optionalReader: Reader<T | undefined> = (value) =>
    value === undefined ? undefined : reader(value);
  optionalReader.optional = true;
  return optionalReader;
}

/** Never fails: what `reader` cannot read becomes `fallback`. */
export function orElse<T>(reader: Reader<T>, fallback: T): Reader<T> {
  const forgiving: Reader<T> = (value) => {
    const data = reader(value);
    return data === FAIL ? fallback : data;
  };
  if (reader.optional) forgiving.optional = true;
  return forgiving;
}

/** An array whose every item `item` reads, or FAIL. */
export const arrayOf =
  <T>(item: Reader<T>): Reader<T[]> =>
  (value) => {
    if (!Array.isArray(value)) return FAIL;
    const items: T[] = [];
    for (const entry of value) {
      const data = item(entry);
      if (data === FAIL) return FAIL;
      items.push(data);
    }
    return items;
  };

/** Never fails: the items `item` reads, the others dropped; not an array at all reads as []. */
export const listOf =
  <T>(item: Reader<T>): Reader<T[]> =>
  (value) => {
    if (!Array.isArray(value)) return [];
    return value.flatMap((entry) => {
      const data = item(entry);
      return data === FAIL ? [] : [data];
    });
  };

/** An object (not an array) whose every named key its reader reads; other keys are left out. */
export const object =
  <S extends Record<string, Reader<unknown>>>(shape: S): Reader<{ [K in keyof S]: Read<S[K]> }> =>
  (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return FAIL;
    const source = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, reader] of Object.entries(shape)) {
      if (reader.optional && !(key in source)) continue;
      const data = reader(source[key]);
      if (data === FAIL) return FAIL;
      out[key] = data;
    }
    return out as { [K in keyof S]: Read<S[K]> };
  };
