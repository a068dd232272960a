import { useMemo } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AnswerList, type DayNarrowing } from '#client/components/answer-list.tsx';
import { AppHeader, BackLink } from '#client/components/app-header.tsx';
import { DownloadIcon } from '#client/components/icons.tsx';
import { downloadAnswers } from '#client/download-answers.ts';
import { answerPath, paths } from '#client/routes.ts';
import { useAppState } from '#client/state/store/app-store.ts';
import { useTitle } from '#client/use-title.ts';
import { useToday } from '#client/use-today.ts';
import type { Answer } from '#shared/api/answers.ts';
import { formatDayKey } from '#shared/domain/date-format.ts';
import { activityByDay } from '#shared/domain/statistics.ts';
import { hasTag } from '#shared/domain/tags.ts';
import { calendarSpan, dayFromQuery } from './day-filter.ts';
import { MonthCalendar } from './month-calendar.tsx';
import './past-screen.css';

/**
 * Opens an answer at its own address, /answer/a/{id} (decision 015), remembering where from
 * (with ?day=, so its back button returns to the same day).
 */
export function useOpenAnswer(): (answer: Answer) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return (answer) => {
    void navigate(answerPath(answer._id), {
      state: { from: location.pathname + location.search },
    });
  };
}

/** SPEC §2 /past 'My answers', with a month calendar and one day's answers at /past?day=…. */
export function PastScreen() {
  useTitle('My answers');
  const answers = useAppState((s) => s.answers);
  const open = useOpenAnswer();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // A ?day= that is not a real day is ignored: every answer shows.
  const day = dayFromQuery(params.get('day'));
  // /past?tag=…: the answers with that tag (a tag in the reading view leads here).
  const tag = params.get('tag')?.trim() || null;
  const tagged = useMemo(
    () => (tag ? answers.filter((answer) => hasTag(answer.tags, tag)) : answers),
    [answers, tag],
  );
  const today = useToday();
  // Every answer's day, and the chosen one (an address may name a day before them all).
  const span = useMemo(() => {
    const days = [...activityByDay(answers.map((a) => a.answered)).keys()];
    return calendarSpan(day ? [...days, day] : days, today);
  }, [answers, day, today]);
  const byDay: DayNarrowing = {
    day,
    onLeaveDay: () => void navigate(paths.past, { replace: true }),
    calendar: (matching, narrowed) => (
      <MonthCalendar
        activity={activityByDay(matching.map((a) => a.answered))}
        span={span}
        selected={day}
        today={today}
        narrowed={narrowed}
      />
    ),
    heading: day ? (
      <div className="past-day">
        <h2 className="past-day-title">{formatDayKey(day, 'long')}</h2>
        <Link className="button button-quiet button-small" to={paths.past}>
          Show all days
        </Link>
      </div>
    ) : null,
  };
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
        {tag ? (
          <div className="past-day">
            <h2 className="past-day-title">Tagged #{tag}</h2>
            <Link className="button button-quiet button-small" to={paths.past}>
              Show every answer
            </Link>
          </div>
        ) : null}
        <AnswerList
          answers={tagged}
          onOpen={open}
          byDay={byDay}
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
