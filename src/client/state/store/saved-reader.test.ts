import { describe, expect, it } from 'vitest';
import {
  arrayOf,
  boolean,
  listOf,
  literal,
  nullable,
  number,
  object,
  oneOf,
  optional,
  orElse,
  read,
  string,
} from './saved-reader.ts';

describe('saved-reader', () => {
  it('reads values of the right type and refuses the others', () => {
    expect(read(string(), 'a')).toEqual({ success: true, data: 'a' });
    expect(read(string(), 1).success).toBe(false);
    expect(
      read(
        string((value) => value.length > 1),
        'a',
      ).success,
    ).toBe(false);
    expect(read(number(), Number.NaN).success).toBe(false);
    expect(read(boolean(), 'true').success).toBe(false);
    expect(read(literal(true), false).success).toBe(false);
    expect(read(oneOf(['a', 'b']), 'b')).toEqual({ success: true, data: 'b' });
    expect(read(oneOf(['a', 'b']), 'c').success).toBe(false);
    expect(read(nullable(string()), null)).toEqual({ success: true, data: null });
  });

  it('puts the default in place of what it cannot read', () => {
    expect(read(orElse(number(), 0), 'seven')).toEqual({ success: true, data: 0 });
    expect(read(orElse(number(), 0), 7)).toEqual({ success: true, data: 7 });
  });

  it('drops the items of a list it cannot read and keeps the others', () => {
    expect(read(listOf(string()), ['a', 1, 'b'])).toEqual({ success: true, data: ['a', 'b'] });
    expect(read(listOf(string()), 'a')).toEqual({ success: true, data: [] });
    expect(read(arrayOf(string()), ['a', 1]).success).toBe(false);
  });

  it('keeps only the keys an object names, and leaves out a missing optional one', () => {
    const reader = object({ a: string(), b: optional(number()), c: orElse(boolean(), false) });
    expect(read(reader, { a: 'x', extra: 1 })).toEqual({
      success: true,
      data: { a: 'x', c: false },
    });
    expect(Object.keys(reader({ a: 'x' }) as object)).toEqual(['a', 'c']);
    expect(read(reader, { a: 'x', b: 'y' }).success).toBe(false);
    expect(read(reader, { b: 1 }).success).toBe(false);
    expect(read(object({ c: orElse(boolean(), false) }), []).success).toBe(false);
    expect(read(reader, null).success).toBe(false);
  });
});
