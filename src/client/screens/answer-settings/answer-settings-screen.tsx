import { useMemo } from 'react';
import { Navigate } from 'react-router';
import { AnswerList } from '#client/components/answer-list.tsx';
import { AppHeader, BackLink } from '#client/components/app-header.tsx';
import { paths } from '#client/routes.ts';
import { useAppState } from '#client/state/store/app-store.ts';
import { useTitle } from '#client/use-title.ts';
import { useOpenAnswer } from '../past/past-screen.tsx';

/** SPEC §2 /answerSettings: the user's answers for the current prompt (or journal entries). */
export function AnswerSettingsScreen() {
  useTitle('My answers');
  const current = useAppState((s) => s.answer);
  const answers = useAppState((s) => s.answers);
  const promptId = current?.prompt_id ?? null;
  const forPrompt = useMemo(
    () => answers.filter((a) => a.prompt_id === promptId),
    [answers, promptId],
  );
  const open = useOpenAnswer();
  if (!current) return <Navigate to={paths.past} replace />;
  const isJournal = promptId === null;
  return (
    <>
      <AppHeader
        title={isJournal ? 'My journal' : 'My answers'}
        start={<BackLink to={paths.answer} label="Back to the answer" />}
      />
      <main className="page">
        <p className="page-intro">
          {isJournal
            ? 'Your journal entries, newest first.'
            : `Your answers to “${current.prompt_title}”.`}
        </p>
        <AnswerList
          answers={forPrompt}
          onOpen={open}
          empty={
            <p>
              {isJournal
                ? 'No journal entries saved yet.'
                : 'You have not saved an answer to this prompt yet.'}
            </p>
          }
        />
      </main>
    </>
  );
}
