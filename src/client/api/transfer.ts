import type { ImportSummary } from '#shared/api/transfer.ts';
import { ApiError, api } from './call.ts';

/**
 * Every answer as Markdown, one file each, in a zip (/api/user/export/markdown); each file is
 * named by the day it was written in `timeZone`, the person's own.
 */
export function fetchMarkdownExport(timeZone: string): Promise<Blob> {
  return api('/api/user/export/markdown', { timeZone });
}

const fileBody = (file: File) => {
  const body = new FormData();
  body.append('file', file, file.name);
  return body;
};

/**
 * Sends an export file to preview what it would add (`preview`), or to import it (`import`).
 * The file is sent again on confirm, so nothing waits on the server between the two.
 */
export async function uploadImport(
  file: File,
  step: 'preview' | 'import',
  timeZone: string,
): Promise<ImportSummary> {
  const body = fileBody(file);
  if (step === 'preview') {
    return (await api('/api/user/import/preview', body, { query: { timeZone } })).preview;
  }
  return (await api('/api/user/import', body, { query: { timeZone } })).imported;
}

/** A photo's bytes (/api/answer/photo/{id}, its owner's only), for an export made here. */
export async function fetchPhotoBytes(url: string): Promise<Uint8Array<ArrayBuffer>> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch (error) {
    throw new ApiError(0, error instanceof Error ? error.message : 'Network error');
  }
  if (!response.ok) throw new ApiError(response.status, response.statusText);
  return new Uint8Array(await response.arrayBuffer());
}
