import { z } from 'zod';
import { isValidDay } from '../domain/calendar-day.ts';
import { dayFields, daySchema, idSchema, MAX_PROMPT_TITLE } from './common.ts';

// Request schemas and response types for prompts and today's prompt (SPEC §3 Prompt, §4, §7).

export const PROMPT_STATUSES = ['submitted', 'approved', 'rejected'] as const;
export type PromptStatus = (typeof PROMPT_STATUSES)[number];

/** SPEC §9: the default prompt type. */
export const DEFAULT_PROMPT_TYPE = 'paragraph';

/**
 * A prompt as the client sends it. Clients send whole objects, so `user_name`, `created` and
 * `status` are stripped: the server decides them. A missing title or category list defaults to
 * empty so that the server answers with SPEC §5's own messages ('Please add a prompt', 'Please
 * select some categories') rather than a schema error.
 */
export const promptInputSchema = z.object({
  _id: idSchema,
  title: z
    .string()
    .trim()
    .max(MAX_PROMPT_TITLE, `A prompt is at most ${MAX_PROMPT_TITLE} characters`)
    .default(''),
  categories: z
    .array(z.string().trim().min(1, 'is empty').max(40, 'is too long'))
    .max(20, 'has too many categories')
    .default([]),
  type: z.string().trim().max(20, 'is too long').nullish(),
  /** The author: when present on create it must be the caller; never changes an author. */
  user_id: z.string().max(64).nullish(),
});
z.globalRegistry.add(promptInputSchema, { id: 'PromptInput' });

export const createPromptRequest = z.object({ prompt: promptInputSchema });
export const savePromptRequest = z.object({ prompt: promptInputSchema });
/** delete, approve and reject. */
export const promptIdRequest = z.object({ prompt_id: idSchema });
export const userPromptsRequest = z.object({ _id: z.string().max(64).nullish() });

export const todayPromptRequest = daySchema;
export const todayPromptUpdateRequest = z
  .object({ prompt_id: idSchema, ...dayFields })
  .refine((d) => isValidDay(d), { message: 'is not a real calendar day' });

/** Parsed shapes (defaults applied), for the server. */
export type PromptInput = z.output<typeof promptInputSchema>;

/** A prompt as it leaves the server: the author is shown by id and current name only. */
export const promptViewSchema = z.object({
  _id: z.string(),
  /** null for the seeded library. */
  user_id: z.string().nullable(),
  /** The author's current name; '' for the seeded library. */
  user_name: z.string(),
  created: z.string(),
  title: z.string(),
  type: z.string(),
  categories: z.array(z.string()),
  status: z.enum(PROMPT_STATUSES),
});
z.globalRegistry.add(promptViewSchema, { id: 'Prompt' });
export type PromptView = z.infer<typeof promptViewSchema>;

/** create, save, approve, reject, admin create. */
export const promptResponse = z.object({ prompt: promptViewSchema });
/** approved, user, submitted. */
export const promptsResponse = z.object({ prompts: z.array(promptViewSchema) });
/** The category names prompts may carry. */
export const categoriesResponse = z.object({ categories: z.array(z.string()) });
/** today and today/update: the prompt that stands for that day. */
export const todayPromptResponse = z.object({ prompt_id: z.string() });
