import type {
  ImportPreviewResponse,
  ImportResponse,
  ImportSummary,
  MarkdownExportRequest,
} from '#shared/api/transfer.ts';
import { ApiError } from './post-json.ts';

async function send(url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', credentials: 'same-origin', ...init });
  } catch (error) {
    throw new ApiError(0, error instanceof Error ? error.message : 'Network error');
  }
  if (!response.ok) {
    const data = (await response.json().catch(() => ({}))) as { error?: string };
    throw new ApiError(response.status, data.error ?? response.statusText);
  }
  return response;
}

/**
 * Every answer as Markdown, one file each, in a zip (/api/user/export/markdown); each file is
 * named by the day it was written in `timeZone`, the person's own.
 */
export async function fetchMarkdownExport(timeZone: string): Promise<Blob> {
  const request: MarkdownExportRequest = { timeZone };
  return (
    await send('/api/user/export/markdown', {
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
    })
  ).blob();
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
  const url = `/api/user/import${step === 'preview' ? '/preview' : ''}?timeZone=${encodeURIComponent(timeZone)}`;
  const data = (await (await send(url, { body })).json()) as ImportPreviewResponse & ImportResponse;
  return step === 'preview' ? data.preview : data.imported;
}
