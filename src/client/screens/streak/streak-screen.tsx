import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { AppHeader, BackLink } from '#client/components/app-header.tsx';
import { FlameIcon } from '#client/components/icons.tsx';
import { useShareFlow } from '#client/components/use-share-flow.tsx';
import { paths, promptWorldPath } from '#client/routes.ts';
import { useAppState } from '#client/state/store/app-store.ts';
import { useTitle } from '#client/use-title.ts';
import { useToday } from '#client/use-today.ts';
import type { Answer } from '#shared/api/answers.ts';
import { activityByDay, answerStatistics } from '#shared/domain/statistics.ts';
import { countedToday } from '#shared/domain/streak.ts';
import { HeatMap } from './heat-map.tsx';
import './streak-screen.css';

/** A field of the editor's Done: router state `{ answeredPromptId, answeredId }`. */
function finishedFrom(state: unknown, key: 'answeredPromptId' | 'answeredId'): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const id = (state as Record<string, unknown>)[key];
  return typeof id === 'string' && id ? id : null;
}

/**
 * The answer just finished, as saved: named by the editor's Done, else (back from signing up to
 * share it, which keeps no router state) the answer still current. Only one worth sharing.
 */
function useFinishedAnswer(state: unknown): Answer | null {
  const answers = useAppState((s) => s.answers);
  const currentId = useAppState((s) => s.answer?._id ?? null);
  const id = finishedFrom(state, 'answeredId') ?? currentId;
  const answer = id ? answers.find((a) => a._id === id) : undefined;
  return answer && answer.text.trim() !== '' ? answer : null;
}

/** SPEC §2 /streak, shown after saving: streak, longest streak, score, statistics, heat-map. */
export function StreakScreen() {
  useTitle('Streak');
  const user = useAppState((s) => s.user);
  const answers = useAppState((s) => s.answers);
  // Follows the clock: past midnight "today" is the new day without a reload (issue 35).
  const today = useToday();
  const dates = useMemo(() => answers.map((a) => a.answered), [answers]);
  const stats = useMemo(() => answerStatistics(dates, today), [dates, today]);
  const activity = useMemo(() => activityByDay(dates), [dates]);
  const doneToday = countedToday(user.last, today) && user.streak > 0;
  const routerState = useLocation().state;
  const answeredPromptId = finishedFrom(routerState, 'answeredPromptId');
  const finished = useFinishedAnswer(routerState);
  const share = useShareFlow();

  return (
    <>
      {/* Issue 35: the bar says what the screen shows, not "Müse". */}
      <AppHeader
        title="Streak"
        titleIsHeading={false}
        start={<BackLink to={paths.categories} label="Back to categories" />}
      />
      <main className="page streak-page">
        <section className="streak-hero card" aria-labelledby="streak-heading">
          <FlameIcon size={40} />
          <h1 id="streak-heading" className="streak-heading" tabIndex={-1}>
            <span className="streak-number">{user.streak}</span> day streak
          </h1>
          <p className="streak-line">
            {doneToday
              ? 'You showed up for yourself today. See you tomorrow.'
              : 'Answer a prompt today to keep your streak going.'}
          </p>
        </section>

        <dl className="stat-row">
          <div className="stat card">
            <dt>Longest streak</dt>
            <dd>{user.longestStreak}</dd>
          </div>
          <div className="stat card">
            <dt>Score</dt>
            <dd>{user.score}</dd>
          </div>
        </dl>

        <section aria-labelledby="answers-heading">
          <h2 id="answers-heading" className="section-heading">
            Answers written
          </h2>
          <dl className="stat-grid">
            <div className="stat card">
              <dt>All time</dt>
              <dd>{stats.allTime}</dd>
            </div>
            <div className="stat card">
              <dt>This year</dt>
              <dd>{stats.thisYear}</dd>
            </div>
            <div className="stat card">
              <dt>This month</dt>
              <dd>{stats.thisMonth}</dd>
            </div>
            <div className="stat card">
              <dt>This week</dt>
              <dd>{stats.thisWeek}</dd>
            </div>
          </dl>
        </section>

        <section aria-labelledby="year-heading">
          <h2 id="year-heading" className="section-heading">
            Your year of reflection
          </h2>
          <HeatMap activity={activity} today={today} />
        </section>

        <div className="streak-actions">
          {answeredPromptId ? (
            <Link className="button" to={promptWorldPath(answeredPromptId)}>
              See how others answered this
            </Link>
          ) : null}
          {/* Issue 35 point 2: the share flow of everywhere else, anonymously or by name. */}
          {finished && !finished.shared ? (
            <button type="button" className="button" onClick={() => share.share(finished._id)}>
              Share this
            </button>
          ) : null}
          <Link className="button" to={paths.categories}>
            Keep reflecting
          </Link>
          <Link className="button button-quiet" to={paths.past}>
            My answers
          </Link>
        </div>
      </main>
      {share.dialogs}
    </>
  );
}
