import { lazy, Suspense, useId, useState } from 'react';
import { DownloadIcon } from '#client/components/icons.tsx';
import { downloadAnswers } from '#client/download-answers.ts';
import { getState, useAppState } from '#client/state/store/app-store.ts';
import { showStatus } from '#client/state/store/status.ts';
import { downloadExport } from './export-data.ts';

// Markdown export and import (issue 17 B) load only when the profile shows them.
const DataTransfer = lazy(() => import('./transfer/data-transfer.tsx'));

/** "Your data": download the answers, export everything as JSON, Markdown export and import. */
export function ProfileData() {
  const hasAnswers = useAppState((s) => s.answers.length > 0);
  const [exporting, setExporting] = useState(false);
  const dataId = useId();

  const onExport = async () => {
    if (exporting) return;
    setExporting(true);
    const failure = await downloadExport();
    setExporting(false);
    if (failure) showStatus(failure, true);
  };

  return (
    <section aria-labelledby={dataId} className="profile-section">
      <h2 id={dataId} className="profile-section-title">
        Your data
      </h2>
      <div className="profile-buttons">
        {hasAnswers ? (
          <button
            type="button"
            className="button button-quiet"
            onClick={() => downloadAnswers(getState().answers)}
          >
            <DownloadIcon />
            Download my answers
          </button>
        ) : null}
        <button
          type="button"
          className="button button-quiet"
          aria-busy={exporting}
          onClick={() => void onExport()}
        >
          <DownloadIcon />
          Export my data (JSON)
        </button>
      </div>
      <Suspense fallback={null}>
        <DataTransfer />
      </Suspense>
    </section>
  );
}
