import { fromBase64Url, fromCrockford, toBase64Url, toCrockford, utf8 } from './bytes.ts';

// The account's keys (docs/ENCRYPTION.md). One random data key (AES-256-GCM) encrypts the
// entries; the server only ever holds it wrapped: by a key derived from the password
// (PBKDF2-SHA256), separately by the recovery key shown once, and by each passkey's PRF output.
// All of it is WebCrypto, in the browser as in Node, so the format's tests run what a browser
// runs; the passkey's own part (WebAuthn) is passkey-prf.ts.

/** OWASP's current setting for PBKDF2-SHA256, as for the passcode (decision 014). */
export const PASSWORD_ITERATIONS = 600_000;
const SALT_BYTES = 16;
const IV_BYTES = 12;
const KEY_BYTES = 32;

/** The most passkeys a bundle holds (the server's schema says the same). */
export const PASSKEY_LIMIT = 10;

/** What the data key is wrapped with: domain-separates the wraps (AES-GCM's extra data). */
type WrapKind = 'password' | 'recovery' | 'passkey';
const wrapLabel = (kind: WrapKind) => utf8(`muse:key1:${kind}`);

/** The data key wrapped by the password, as kept on the server (all bytes base64url). */
export type PasswordWrap = {
  kdf: 'PBKDF2-SHA256';
  iterations: number;
  salt: string;
  iv: string;
  key: string;
};
/** The data key wrapped by the recovery key. */
export type RecoveryWrap = { kdf: 'HKDF-SHA256'; salt: string; iv: string; key: string };
/**
 * The data key wrapped by a passkey's PRF output for `prf` (WebAuthn's eval.first), the passkey
 * named by `credential` (its raw id); `added` is when, as an ISO time.
 */
export type PasskeyWrap = {
  kdf: 'WebAuthn-PRF+HKDF-SHA256';
  credential: string;
  prf: string;
  salt: string;
  iv: string;
  key: string;
  added: string;
};
type WrappedKey = PasswordWrap | RecoveryWrap | PasskeyWrap;

/** Everything the server keeps of an account's keys: version 1 of the key bundle. */
export type KeyBundle = {
  v: 1;
  password: PasswordWrap;
  recovery: RecoveryWrap;
  passkeys?: PasskeyWrap[] | undefined;
};

/** Thrown when a password or recovery key does not open the bundle (or the bundle was altered). */
export class WrongKeyError extends Error {
  constructor() {
    super('That does not open this journal');
    this.name = 'WrongKeyError';
  }
}

const random = (length: number) => crypto.getRandomValues(new Uint8Array(length));

/** A new data key, extractable only so it can be wrapped. */
export function createDataKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt', 'decrypt']);
}

/** A new recovery key: 32 random bytes, shown as 52 Crockford base32 characters in fours. */
export function createRecoveryKey(): string {
  return toCrockford(random(KEY_BYTES));
}

async function passwordKek(
  password: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', utf8(password), 'PBKDF2', false, [
    'deriveKey',
  ]);
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['wrapKey', 'unwrapKey'],
  );
}

/** A KEK by HKDF-SHA256 from 32 secret bytes (the recovery key's, a passkey's PRF output). */
async function hkdfKek(
  secret: Uint8Array<ArrayBuffer>,
  salt: Uint8Array<ArrayBuffer>,
  info: string,
): Promise<CryptoKey> {
  if (secret.length !== KEY_BYTES) throw new WrongKeyError();
  const material = await crypto.subtle.importKey('raw', secret, 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt, info: utf8(info) },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['wrapKey', 'unwrapKey'],
  );
}

function recoveryKek(recoveryKey: string, salt: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  const raw = fromCrockford(recoveryKey, KEY_BYTES);
  if (!raw) throw new WrongKeyError();
  return hkdfKek(raw, salt, 'muse:recovery1');
}

async function wrap(dataKey: CryptoKey, kek: CryptoKey, kind: WrapKind) {
  const iv = random(IV_BYTES);
  const wrapped = await crypto.subtle.wrapKey('raw', dataKey, kek, {
    name: 'AES-GCM',
    iv,
    additionalData: wrapLabel(kind),
  });
  return { iv: toBase64Url(iv), key: toBase64Url(new Uint8Array(wrapped)) };
}

/**
 * The data key back from one of its wraps. `extractable` only where it will be wrapped again
 * (a new password, a new recovery key); a device keeps it non-extractable.
 */
async function unwrap(
  wrapped: WrappedKey,
  kek: CryptoKey,
  kind: WrapKind,
  extractable: boolean,
): Promise<CryptoKey> {
  try {
    return await crypto.subtle.unwrapKey(
      'raw',
      fromBase64Url(wrapped.key),
      kek,
      { name: 'AES-GCM', iv: fromBase64Url(wrapped.iv), additionalData: wrapLabel(kind) },
      { name: 'AES-GCM', length: 256 },
      extractable,
      ['encrypt', 'decrypt'],
    );
  } catch {
    throw new WrongKeyError();
  }
}

