import type { PasscodeLock } from '#shared/api/users.ts';

// The lock screen checks a typed passcode on the device (SPEC §8 'local') against the hash the
// server made: PBKDF2-SHA256 over the code's UTF-8 bytes with the stored salt and iterations
// (decision 014). WebCrypto does the work off the main thread's JavaScript.

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Compares without stopping at the first difference. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

export async function passcodeMatches(code: string, lock: PasscodeLock): Promise<boolean> {
  let expected: Uint8Array;
  let salt: Uint8Array<ArrayBuffer>;
  try {
    expected = fromBase64(lock.hash);
    salt = fromBase64(lock.salt);
  } catch {
    return false;
  }
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(code),
    'PBKDF2',
    false,
    ['deriveBits'],
  );
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations: lock.iterations },
    key,
    expected.length * 8,
  );
  return sameBytes(new Uint8Array(bits), expected);
}
