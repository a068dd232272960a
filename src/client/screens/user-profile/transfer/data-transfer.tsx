import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '#client/api/call.ts';
import { fetchMarkdownExport, uploadImport } from '#client/api/transfer.ts';
import { DownloadIcon } from '#client/components/icons.tsx';
import { SIGN_IN_AGAIN, TRY_AGAIN } from '#client/state/account/account-rules.ts';
import { loadAnswers, loadUser } from '#client/state/account/loads.ts';
import { JournalLockedError } from '#client/state/answers/answer-codec.ts';
import { reportSessionLost } from '#client/state/session-lost.ts';
import { getState } from '#client/state/store/app-store.ts';
import { showStatus } from '#client/state/store/status.ts';
import type { ImportSummary } from '#shared/api/transfer.ts';
import { dayKey, todayOf } from '#shared/domain/calendar-day.ts';
import { MESSAGES } from '#shared/domain/validation-messages.ts';
import { markdownZipOnDevice } from './device-export.ts';
import { uploadableFile } from './markdown-zip.ts';
import { ImportUnreadable } from './read-on-device.ts';
import { addImportedPhotos, type PhotosToAdd, photoCount, sealImport } from './sealed-import.ts';
import {
  addingPhotosLine,
  browserTimeZone,
  importedLine,
  notBroughtOverLine,
  previewLine,
  sealedPhotosLine,
  skipLines,
} from './transfer-rules.ts';
import './data-transfer.css';
import { saveFile } from '#client/save-file.ts';

function problem(error: unknown): string {
  // A file this device read and could not import says why, as the server's refusals do.
  if (error instanceof JournalLockedError || error instanceof ImportUnreadable)
    return error.message;
  const status = error instanceof ApiError ? error.status : null;
  if (status === 0) return MESSAGES.noConnection;
  if (status === 401) {
    reportSessionLost();
    return SIGN_IN_AGAIN;
  }
  // 400/413/429 carry a sentence meant for the person ("The zip looks like a zip bomb…",
  // "Nothing was imported: … Try again in 20 minutes.").
  if (error instanceof ApiError && status !== null && status >= 400 && status < 500) {
    return error.message;
  }
  return TRY_AGAIN;
}

type Step =
  | { kind: 'idle' }
  | { kind: 'reading'; label: string }
  /** `problem`: why the import just refused changed nothing; the file and preview stay. */
  /** `photos`: an encrypted journal's, sealed and sent after the import (sealed-import.ts). */
  | {
      kind: 'preview';
      file: File;
      summary: ImportSummary;
      photos?: PhotosToAdd[];
      problem?: string;
    }
  | { kind: 'importing'; file: File; summary: ImportSummary; photos?: PhotosToAdd[] }
  /** `photos`: how many photos of the import the photo queue is adding. */
  | { kind: 'done'; summary: ImportSummary; photos?: number }
  | { kind: 'failed'; message: string };

/**
 * Issue 17 B, loaded only with the profile's "Your data" (a lazy chunk): the Markdown export
 * beside the JSON one, and an import that shows what it would do before it does it.
 */
