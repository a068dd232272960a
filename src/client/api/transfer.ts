import type { ImportSummary } from '#shared/api/transfer.ts';
import { api } from './call.ts';

/**
 * Every answer as Markdown, one file each, in a zip (/api/user/export/markdown); each file is
 * named by the day it was written in `timeZone`, the person's own.
 */
export function fetchMarkdownExport(timeZone: string): Promise<Blob> {
  return api('/api/user/export/markdown', { timeZone });
}

/**
 * Sends an export file to preview what it would add (`preview`), or to import it (`import`).
 * The file is sent again on confirm, so nothing waits on the server between the two.
 */
export async function uploadImport(
  file: File,
  step: 'preview' | 'import',
  timeZone: string,
): Promise<ImportSummary> {
  const body = new FormData();
  body.append('file', file, file.name);
  if (step === 'preview') {
    return (await api('/api/user/import/preview', body, { query: { timeZone } })).preview;
  }
  return (await api('/api/user/import', body, { query: { timeZone } })).imported;
}
