import { z } from 'zod';
import { isTimeZone } from '../domain/zoned-day.ts';

// Issue 17 B: your words leave with you and come in with you (decision 021).

/** Where an import came from, as the server recognised it. */
export type ImportFormat = 'muse-json' | 'day-one' | 'markdown';

/** Entries not imported, grouped by reason ("already imported", "no text", …). */
export type ImportSkip = { reason: string; count: number };

/**
 * What an import would do (preview) or did (import): entries that are (or were) added, their
 * date range as 'YYYY-MM-DD', and what was skipped and why. Nothing else about the file.
 */
export type ImportSummary = {
  format: ImportFormat;
  entries: number;
  from: string | null;
  to: string | null;
  skipped: ImportSkip[];
};

export type ImportPreviewResponse = { preview: ImportSummary };
export type ImportResponse = { imported: ImportSummary };

export { MAX_IMPORT_BYTES } from '../domain/limits.ts';

/** The person's time zone (from the browser): it decides the day each file is named by. */
export const markdownExportRequest = z.object({
  timeZone: z.string().max(64).refine(isTimeZone, 'is not a time zone').optional(),
});
export type MarkdownExportRequest = z.input<typeof markdownExportRequest>;
