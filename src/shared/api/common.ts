import { z } from 'zod';
import { isValidDay } from '../domain/calendar-day.ts';
import { MAX_NAME } from '../domain/limits.ts';

// Building blocks shared by every call's schema.

/** Client-generated ids: url-safe, bounded. */
export const idSchema = z
  .string()
  .min(1, 'is required')
  .max(64, 'is too long')
  .regex(/^[A-Za-z0-9_-]+$/, 'may hold only letters, digits, - and _');

/** The caller's calendar day (month 1-12): the spec sends `year, month, day` beside the payload. */
export const dayFields = {
  year: z.number().int().min(2000).max(9999),
  month: z.number().int().min(1).max(12),
  day: z.number().int().min(1).max(31),
};

export const daySchema = z
  .object(dayFields)
  .refine((d) => isValidDay(d), { message: 'is not a real calendar day' });

export const categoryNameSchema = z.string().trim().min(1).max(MAX_NAME);
export const categoriesSchema = z.array(categoryNameSchema).max(20);

export { MAX_ANSWER_TEXT, MAX_PROMPT_TITLE } from '../domain/limits.ts';

/** Every error's answer (4xx, 503): a short reason a person can read. */
export const errorResponse = z.object({ error: z.string() }).meta({ id: 'Error' });

/** `{ ok: true }` for calls whose response the spec does not show and that change nothing shown. */
export const okResponse = z.object({ ok: z.literal(true) });

/** For a call that always answers with an error (410 Gone): no 200 answer exists. */
export const goneResponse = z.never();
