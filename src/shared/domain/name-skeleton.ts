import { CONFUSABLES } from './confusables.ts';
import { nameKey } from './names.ts';

// Names that look alike are one name (issue 34 point 8): `boss`, `boѕѕ` (Cyrillic ѕ), `Βoss`
// (Greek Β) and `Ƅoss` all read as "boss". Unicode's confusable skeleton (UTS #39 §4) maps each
// character to the prototype it can be mistaken for; two names with one skeleton are
// confusable. The server compares new names by it (signing up, renaming, MUSE_ADMINS). Only
// the server imports this file: the table is 90 KB and the client has no use for it.

let prototypes: Map<number, string> | undefined;

function prototypesOf(): Map<number, string> {
  if (!prototypes) {
    prototypes = new Map();
    for (const entry of CONFUSABLES.split(',')) {
      const [source = '', target = ''] = entry.split(':');
      const chars = target.split('.').map((hex) => String.fromCodePoint(Number.parseInt(hex, 16)));
      prototypes.set(Number.parseInt(source, 16), chars.join(''));
    }
  }
  return prototypes;
}

/** UTS #39's skeleton: NFD, each character replaced by its prototype, NFD again. */
export function skeleton(text: string): string {
  const map = prototypesOf();
  let out = '';
  for (const char of text.normalize('NFD')) out += map.get(char.codePointAt(0) ?? 0) ?? char;
  return out.normalize('NFD');
}

/**
 * The key look-alike names share: the skeleton of the name as shown (so `Βoss` with a capital
 * Greek beta meets `Boss`), then compared like names are (NFKC, no invisible characters, case
 * folded: nameKey). Folding after the skeleton joins a little more than the eye would (`ILYA`
 * and `LLYA`, as `I` looks like `l`): a refusal too many costs a name, one too few an identity.
 */
export function nameSkeleton(name: string): string {
  return nameKey(skeleton(name.normalize('NFKC')));
}
