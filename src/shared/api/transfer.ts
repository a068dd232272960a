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
