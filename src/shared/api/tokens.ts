import { z } from 'zod';
import { idSchema } from './common.ts';

// Bearer tokens for clients other than this web app: the iOS app, scripts (issue 17 A).

/** A device asks for a token with the account's name (or e-mail) and password. */
export const tokenRequest = z.object({
  user: z.object({
    /** A name or an e-mail. */
    name: z.string().trim().min(1, 'Please enter your name or email').max(254),
    password: z.string().min(1, 'Please enter your password').max(1024),
  }),
  /** What the device is called in Settings → Devices, e.g. "Ana's iPhone". */
  label: z.string().trim().min(1, 'Please name this device').max(80, 'At most 80 characters'),
});

export const revokeTokenRequest = z.object({ id: idSchema });

/** One signed-in device as Settings lists it; the token itself is never shown again. */
export const deviceTokenSchema = z.object({
  id: z.string(),
  label: z.string(),
  created: z.string(),
  lastUsed: z.string().nullable(),
  /** The token this very request came with. */
  current: z.boolean(),
});
z.globalRegistry.add(deviceTokenSchema, { id: 'DeviceToken' });
export type DeviceToken = z.infer<typeof deviceTokenSchema>;

export const tokenResponse = z.object({ token: z.string(), id: z.string() });
export const tokensResponse = z.object({ tokens: z.array(deviceTokenSchema) });
