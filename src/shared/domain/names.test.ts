import { describe, expect, it } from 'vitest';
import { nameSkeleton, skeleton } from './name-skeleton.ts';
import { hasInvisibleCharacters, mixesScripts, nameKey } from './names.ts';

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

describe('look-alike names (issue 34 point 8)', () => {
  it('gives names that look alike one skeleton (UTS #39), whatever their case', () => {
    for (const lookalike of ['boѕѕ', 'Βoss', 'Ƅoss', 'BOSS', 'ВОЅЅ', 'ｂｏｓｓ', 'bo\u200Bss']) {
      expect(nameSkeleton(lookalike), lookalike).toBe(nameSkeleton('boss'));
    }
    expect(nameSkeleton('ΑΒΕ')).toBe(nameSkeleton('Abe'));
    expect(nameSkeleton('rnary')).toBe(nameSkeleton('mary'));
    expect(nameSkeleton('Ilya')).toBe(nameSkeleton('llya'));
    expect(nameSkeleton('boss')).not.toBe(nameSkeleton('bass'));
    expect(nameSkeleton('Борис')).not.toBe(nameSkeleton('Boris'));
    // The skeleton itself, as UTS #39 defines it: prototypes, in NFD.
    expect(skeleton('ѕ')).toBe('s');
    expect(skeleton('m')).toBe('rn');
    expect(skeleton('é')).toBe('e\u0301');
  });

  it('finds names that mix scripts, and lets one script (with digits and _ -) be', () => {
    for (const mixed of ['boѕѕ', 'Βoss', 'Ada Борис', 'pаypal', 'Ωmega1']) {
      expect(mixesScripts(mixed), mixed).toBe(true);
    }
    for (const single of [
      'boss',
      'Ƅoss',
      'Борис',
      'ΑΒΕ',
      'ada_99-x',
      'Zoë Ångström-Ōe',
      'Dev 👩\u200D💻',
      '山田たろう',
      '김山',
      'محمد',
    ]) {
      expect(mixesScripts(single), single).toBe(false);
    }
  });
});