export default function DataTransfer() {
  const [exporting, setExporting] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const inputRef = useRef<HTMLInputElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  /** Set when a fresh preview arrives: its heading then takes focus and comes into view. */
  const focusPreview = useRef(false);
  const ids = { input: useId(), folder: useId(), hint: useId(), title: useId() };
  const busy = step.kind === 'reading' || step.kind === 'importing';

  useEffect(() => {
    if (step.kind !== 'preview' || !focusPreview.current) return;
    focusPreview.current = false;
    const heading = titleRef.current;
    // Below the fold on a phone: brought into view and focused, so a screen reader starts there.
    heading?.focus({ preventScroll: true });
    heading?.closest('section')?.scrollIntoView({ block: 'nearest' });
  }, [step]);

  const onExportMarkdown = async () => {
    if (exporting) return;
    setExporting(true);
    try {
      // An encrypted journal's words are only readable here: its zip is built on this device.
      const zip = getState().user.encryption
        ? await markdownZipOnDevice(browserTimeZone())
        : await fetchMarkdownExport(browserTimeZone());
      saveFile(`muse-answers-${dayKey(todayOf(new Date()))}.zip`, zip);
    } catch (error) {
      showStatus(problem(error), true);
    } finally {
      setExporting(false);
    }
  };

  const onChoose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    if (chosen.length === 0 || busy) return;
    // One export as it is; several Markdown files, or a folder of them, as one zip.
    const upload = await uploadableFile(chosen).catch(() => ({ problem: TRY_AGAIN }));
    if ('problem' in upload) {
      setStep({ kind: 'failed', message: upload.problem });
      return;
    }
    const { file, label } = upload;
    setStep({ kind: 'reading', label });
    try {
      // An encrypted journal takes entries encrypted here: the file to import is made of them.
      const next = getState().user.encryption
        ? await sealImport(file, browserTimeZone())
        : { file, summary: await uploadImport(file, 'preview', browserTimeZone()) };
      focusPreview.current = true;
      setStep({ kind: 'preview', ...next });
    } catch (error) {
      setStep({ kind: 'failed', message: problem(error) });
    }
  };

  const onConfirm = async () => {
    if (step.kind !== 'preview') return;
    const { file, summary: previewed, photos } = step;
    setStep({ kind: 'importing', file, summary: previewed, photos });
    try {
      const summary = await uploadImport(file, 'import', browserTimeZone());
      setStep({ kind: 'done', summary });
      await Promise.all([loadAnswers(), loadUser()]);
      const added = await addImportedPhotos(photos ?? []);
      if (added > 0) setStep({ kind: 'done', summary, photos: added });
    } catch (error) {
      // An import is all or nothing: refused, nothing was written, so the preview stays and
      // Import can be pressed again later (after a 429's wait, say).
      setStep({ kind: 'preview', file, summary: previewed, photos, problem: problem(error) });
    }
  };

  const summary = 'summary' in step ? step.summary : null;
  const leftLine = summary ? notBroughtOverLine(summary) : null;
  const photosLine =
    step.kind === 'done'
      ? step.photos && addingPhotosLine(step.photos)
      : 'photos' in step && step.photos && sealedPhotosLine(photoCount(step.photos));
  return (
    <>
      <div className="profile-buttons">
        <button
          type="button"
          className="button button-quiet"
          aria-busy={exporting}
          onClick={() => void onExportMarkdown()}
        >
          <DownloadIcon />
          Export as Markdown (zip)
        </button>
        <input
          ref={inputRef}
          id={ids.input}
          type="file"
          accept=".json,.zip,.md,.markdown,application/json,application/zip,text/markdown"
          multiple
          className="profile-file-input"
          aria-describedby={ids.hint}
          disabled={busy}
          onChange={(event) => void onChoose(event)}
        />
        <label htmlFor={ids.input} className="button button-quiet profile-file-label">
          Import answers…
        </label>
        <input
          id={ids.folder}
          type="file"
          // A folder of Markdown notes (every browser Müse supports takes this attribute).
          {...{ webkitdirectory: '' }}
          className="profile-file-input"
          aria-describedby={ids.hint}
          disabled={busy}
          onChange={(event) => void onChoose(event)}
        />
        <label htmlFor={ids.folder} className="button button-quiet profile-file-label">
          Import a folder…
        </label>
      </div>
      <p id={ids.hint} className="transfer-hint">
        From a Müse export (.json), a Day One export (.zip), or Markdown files: several .md files, a
        folder of them or a zip. You see what will be added before anything is.
      </p>
      <div className="transfer-result" role="status" aria-live="polite">
        {step.kind === 'reading' ? <p>Reading {step.label}…</p> : null}
        {step.kind === 'failed' ? <p className="form-error">{step.message}</p> : null}
        {summary ? (
          <section className="card transfer-card" aria-labelledby={ids.title}>
            <h3 id={ids.title} ref={titleRef} tabIndex={-1} className="transfer-title">
              {step.kind === 'done' ? 'Import finished' : 'Ready to import'}
            </h3>
            <p>{step.kind === 'done' ? importedLine(summary) : previewLine(summary)}</p>
            {step.kind === 'preview' && step.problem ? (
              <p className="form-error">{step.problem}</p>
            ) : null}
            {summary.skipped.length > 0 ? (
              <ul className="transfer-skips">
                {skipLines(summary).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : null}
            {leftLine ? <p className="transfer-left">{leftLine}</p> : null}
            {photosLine ? <p className="transfer-left">{photosLine}</p> : null}
            {step.kind === 'preview' || step.kind === 'importing' ? (
              <div className="profile-buttons">
                <button
                  type="button"
                  className="button"
                  aria-disabled={summary.entries === 0 || step.kind === 'importing'}
                  aria-busy={step.kind === 'importing'}
                  onClick={() => (summary.entries > 0 ? void onConfirm() : undefined)}
                >
                  {summary.entries === 1 ? 'Import 1 entry' : `Import ${summary.entries} entries`}
                </button>
                <button
                  type="button"
                  className="button button-quiet"
                  disabled={step.kind === 'importing'}
                  onClick={() => {
                    setStep({ kind: 'idle' });
                    inputRef.current?.focus();
                  }}
                >
                  Cancel
                </button>
              </div>
            ) : null}
          </section>
        ) : null}
      </div>
    </>
  );
}
