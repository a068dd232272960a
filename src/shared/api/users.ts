import { z } from 'zod';
import { MAX_NAME, MIN_PASSWORD_LENGTH } from '../domain/limits.ts';
import { hasInvisibleCharacters } from '../domain/names.ts';
import { isValidEmail } from '../domain/validation-messages.ts';
import { dayFields, idSchema } from './common.ts';

// Request schemas for identity, accounts and the user's own record (SPEC §7).

export const userNameSchema = z
  .string()
  .trim()
  .min(1, 'Please enter your name')
  .max(MAX_NAME, `Names are at most ${MAX_NAME} characters`)
  // An '@' would make "name or e-mail" at login ambiguous.
  .refine((name) => !name.includes('@'), 'Names cannot contain @')
  // A name that looks like another one (zero-width spaces, bidi controls) is an impersonation.
  .refine((name) => !hasInvisibleCharacters(name), 'Names cannot contain invisible characters');

export const emailSchema = z
  .string()
  .trim()
  .max(254, 'That e-mail is too long')
  .refine((email) => isValidEmail(email), 'Please enter your valid email');

export const passwordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Passwords are at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(1024, 'That password is too long');

/** Optional on calls where the spec sends the day but the server can do without it. */
const optionalDay = {
  year: dayFields.year.optional(),
  month: dayFields.month.optional(),
  day: dayFields.day.optional(),
};

/**
 * A random marker the browser keeps in localStorage and sends when it creates an anonymous user
 * and when it signs up or logs in: the server merges anonymous work into an account only when
 * the marker matches the one the anonymous user was created with, so a session cookie planted
 * from elsewhere never imports someone else's answers (issue 13 point 10).
 */
const markerSchema = (whenMissing?: string) =>
  z
    .string(
      whenMissing
        ? { error: (issue) => (issue.input === undefined ? whenMissing : undefined) }
        : {},
    )
    .min(16)
    .max(128)
    .regex(/^[A-Za-z0-9_-]+$/, 'may hold only letters, digits, - and _');

export const deviceMarkerSchema = markerSchema();

export const createUserRequest = z.object({
  user: z.object({ _id: idSchema }),
  // Required here (issue 34 point 11): an anonymous user made without one could be planted in
  // someone's browser and merged at their login. Users from before markers have none stored.
  device: markerSchema('A new user needs this device’s marker (device)'),
  ...optionalDay,
});

export const signupRequest = z.object({
  user: z.object({
    _id: idSchema.optional(),
    name: userNameSchema,
    email: emailSchema,
    password: passwordSchema,
  }),
  device: deviceMarkerSchema.optional(),
  ...optionalDay,
});

export const loginRequest = z.object({
  user: z.object({
    /** A name or an e-mail. */
    name: z.string().trim().min(1, 'Please enter your name or email').max(254),
    password: z.string().min(1, 'Please enter your password').max(1024),
    _id: idSchema.optional(),
  }),
  device: deviceMarkerSchema.optional(),
  ...optionalDay,
});

export const deleteAccountRequest = z.object({ password: z.string().max(1024).optional() });

export const ownUserRequest = z.object({ _id: idSchema.optional() });

export const updateUserRequest = z.object({
  user: z.object({
    _id: idSchema.optional(),
    name: userNameSchema.optional(),
    email: emailSchema.optional(),
  }),
});

export const codeRequest = z.object({
  _id: idSchema.optional(),
  /** Four digits sets the passcode; null or '' clears it. */
  code: z.union([
    z.string().regex(/^\d{4}$/, 'The passcode is exactly 4 digits'),
    z.literal(''),
    z.null(),
  ]),
  /**
   * Changing or removing a passcode that is set: the current passcode (4 digits) or the
   * account's password (issue 34 point 4). Not needed to set a first one.
   */
  current: z.string().max(1024).optional(),
});

/** "Forgot passcode?" after a fresh password login: removes the passcode without it. */
export const forgetPasscodeRequest = z.object({ _id: idSchema.optional() });

/** Pictures come from our own upload endpoint (a path under /media/) or an https bucket URL. */
export const pictureUrlSchema = z
  .string()
  .max(2048)
  .refine(
    (url) =>
      /^\/media\/pictures\/[A-Za-z0-9_-]+\.webp$/.test(url) || /^https:\/\/[^\s"'<>]+$/.test(url),
    'That is not a picture URL of ours',
  );

export const profilePictureRequest = z.object({
  _id: idSchema.optional(),
  profilePicture: pictureUrlSchema,
});

/** The picture just uploaded (/api/user/picture); /api/user/profilePicture then sets it. */
export const pictureUploadResponse = z.object({ profilePicture: z.string() });

export const streakRequest = z.object({
  user: z.object({ _id: idSchema.optional() }).optional(),
  ...dayFields,
});

export const resetRequest = z.object({ user_id: idSchema.optional(), ...dayFields });

/** PBKDF2-SHA256 over the code's UTF-8 bytes; salt and hash are base64. */
export const passcodeLockSchema = z.object({
  algorithm: z.literal('PBKDF2-SHA256'),
  iterations: z.number(),
  salt: z.string(),
  hash: z.string(),
});
z.globalRegistry.add(passcodeLockSchema, { id: 'PasscodeLock' });
export type PasscodeLock = z.infer<typeof passcodeLockSchema>;

/** The caller's own record, as the server sends it (never a password hash). */
export const ownUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  profilePicture: z.string(),
  created: z.array(z.string()),
  answered: z.array(z.string()),
  started: z.string(),
  streak: z.number(),
  longestStreak: z.number(),
  score: z.number(),
  last: z.string().nullable(),
  categories: z.array(z.string()),
  /** SPEC's `code`: only how to check the passcode on the device, never the code (decision 014). */
  code: passcodeLockSchema.nullable(),
  old_id: z.string(),
  /** Whether this account's private entries are encrypted on its devices (docs/ENCRYPTION.md). */
  encryption: z.boolean(),
});
z.globalRegistry.add(ownUserSchema, { id: 'User' });
export type OwnUser = z.infer<typeof ownUserSchema>;

export const userResponse = z.object({ user: ownUserSchema });
/** Sign-up on a server without e-mail: the account's recovery codes come along, once. */
export const signupResponse = userResponse.extend({
  recoveryCodes: z.array(z.string()).optional(),
});
