import { describe, expect, it } from 'vitest';
import { hasInvisibleCharacters, nameKey } from './names.ts';

describe('name keys', () => {
  it('makes names that differ only by case, width or compatibility form one key', () => {
    expect(nameKey('Ada')).toBe(nameKey('ADA'));
    expect(nameKey('Ada')).toBe(nameKey('Ａｄａ'));
    expect(nameKey('ﬁona')).toBe(nameKey('Fiona'));
    expect(nameKey('Straße')).toBe(nameKey('STRASSE'));
    expect(nameKey('Ada\u200B')).toBe(nameKey('Ada'));
    expect(nameKey('Ada')).not.toBe(nameKey('Adam'));
  });

  it('finds zero-width, bidi and control characters', () => {
    for (const hidden of ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u202E', '\u2066']) {
      expect(hasInvisibleCharacters(`Ad${hidden}a`), hidden.codePointAt(0)?.toString(16)).toBe(
        true,
      );
    }
    expect(hasInvisibleCharacters('\u00ADAda')).toBe(true);
    expect(hasInvisibleCharacters('Ada\u0007')).toBe(true);
    expect(hasInvisibleCharacters('Zoë Ångström-Ōe')).toBe(false);
    // Emoji keep their variation selectors and joiners; a joiner between letters does not.
    expect(hasInvisibleCharacters('Ada \u2764\uFE0F')).toBe(false);
    expect(hasInvisibleCharacters('Dev \u{1F469}\u200D\u{1F4BB}')).toBe(false);
    expect(hasInvisibleCharacters('A\u200Dda')).toBe(true);
    expect(hasInvisibleCharacters('Ada\uFE0F')).toBe(true);
  });
});