/** The data key wrapped by the password, with a fresh salt. */
export async function wrapWithPassword(
  dataKey: CryptoKey,
  password: string,
  iterations: number = PASSWORD_ITERATIONS,
): Promise<PasswordWrap> {
  const salt = random(SALT_BYTES);
  const kek = await passwordKek(password, salt, iterations);
  return {
    kdf: 'PBKDF2-SHA256',
    iterations,
    salt: toBase64Url(salt),
    ...(await wrap(dataKey, kek, 'password')),
  };
}

/** The data key wrapped by the recovery key, with a fresh salt. */
export async function wrapWithRecoveryKey(
  dataKey: CryptoKey,
  recoveryKey: string,
): Promise<RecoveryWrap> {
  const salt = random(SALT_BYTES);
  const kek = await recoveryKek(recoveryKey, salt);
  return { kdf: 'HKDF-SHA256', salt: toBase64Url(salt), ...(await wrap(dataKey, kek, 'recovery')) };
}

/** A passkey's PRF input (its eval.first): 32 random bytes, base64url, one per passkey. */
export function createPrfInput(): string {
  return toBase64Url(random(KEY_BYTES));
}

/** The data key wrapped by the passkey `credential`'s 32-byte PRF output for `prf`. */
export async function wrapWithPasskey(
  dataKey: CryptoKey,
  passkey: { credential: string; prf: string; output: Uint8Array<ArrayBuffer> },
  added: Date = new Date(),
): Promise<PasskeyWrap> {
  const salt = random(SALT_BYTES);
  const kek = await hkdfKek(passkey.output, salt, 'muse:passkey1');
  return {
    kdf: 'WebAuthn-PRF+HKDF-SHA256',
    credential: passkey.credential,
    prf: passkey.prf,
    salt: toBase64Url(salt),
    ...(await wrap(dataKey, kek, 'passkey')),
    added: added.toISOString(),
  };
}

/**
 * The bundle with the data key wrapped again by `password` (a new password, or the current one
 * after a reset): everything else in it, the passkeys too, wraps the same key and stays.
 */
export async function withPasswordWrap(
  bundle: KeyBundle,
  dataKey: CryptoKey,
  password: string,
): Promise<KeyBundle> {
  return { ...bundle, password: await wrapWithPassword(dataKey, password) };
}

/** Opens the bundle with the password; WrongKeyError when it does not. */
export async function unlockWithPassword(
  bundle: KeyBundle,
  password: string,
  options: { extractable?: boolean } = {},
): Promise<CryptoKey> {
  const wrapped = bundle.password;
  if (wrapped.kdf !== 'PBKDF2-SHA256') throw new WrongKeyError();
  const kek = await passwordKek(password, fromBase64Url(wrapped.salt), wrapped.iterations);
  return unwrap(wrapped, kek, 'password', options.extractable ?? false);
}

/** Opens the bundle with the recovery key; WrongKeyError when it does not. */
export async function unlockWithRecoveryKey(
  bundle: KeyBundle,
  recoveryKey: string,
  options: { extractable?: boolean } = {},
): Promise<CryptoKey> {
  const wrapped = bundle.recovery;
  if (wrapped.kdf !== 'HKDF-SHA256') throw new WrongKeyError();
  const kek = await recoveryKek(recoveryKey, fromBase64Url(wrapped.salt));
  return unwrap(wrapped, kek, 'recovery', options.extractable ?? false);
}

/**
 * Opens the bundle with the PRF output of the passkey whose raw id is `credential` (base64url);
 * WrongKeyError when the bundle has no such passkey or the output does not open its wrap.
 */
export async function unlockWithPasskey(
  bundle: KeyBundle,
  credential: string,
  output: Uint8Array<ArrayBuffer>,
): Promise<CryptoKey> {
  const wrapped = bundle.passkeys?.find((passkey) => passkey.credential === credential);
  if (wrapped?.kdf !== 'WebAuthn-PRF+HKDF-SHA256') throw new WrongKeyError();
  const kek = await hkdfKek(output, fromBase64Url(wrapped.salt), 'muse:passkey1');
  return unwrap(wrapped, kek, 'passkey', false);
}

/** A new account's keys: the data key, its bundle, and the recovery key to show once. */
export async function createKeyBundle(
  password: string,
  iterations: number = PASSWORD_ITERATIONS,
): Promise<{ dataKey: CryptoKey; bundle: KeyBundle; recoveryKey: string }> {
  const dataKey = await createDataKey();
  const recoveryKey = createRecoveryKey();
  const bundle: KeyBundle = {
    v: 1,
    password: await wrapWithPassword(dataKey, password, iterations),
    recovery: await wrapWithRecoveryKey(dataKey, recoveryKey),
  };
  return { dataKey, bundle, recoveryKey };
}
