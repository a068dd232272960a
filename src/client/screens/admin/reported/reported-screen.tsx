import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { ReportedAnswer } from '../../../../shared/api/world.ts';
import { formatDate } from '../../../../shared/domain/date-format.ts';
import { userPath } from '../../../routes.ts';
import { loadReportedAnswers } from '../../../state/admin-actions.ts';
import { useAppState } from '../../../state/app-store.ts';
import { AdminPage, LoadProblem } from '../admin-page.tsx';

/** SPEC §2 /reported: shared answers people flagged for review, with how many flagged each. */
export function ReportedScreen() {
  return (
    <AdminPage title="Reported answers">
      <ReportedList />
    </AdminPage>
  );
}

function ReportedRow({ answer }: { answer: ReportedAnswer }) {
  const date = formatDate(answer.sharedOn ?? answer.answered);
  const reports = answer.reports === 1 ? '1 report' : `${answer.reports} reports`;
  return (
    <li className="admin-row card">
      <article aria-label={`${answer.prompt_title || 'Untitled'}, ${reports}`}>
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
        <h2 className="admin-row-title">{answer.prompt_title || 'Untitled'}</h2>
        <p className="admin-row-text">{answer.text}</p>
      </article>
    </li>
  );
}

function ReportedList() {
  const answers = useAppState((s) => s.adminData.reportedAnswers);
  const [problem, setProblem] = useState('');
  const load = useCallback(async () => {
    setProblem((await loadReportedAnswers()) ?? '');
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  if (problem && answers === null) {
    return <LoadProblem message={problem} onRetry={() => void load()} />;
  }
  if (answers === null) return <p className="loading">Loading…</p>;
  return (
    <>
      <p className="page-intro">
        Shared answers someone flagged for review. Only an answer's author can take it out of the
        world.
      </p>
      <p className="admin-count">
        {answers.length === 1 ? '1 answer flagged' : `${answers.length} answers flagged`}
      </p>
      {answers.length === 0 ? (
        <p className="admin-empty">No answers are flagged for review.</p>
      ) : (
        <ul className="admin-rows">
          {answers.map((answer) => (
            <ReportedRow key={answer._id} answer={answer} />
          ))}
        </ul>
      )}
    </>
  );
}
