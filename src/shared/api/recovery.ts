import { z } from 'zod';
import { keyBundleSchema } from './encryption.ts';
import { passwordSchema } from './users.ts';

// Ways back into an account (decision 014): a reset link by e-mail when the server can send
// mail, else recovery codes; and removing a forgotten passcode after a password login.

/** A name or an e-mail, as at login. */
const accountNameSchema = z
  .string()
  .trim()
  .min(1, 'Please enter your name or email')
  .max(254, 'That name or e-mail is too long');

export const forgotPasswordRequest = z.object({ name: accountNameSchema });

/** The token from the link: 32 random bytes, base64url. */
export const resetPasswordRequest = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'This reset link is not complete: open it from the e-mail'),
  password: passwordSchema,
});

export const recoverWithCodeRequest = z.object({
  name: accountNameSchema,
  code: z.string().trim().min(1, 'Please enter a recovery code').max(40, 'That code is too long'),
  password: passwordSchema,
});

export const regenerateRecoveryCodesRequest = z.object({
  password: z.string().min(1, 'Please enter your password').max(1024),
});

/** A signed-in person changes their password: the current one, then the new one. */
export const changePasswordRequest = z.object({
  password: z.string().min(1, 'Please enter your current password').max(1024),
  newPassword: passwordSchema,
  /**
   * For an account whose entries are encrypted: its key bundle with the data key wrapped by the
   * new password (docs/ENCRYPTION.md). Required then, so the password and the key that opens
   * the journal never disagree.
   */
  bundle: keyBundleSchema.optional(),
});

/** Which way back in this server offers. */
export const recoveryMethodsResponse = z.object({ email: z.boolean() });

/** Shown once: only their hashes are kept. */
export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });

export const RECOVERY_CODE_COUNT = 8;
/** No 0/o or 1/l to confuse: 32 symbols, 5 bits each, 10 per code (50 bits). */
export const RECOVERY_CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** What a typed recovery code is compared as: lower case, without spaces or dashes. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}
