import { randomBytes } from 'node:crypto';
import type { KeyBundle } from '#shared/api/encryption.ts';

// A key bundle of the right shape (docs/ENCRYPTION.md) for server tests: random bytes, since the
// server never opens one. src/client/encryption builds and opens real ones.

const b64 = (bytes: number) => randomBytes(bytes).toString('base64url');

export function keyBundle(): KeyBundle {
  return {
    v: 1,
    password: {
      kdf: 'PBKDF2-SHA256',
      iterations: 600_000,
      salt: b64(16),
      iv: b64(12),
      key: b64(48),
    },
    recovery: { kdf: 'HKDF-SHA256', salt: b64(16), iv: b64(12), key: b64(48) },
  };
}

/** A passkey's wrap of the right shape (docs/ENCRYPTION.md *Keys*), a raw id of `idBytes`. */
export function passkeyWrap(idBytes = 32): NonNullable<KeyBundle['passkeys']>[number] {
  return {
    kdf: 'WebAuthn-PRF+HKDF-SHA256',
    credential: b64(idBytes),
    prf: b64(32),
    salt: b64(16),
    iv: b64(12),
    key: b64(48),
    added: new Date().toISOString(),
  };
}

/** An encrypted entry's shape: `e1.<iv>.<ciphertext>` of `bytes` random bytes. */
export function sealedEntry(bytes = 64): string {
  return `e1.${b64(12)}.${b64(bytes)}`;
}
