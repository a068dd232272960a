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

// Every script Unicode 17 names (ISO 15924 codes), Common and Inherited left out: digits,
// punctuation, spaces, emoji and combining marks go with any script.
const SCRIPTS = (
  'Adlm Aghb Ahom Arab Armi Armn Avst Bali Bamu Bass Batk Beng Berf Bhks Bopo Brah Brai Bugi ' +
  'Buhd Cakm Cans Cari Cham Cher Chrs Copt Cpmn Cprt Cyrl Deva Diak Dogr Dsrt Dupl Egyp Elba ' +
  'Elym Ethi Gara Geor Glag Gong Gonm Goth Gran Grek Gujr Gukh Guru Hang Hani Hano Hatr Hebr ' +
  'Hira Hluw Hmng Hmnp Hung Ital Java Kali Kana Kawi Khar Khmr Khoj Kits Knda Krai Kthi Lana ' +
  'Laoo Latn Lepc Limb Lina Linb Lisu Lyci Lydi Mahj Maka Mand Mani Marc Medf Mend Merc Mero ' +
  'Mlym Modi Mong Mroo Mtei Mult Mymr Nagm Nand Narb Nbat Newa Nkoo Nshu Ogam Olck Onao Orkh ' +
  'Orya Osge Osma Ougr Palm Pauc Perm Phag Phli Phlp Phnx Plrd Prti Rjng Rohg Runr Samr Sarb ' +
  'Saur Sgnw Shaw Shrd Sidd Sidt Sind Sinh Sogd Sogo Sora Soyo Sund Sunu Sylo Syrc Tagb Takr ' +
  'Tale Talu Taml Tang Tavt Tayo Telu Tfng Tglg Thaa Thai Tibt Tirh Tnsa Todr Tols Toto Tutg ' +
  'Ugar Vaii Vith Wara Wcho Xpeo Xsux Yezi Yiii Zanb'
).split(' ');

// Writing systems that mix scripts by nature (UTS #39 §5.1): Japanese (Han, Hiragana,
// Katakana), Korean (Han, Hangul) and Han with Bopomofo.
const WRITING_SYSTEMS: Record<string, string[]> = {
  Hani: ['Hanb', 'Jpan', 'Kore'],
  Hira: ['Jpan'],
  Kana: ['Jpan'],
  Hang: ['Kore'],
  Bopo: ['Hanb'],
};

let scriptTests: [string, RegExp][] | undefined;

/** A test per script this JavaScript engine knows (an older browser may lack the newest). */
function scriptTestsOf(): [string, RegExp][] {
  if (!scriptTests) {
    scriptTests = [];
    for (const script of SCRIPTS) {
      try {
        scriptTests.push([script, new RegExp(`\\p{Script_Extensions=${script}}`, 'u')]);
      } catch {
        // Unknown to this engine: its characters count as any script.
      }
    }
  }
  return scriptTests;
}

/**
 * Whether a name mixes scripts, like Latin with Cyrillic (`boѕѕ`) or Greek (`Βoss`): UTS #39's
 * resolved script set of the name is empty. Digits, `_`, `-`, spaces and other characters of
 * no one script go with any; a name in one script (`Борис`), or in a writing system that mixes
 * scripts by nature (`山田たろう`), does not mix.
 */
export function mixesScripts(name: string): boolean {
  let common: string[] | null = null;
  for (const char of name.normalize('NFKC')) {
    const scripts = new Set<string>();
    for (const [script, test] of scriptTestsOf()) {
      if (!test.test(char)) continue;
      scripts.add(script);
      for (const system of WRITING_SYSTEMS[script] ?? []) scripts.add(system);
    }
    if (scripts.size === 0) continue;
    common = (common ?? [...scripts]).filter((script) => scripts.has(script));
    if (common.length === 0) return true;
  }
  return false;
}
