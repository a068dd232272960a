import { z } from 'zod';

// The key bundle of an account whose private entries are encrypted on its devices
// (docs/ENCRYPTION.md): the data key wrapped by the password, by the recovery key and by each
// passkey added. The server keeps it for the person's other devices and cannot open it.

const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'is not base64url');

/** 16 bytes of salt, a 12-byte IV, the 32-byte key with its 16-byte tag. */
const wrapFields = {
  salt: base64url(22, 22),
  iv: base64url(16, 16),
  key: base64url(64, 64),
};

/** The most passkeys a bundle holds. */
export const PASSKEY_LIMIT = 10;

/**
 * A passkey's wrap: its raw id (16 to 1,023 bytes in WebAuthn), the 32-byte PRF input, and
 * when it was added. The server never opens it: the passkey is a key source on the device only.
 */
const passkeyWrap = z.object({
  kdf: z.literal('WebAuthn-PRF+HKDF-SHA256'),
  credential: base64url(22, 1364),
  prf: base64url(43, 43),
  ...wrapFields,
  added: z.iso.datetime(),
});

export const keyBundleSchema = z.object({
  v: z.literal(1),
  password: z.object({
    kdf: z.literal('PBKDF2-SHA256'),
    iterations: z.number().int().min(600_000).max(10_000_000),
    ...wrapFields,
  }),
  recovery: z.object({ kdf: z.literal('HKDF-SHA256'), ...wrapFields }),
  passkeys: z.array(passkeyWrap).max(PASSKEY_LIMIT).optional(),
});
z.globalRegistry.add(keyBundleSchema, { id: 'KeyBundle' });
export type KeyBundle = z.infer<typeof keyBundleSchema>;

export const encryptionResponse = z.object({
  /** Null while the account's entries are not encrypted. */
  bundle: keyBundleSchema.nullable(),
});

export const setEncryptionRequest = z.object({
  /** The new bundle; null turns encryption off, once no entry is encrypted any more. */
  bundle: keyBundleSchema.nullable(),
  /** The account's password: a stolen session must not put its own key in place. */
  password: z.string().min(1).max(200),
  /**
   * With `bundle: null`: deletes every encrypted entry first, for a person who lost both the
   * password the key was wrapped with and the recovery key (nobody can open them any more).
   */
  forfeit: z.boolean().optional(),
});
