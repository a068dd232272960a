import { z } from 'zod';

// Issue 17 C: a daily reminder to write, per device (decision 021's sibling, see README).

export const reminderTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'is not a time');
export const reminderDaysSchema = z
  .array(z.number().int().min(0).max(6))
  .min(1, 'needs at least one day')
  .max(7)
  .refine((days) => new Set(days).size === days.length, 'has a day twice');
export const timeZoneSchema = z.string().min(1).max(64);

export const pushSubscriptionSchema = z.object({
  endpoint: z.string().url().max(2048),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
z.globalRegistry.add(pushSubscriptionSchema, { id: 'PushSubscription' });

export const subscribeRequest = z.object({
  subscription: pushSubscriptionSchema,
  time: reminderTimeSchema,
  days: reminderDaysSchema,
  timeZone: timeZoneSchema,
});
export const unsubscribeRequest = z.object({ endpoint: z.string().url().max(2048) });

export type SubscribeRequest = z.output<typeof subscribeRequest>;

export const reminderKeyResponse = z.object({ publicKey: z.string() });
export const reminderSchema = z.object({
  endpoint: z.string(),
  time: z.string(),
  days: z.array(z.number()),
  timeZone: z.string(),
});
z.globalRegistry.add(reminderSchema, { id: 'Reminder' });
export type Reminder = z.infer<typeof reminderSchema>;
export const reminderResponse = z.object({ reminder: reminderSchema });

/** What the service worker shows: a title, a line and where a tap goes. */
export type ReminderPush = { title: string; body: string; url: string };
