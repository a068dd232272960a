/**
 * SPEC §5 "First letter capitalised as typed" (names, e-mails, prompt and answer text).
 * Upper-cases the character at index 0 when it is a lowercase letter in any script
 * ('über' → 'Über'); everything else is left as typed. Text starting with whitespace is left
 * alone: the user is mid-edit, and moving their first letter under them would surprise.
 * A letter whose capital is more than one character ('ß' → 'SS') is kept, so the text never
 * changes length under the caret.
 */
export function capitaliseFirst(text: string): string {
  const first = text.codePointAt(0);
  if (first === undefined) return text;
  const char = String.fromCodePoint(first);
  if (!/^\p{Ll}$/u.test(char)) return text;
  const upper = char.toUpperCase();
  if ([...upper].length !== 1) return text;
  return upper + text.slice(char.length);
}
