import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { userPath } from '#client/routes.ts';
import {
  clearReportedAnswer,
  loadReportedAnswers,
  removeReportedAnswer,
} from '#client/state/admin/admin-actions.ts';
import { useAppState } from '#client/state/store/app-store.ts';
import { showStatus } from '#client/state/store/status.ts';
import type { ReportedAnswer } from '#shared/api/world.ts';
import { formatDate } from '#shared/domain/date-format.ts';
import { AdminPage, LoadProblem } from '../admin-page.tsx';

/**
 * SPEC §2 /reported: shared answers people flagged for review, with how many flagged each, and
 * a way to take one out of the world (decision 012). Taking it out leaves it with its author.
 */
export function ReportedScreen() {
  return (
    <AdminPage title="Flagged answers">
      <ReportedList />
    </AdminPage>
  );
}

function title(answer: ReportedAnswer): string {
  return answer.prompt_title || 'Untitled';
}

function ReportedRow({
  answer,
  busy,
  onRemove,
  onClear,
}: {
  answer: ReportedAnswer;
  busy: boolean;
  onRemove: () => void;
  onClear: () => void;
}) {
  const date = formatDate(answer.sharedOn ?? answer.answered);
  // The UI's word is "flag" (docs/ARCHITECTURE.md, Glossary); the API's is "report".
  const reports = answer.reports === 1 ? '1 flag' : `${answer.reports} flags`;
  return (
    <li className="admin-row card">
      <article aria-label={`${title(answer)}, ${reports}`}>
        <div className="admin-row-head">
          <span className="admin-badge admin-badge-warn">{reports}</span>
          <p className="admin-row-meta">
            {answer.anonymous || !answer.user_id ? (
              'Anonymous'
            ) : (
              <Link to={userPath(answer.user_id)}>{answer.user_name}</Link>
            )}
            {date ? ` · shared ${date}` : ''}
          </p>
        </div>
        <h2 className="admin-row-title">{title(answer)}</h2>
        <p className="admin-row-text">{answer.text}</p>
        <div className="admin-row-actions">
          <button
            type="button"
            className="button button-danger button-small"
            aria-label={`Remove from the world: ${title(answer)}`}
            aria-disabled={busy || undefined}
            onClick={onRemove}
          >
            Remove from the world
          </button>
          <button
            type="button"
            className="button button-quiet button-small"
            aria-label={`Looks fine — clear the flags: ${title(answer)}`}
            aria-disabled={busy || undefined}
            onClick={onClear}
          >
            Looks fine — clear the flags
          </button>
        </div>
      </article>
    </li>
  );
}

function ReportedList() {
  const answers = useAppState((s) => s.adminData.reportedAnswers);
  const [problem, setProblem] = useState('');
  const [confirming, setConfirming] = useState<ReportedAnswer | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const countRef = useRef<HTMLParagraphElement>(null);
  const load = useCallback(async () => {
    setProblem((await loadReportedAnswers()) ?? '');
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const remove = async (answer: ReportedAnswer) => {
    setConfirming(null);
    if (busyId) return;
    setBusyId(answer._id);
    const message = await removeReportedAnswer(answer._id);
    setBusyId(null);
    if (message) {
      showStatus(message, true);
      return;
    }
    showStatus('Removed from the world');
    // The button that had focus left with its answer: continue from the count line.
    requestAnimationFrame(() => countRef.current?.focus());
  };

  const clear = async (answer: ReportedAnswer) => {
    if (busyId) return;
    setBusyId(answer._id);
    const message = await clearReportedAnswer(answer._id);
    setBusyId(null);
    if (message) {
      showStatus(message, true);
      return;
    }
    showStatus('Flags cleared; it stays in the world');
    requestAnimationFrame(() => countRef.current?.focus());
  };

  if (problem && answers === null) {
    return <LoadProblem message={problem} onRetry={() => void load()} />;
  }
  if (answers === null) return <p className="loading">Loading…</p>;
  return (
    <>
      <p className="page-intro">
        Shared answers someone flagged for review. Removing one takes it out of the world; it stays
        in its author's journal, private. Clearing its flags leaves it in the world.
      </p>
      <p ref={countRef} className="admin-count" tabIndex={-1} aria-live="polite">
        {answers.length === 1 ? '1 answer flagged' : `${answers.length} answers flagged`}
      </p>
      {answers.length === 0 ? (
        <p className="admin-empty">No answers are flagged for review.</p>
      ) : (
        <ul className="admin-rows">
          {answers.map((answer) => (
            <ReportedRow
              key={answer._id}
              answer={answer}
              busy={busyId !== null}
              onRemove={() => {
                if (!busyId) setConfirming(answer);
              }}
              onClear={() => void clear(answer)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title="Remove from the world?"
        message="No one else will see it any more. Its author keeps it in their journal."
        confirmLabel="Remove"
        destructive
        onConfirm={() => {
          if (confirming) void remove(confirming);
        }}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
