import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { AppHeader, BackLink } from '#client/components/app-header.tsx';
import { MissingAnswer } from '#client/components/missing-answer.tsx';
import { pastDayPath, paths } from '#client/routes.ts';
import { openAnswer, saveDraftIfChanged } from '#client/state/answers/answer-draft.ts';
import { editorView } from '#client/state/answers/answer-sync-store.ts';
import { onPageHide } from '#client/state/page-lifecycle.ts';
import { useAppState } from '#client/state/store/app-store.ts';
import { showStatus } from '#client/state/store/status.ts';
import { useTitle } from '#client/use-title.ts';
import { PSEUDO_CATEGORIES } from '#shared/domain/categories.ts';
import { MESSAGES } from '#shared/domain/validation-messages.ts';
import { dayOfPastPath } from '../past/day-filter.ts';
import { decideAnswerById } from './answer-by-id.ts';
import { AnswerEditor } from './answer-editor.tsx';
import './answer-screen.css';

const { journal: JOURNAL, answers: ANSWERS } = PSEUDO_CATEGORIES;

/** Where the back button goes: the screen the answer was opened from, else My answers. */
function backFrom(state: unknown): { to: string; label: string } {
  const from = (state as { from?: unknown } | null)?.from;
  if (from === paths.shared) return { to: paths.shared, label: 'Back to shared answers' };
  if (from === paths.answerSettings) return { to: paths.answerSettings, label: 'Back to the list' };
  // Opened from its reading view (Edit): back to reading it.
  if (typeof from === 'string' && from.startsWith('/read/')) {
    return { to: from, label: 'Back to reading' };
  }
  // Opened from one day of My answers: back to that day.
  const day = dayOfPastPath(from);
  return { to: day ? pastDayPath(day) : paths.past, label: 'Back to my answers' };
}

/** Save pressed (or Ctrl/⌘+Enter): saves here and stays here, and always says so. */
function saveHere(): void {
  if (saveDraftIfChanged()) return;
  // Nothing left to send: an autosave already sent what was typed, or nothing was.
  showStatus(editorView.getState().edited ? MESSAGES.answerSaved : 'Nothing new to save');
}

/**
 * /answer/a/{answerId}: one of the person's own answers at an address that survives a reload
 * and can be bookmarked (decision 015). Save keeps the person on this answer.
 */
export function AnswerByIdScreen() {
  const answerId = useParams().answerId ?? '';
  const location = useLocation();
  const draft = useAppState((s) => s.answer);
  const answers = useAppState((s) => s.answers);
  const answersLoaded = useAppState((s) => s.loaded.answers);
  const decision = decideAnswerById(answerId, draft, answers, answersLoaded);
  const toOpen = decision.kind === 'open' ? decision.answer : null;

  useEffect(() => {
    if (toOpen) openAnswer(toOpen, toOpen.prompt_id === null ? JOURNAL : ANSWERS);
  }, [toOpen]);

  // SPEC §4: save when leaving the screen and when the page goes away (only if changed).
  useEffect(() => {
    const off = onPageHide(() => saveDraftIfChanged({ onUnload: true }));
    return () => {
      off();
      saveDraftIfChanged();
    };
  }, []);

  const back = backFrom(location.state);
  const ready = decision.kind === 'show' && draft !== null;
  useTitle(
    ready
      ? draft.prompt_title || 'Answer'
      : decision.kind === 'not-found'
        ? 'Not found'
        : 'Loading…',
  );
  if (ready) {
    return (
      <AnswerEditor
        key={draft._id}
        edit={{ backTo: back.to, backLabel: back.label, onSave: saveHere }}
      />
    );
  }
  return (
    <>
      <AppHeader
        title="Müse"
        titleIsHeading={false}
        start={<BackLink to={back.to} label={back.label} />}
      />
      <main className="page">
        <MissingAnswer notFound={decision.kind === 'not-found'} />
      </main>
    </>
  );
}
