// An entry encrypted on its writer's device (docs/ENCRYPTION.md): `e1.<iv>.<ciphertext>`, both
// base64url, the IV 12 bytes (16 characters) and the ciphertext at least its 16-byte tag. The
// server checks only this shape; it never holds the key that opens one.

const SEALED_ENTRY = /^e1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22,}$/;

/** Whether `text` has the shape of an encrypted entry of a version Müse knows. */
export function isSealedEntry(text: string): boolean {
  return SEALED_ENTRY.test(text);
}

/**
 * The longest encrypted entry the server keeps, in characters: the longest text in the worst
 * case (four UTF-8 bytes a character, JSON escapes aside) and its tags, in base64url.
 */
export const MAX_SEALED_ENTRY = 300_000;
