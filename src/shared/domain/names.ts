// Names are identities: two names that look alike must be one name. A name's key is what
// uniqueness, login and MUSE_ADMINS compare: Unicode NFKC (full-width 'Ａ' is 'A', the 'ﬁ'
// ligature is 'fi'), then case folding (upper, then lower, so 'ß' and 'SS' agree), with the
// invisible code points dropped. Names themselves may not contain invisible characters at all.

// Zero-width and other default-ignorable code points (U+200B…U+200F, U+2060…U+206F, U+FEFF,
// soft hyphen, variation selectors, Hangul fillers), bidi controls (U+202A…U+202E,
// U+2066…U+2069) are format characters or default-ignorable; control characters too.
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}\u2028\u2029]/u;
const INVISIBLE_ALL = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}\u2028\u2029]/gu;

// Emoji may carry a variation selector and join with ZWJ (❤️, 👩‍💻): those invisible code
// points belong to a visible picture, so they are allowed there and nowhere else.
const EMOJI_SEQUENCE =
  /\p{Extended_Pictographic}[\uFE0E\uFE0F]?(?:\u200D\p{Extended_Pictographic}[\uFE0E\uFE0F]?)*/gu;

/** Whether a name carries a character a reader cannot see (zero-width, bidi control, …). */
export function hasInvisibleCharacters(name: string): boolean {
  return INVISIBLE.test(name.replace(EMOJI_SEQUENCE, ''));
}

/** The key two names are compared by: equal keys mean the same name. */
export function nameKey(name: string): string {
  return name
    .normalize('NFKC')
    .replace(INVISIBLE_ALL, '')
    .toUpperCase()
    .toLowerCase()
    .normalize('NFKC')
    .trim();
}
