import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capitaliseFirst } from './capitalise.ts';

describe('capitaliseFirst', () => {
  it('upper-cases a leading lowercase letter only', () => {
    expect(capitaliseFirst('hello world')).toBe('Hello world');
    expect(capitaliseFirst('hELLO')).toBe('HELLO');
    expect(capitaliseFirst('a')).toBe('A');
  });

  it('handles letters beyond ASCII', () => {
    expect(capitaliseFirst('über')).toBe('Über');
    expect(capitaliseFirst('élan')).toBe('Élan');
    expect(capitaliseFirst('ωμέγα')).toBe('Ωμέγα');
    expect(capitaliseFirst('𐐨x')).toBe('𐐀x'); // Deseret, outside the BMP
  });

  it('leaves text that does not start with a lowercase letter', () => {
    expect(capitaliseFirst('')).toBe('');
    expect(capitaliseFirst(' hello')).toBe(' hello');
    expect(capitaliseFirst('\nhello')).toBe('\nhello');
    expect(capitaliseFirst('1st day')).toBe('1st day');
    expect(capitaliseFirst('Hello')).toBe('Hello');
    expect(capitaliseFirst('😀 smile')).toBe('😀 smile');
    expect(capitaliseFirst('日本')).toBe('日本');
  });

  it('keeps letters whose capital is longer', () => {
    expect(capitaliseFirst('ßtraße')).toBe('ßtraße');
  });

  it('is idempotent, keeps the length and changes at most the first character', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const once = capitaliseFirst(text);
        expect(capitaliseFirst(once)).toBe(once);
        expect(once.length).toBe(text.length);
        const firstLength = String.fromCodePoint(text.codePointAt(0) ?? 32).length;
        expect(once.slice(firstLength)).toBe(text.slice(firstLength));
      }),
    );
  });
});
