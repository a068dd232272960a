import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { AppHeader, BackLink } from '#client/components/app-header.tsx';
import { paths, promptPath } from '#client/routes.ts';
import {
  openAnswer,
  pickPromptFor,
  saveDraftIfChanged,
  startJournalEntry,
  startPromptAnswer,
} from '#client/state/answers/answer-draft.ts';
import { editorView } from '#client/state/answers/answer-sync-store.ts';
import { earlyTextPending } from '#client/state/answers/early-text.ts';
import { onPageHide } from '#client/state/page-lifecycle.ts';
import { getState, setState, useAppState } from '#client/state/store/app-store.ts';
import { showStatus } from '#client/state/store/status.ts';
import { useTitle } from '#client/use-title.ts';
import type { Answer } from '#shared/api/answers.ts';
import { dayKey, todayOf } from '#shared/domain/calendar-day.ts';
import { PSEUDO_CATEGORIES } from '#shared/domain/categories.ts';
import { AnswerEditor } from './answer-editor.tsx';
import {
  type AnswerDecision,
  decideAnswer,
  newEntryDayOf,
  parseAnswerRoute,
} from './answer-route.ts';
import './answer-screen.css';
import { pageTitleFor, TodayFrame } from './today-frame.tsx';

const { journal: JOURNAL } = PSEUDO_CATEGORIES;
const NO_PROMPT_TODAY = 'No prompt today: what you wrote is in today’s journal.';

function decisionKey(decision: AnswerDecision): string {
  switch (decision.kind) {
    case 'redirect':
      return `redirect:${decision.to}`;
    case 'start-prompt':
      return `start:${decision.prompt._id}:${decision.category}`;
    case 'start-random':
      return `random:${decision.category}`;
    case 'open':
      return `open:${decision.answer._id}:${decision.category}`;
    default:
      return decision.kind;
  }
}

/** Begun here and still empty: no words or tags, nothing typed into its editor, never saved. */
function isUntouched(draft: Answer, answers: readonly Answer[]): boolean {
  const view = editorView.getState();
  if (view.answerId === draft._id && (view.edited || view.hasText)) return false;
  if (earlyTextPending()) return false;
  return (
    draft.text === '' &&
    (draft.tags ?? []).length === 0 &&
    !answers.some((a) => a._id === draft._id)
  );
}

/** The answer screens of SPEC §2: /answer, /answer/today, /answer/journal[/id], /answer/{id}. */
export function AnswerScreen() {
  const splat = useParams()['*'] ?? '';
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const route = useMemo(() => parseAnswerRoute(splat, search), [splat, search]);

  const draft = useAppState((s) => s.answer);
  const answers = useAppState((s) => s.answers);
  const prompts = useAppState((s) => s.prompts);
  const myPrompts = useAppState((s) => s.myPrompts);
  const loaded = useAppState((s) => s.loaded);
  const todayPrompt = useAppState((s) => s.todayPrompt);
  const category = useAppState((s) => s.category);
  const pool = useMemo(() => [...prompts, ...myPrompts], [prompts, myPrompts]);

  const decision = decideAnswer(route, {
    draft,
    answers,
    pool,
    promptsLoaded: loaded.prompts && loaded.myPrompts,
    answersLoaded: loaded.answers,
    draftUntouched: draft !== null && isUntouched(draft, answers),
    todayPrompt,
    today: todayOf(new Date()),
    category,
    newEntryDay: newEntryDayOf(location.state),
  });
  const latest = useRef(decision);
  latest.current = decision;
  const key = `${location.key}|${decisionKey(decision)}`;
  const applied = useRef('');

  // Carry out what the URL asks for, once per location and decision.
  useEffect(() => {
    if (applied.current === key) return;
    applied.current = key;
    const d = latest.current;
    switch (d.kind) {
      case 'redirect':
        // No prompt for today after all: what was typed into its box goes to today's journal.
        if (route.kind === 'today' && d.to === paths.categories && earlyTextPending()) {
          showStatus(NO_PROMPT_TODAY);
          void navigate(paths.journal, { replace: true });
        } else {
          void navigate(d.to, { replace: true });
        }
        break;
      case 'start-prompt':
        startPromptAnswer(d.prompt, d.category);
        break;
      case 'start-random': {
        const prompt = pickPromptFor(d.category);
        if (prompt) {
          setState({ category: d.category });
          void navigate(promptPath(prompt._id), { replace: true });
        } else if (getState().loaded.prompts) {
          void navigate(paths.categories, { replace: true });
        }
        break;
      }
      case 'start-journal':
        startJournalEntry(JOURNAL, { day: d.day, id: d.answerId });
        break;
      case 'open':
        openAnswer(d.answer, d.category);
        break;
    }
  }, [key, navigate, route.kind]);

  // SPEC §4: save when leaving the screen and when the page goes away (only if changed).
  useEffect(() => {
    const off = onPageHide(() => saveDraftIfChanged({ onUnload: true }));
    return () => {
      off();
      saveDraftIfChanged();
    };
  }, []);

  const ready = decision.kind === 'show' && draft !== null;
  // /answer/today waiting for its loads: the day's prompt stays in view where the editor shows
  // it (today-frame.tsx), named as the app knows it or else as the page brought it.
  const todayKey = dayKey(todayOf(new Date()));
  const frameTitle =
    !ready && route.kind === 'today'
      ? ((todayPrompt.date === todayKey
          ? pool.find((prompt) => prompt._id === todayPrompt.id)?.title
          : undefined) ?? pageTitleFor(todayKey))
      : null;
  useTitle(ready ? category : frameTitle !== null ? PSEUDO_CATEGORIES.today : 'Loading…');
  if (frameTitle !== null) return <TodayFrame title={frameTitle} />;
  if (!ready) {
    return (
      <>
        <AppHeader
          title="Müse"
          titleIsHeading={false}
          start={<BackLink to={paths.categories} label="Back to categories" />}
        />
        <main className="page">
          <h1 className="loading">Loading…</h1>
        </main>
      </>
    );
  }
  // Today's box takes keys from the moment the page shows it (early-text.ts): the editor that
  // follows takes them over. Today's journal too, where typing lands when the day has no prompt.
  return (
    <AnswerEditor key={draft._id} catchEarly={route.kind === 'today' || route.kind === 'journal'} />
  );
}
