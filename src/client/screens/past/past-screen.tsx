import { Link, useLocation, useNavigate } from 'react-router';
import { AnswerList } from '#client/components/answer-list.tsx';
import { AppHeader, BackLink } from '#client/components/app-header.tsx';
import { DownloadIcon } from '#client/components/icons.tsx';
import { downloadAnswers } from '#client/download-answers.ts';
import { answerPath, paths } from '#client/routes.ts';
import { useAppState } from '#client/state/app-store.ts';
import { useTitle } from '#client/use-title.ts';
import type { Answer } from '#shared/api/answers.ts';
import './past-screen.css';

/**
 * Opens an answer at its own address, /answer/a/{id} (decision 015), remembering where from so
 * that its back button returns there.
 */
export function useOpenAnswer(): (answer: Answer) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return (answer) => {
    void navigate(answerPath(answer._id), { state: { from: location.pathname } });
  };
}

/** SPEC §2 /past 'My answers'. */
export function PastScreen() {
  useTitle('My answers');
  const answers = useAppState((s) => s.answers);
  const open = useOpenAnswer();
  return (
    <>
      <AppHeader
        title="My answers"
        start={<BackLink to={paths.categories} label="Back to categories" />}
      />
      <main className="page">
        {answers.length > 0 ? (
          <div className="past-tools">
            <p className="page-intro past-intro">Everything you have written, newest first.</p>
            <button
              type="button"
              className="button button-quiet button-small"
              onClick={() => downloadAnswers(answers)}
            >
              <DownloadIcon />
              Download my answers
            </button>
          </div>
        ) : null}
        <AnswerList
          answers={answers}
          onOpen={open}
          empty={
            <>
              <p>Nothing here yet. Your answers will gather here, one day at a time.</p>
              <Link className="button" to={paths.answerToday}>
                Answer today's prompt
              </Link>
            </>
          }
        />
      </main>
    </>
  );
}
