import { z } from 'zod';
import { isTimeZone } from '../domain/zoned-day.ts';
import { answerSchema } from './answers.ts';
import { photoSchema } from './photos.ts';
import { promptViewSchema } from './prompts.ts';
import { ownUserSchema } from './users.ts';

// Issue 17 B: your words leave with you and come in with you (decision 021).

/** Where an import came from, as the server recognised it. */
export const IMPORT_FORMATS = ['muse-json', 'day-one', 'markdown'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** Kinds of things an import cannot bring over yet (photo-only: a Day One entry of only photos). */
export const LEFT_KINDS = ['locations', 'weather', 'photos', 'photoOnly'] as const;
export type LeftKind = (typeof LEFT_KINDS)[number];

/**
 * What an import would do (preview) or did (import): entries that are (or were) added, their
 * date range as 'YYYY-MM-DD', and what was skipped and why (grouped by reason: "already
 * imported", "no text", …). Nothing else about the file.
 */
export const importSummarySchema = z.object({
  format: z.enum(IMPORT_FORMATS),
  entries: z.number(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  skipped: z.array(z.object({ reason: z.string(), count: z.number() })),
  /**
   * What the file holds that Müse cannot keep yet, by kind (issue 35 point 4): Day One's tags,
   * stars, locations, weather and photos, and its photo-only entries. Empty when nothing.
   */
  notBroughtOver: z.array(z.object({ kind: z.enum(LEFT_KINDS), count: z.number() })),
});
z.globalRegistry.add(importSummarySchema, { id: 'ImportSummary' });
export type ImportSummary = z.infer<typeof importSummarySchema>;

/** The person's time zone (the browser's), which decides the day an entry falls on; UTC when absent. */
export const importQuery = z.object({
  timeZone: z
    .string({ error: 'is not a time zone' })
    .max(64, 'is not a time zone')
    .refine(isTimeZone, 'is not a time zone')
    .optional(),
});

export const importPreviewResponse = z.object({ preview: importSummarySchema });

export const importResponse = z.object({ imported: importSummarySchema });

export { MAX_IMPORT_BYTES, MAX_IMPORT_ENTRIES } from '../domain/limits.ts';

/** "Your data" (/api/user/export): everything the server keeps about the caller, as JSON. */
export const userExportResponse = z.object({
  exported: z.string(),
  user: ownUserSchema,
  answers: z.array(answerSchema),
  prompts: z.array(promptViewSchema),
  /** The answers the caller loves and flagged, and when. */
  loved: z.array(z.object({ answer_id: z.string(), at: z.string() })),
  flagged: z.array(z.object({ answer_id: z.string(), at: z.string() })),
  /** Every picture the server keeps from the caller, set or only uploaded. */
  pictures: z.array(z.object({ url: z.string(), uploaded: z.string() })),
  /**
   * The photos of the caller's entries (decision 062), entry by entry in order: where each is
   * read (its owner's session opens it) and its size. The Markdown export carries the files.
   */
  photos: z.array(photoSchema).optional(),
});

/** The person's time zone (from the browser): it decides the day each file is named by. */
export const markdownExportRequest = z.object({
  timeZone: z.string().max(64).refine(isTimeZone, 'is not a time zone').optional(),
});
