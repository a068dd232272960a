import { pbkdf2 as pbkdf2Callback, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PasscodeLock } from '#shared/api/users.ts';

// The 4-digit passcode is kept only as PBKDF2-SHA256 (decision 014): the lock screen checks a
// typed code on the device with WebCrypto against the same parameters, so the algorithm is the
// one both `node:crypto` and `crypto.subtle` have. 600,000 iterations is OWASP's setting for
// PBKDF2-SHA256: one guess costs a few hundred milliseconds, all 10,000 codes most of an hour of
// one core instead of a blink.
export const PASSCODE_ITERATIONS = 600_000;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
const SCHEME = 'pbkdf2-sha256';

function pbkdf2(
  code: string,
  salt: Buffer,
  iterations: number,
  length: number = KEY_BYTES,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    pbkdf2Callback(code, salt, iterations, length, 'sha256', (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** 'pbkdf2-sha256$iterations$salt$hash' (base64), with a fresh random salt. */
export async function hashPasscode(
  code: string,
  iterations: number = PASSCODE_ITERATIONS,
): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await pbkdf2(code, salt, iterations);
  return [SCHEME, iterations, salt.toString('base64'), key.toString('base64')].join('$');
}

/** The parameters the owner's device needs to check a code; null for no (or a broken) hash. */
export function passcodeLockOf(stored: string | null): PasscodeLock | null {
  if (!stored) return null;
  const [scheme, iterations, salt, hash] = stored.split('$');
  const count = Number(iterations);
  if (scheme !== SCHEME || !Number.isSafeInteger(count) || count < 1 || !salt || !hash) {
    return null;
  }
  return { algorithm: 'PBKDF2-SHA256', iterations: count, salt, hash };
}

/** More than any hash this server made; a damaged row must not cost minutes of a core. */
const MAX_ITERATIONS = 10 * PASSCODE_ITERATIONS;

/**
 * Whether `code` is the passcode `stored` was made from. The server checks it only when the
 * owner changes or removes the passcode (the lock screen checks on the device); callers count
 * the attempt first, under the login throttle.
 */
export async function passcodeMatchesHash(code: string, stored: string | null): Promise<boolean> {
  const lock = passcodeLockOf(stored);
  if (!lock || lock.iterations > MAX_ITERATIONS) return false;
  const expected = Buffer.from(lock.hash, 'base64');
  if (expected.length < 16) return false;
  const key = await pbkdf2(
    code,
    Buffer.from(lock.salt, 'base64'),
    lock.iterations,
    expected.length,
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}
