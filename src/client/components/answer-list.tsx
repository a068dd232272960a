import { type ReactNode, useId, useMemo, useRef, useState } from 'react';
import type { Answer } from '#shared/api/answers.ts';
import { formatDate, formatDayKey } from '#shared/domain/date-format.ts';
import { highlight } from '#shared/domain/search.ts';
import { setState, useAppState } from '../state/app-store.ts';
import { showStatus } from '../state/status.ts';
import { deleteAnswer } from '../state/writes.ts';
import { filterAnswers } from './answer-filter.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { DateField } from './date-field.tsx';
import { SearchIcon } from './icons.tsx';
import './answer-list.css';

/**
 * My answers of one day (/past?day=…, issue 17 point 7) and the calendar that leads there. The
 * day stands in for the date range (From and To show it); the words and the category still
 * narrow it down, and the calendar marks only the days they let through.
 */
export type DayNarrowing = {
  /** 'YYYY-MM-DD', or null for every day. */
  day: string | null;
  /** The person changed From or To while a day was chosen: the day gives way to the range. */
  onLeaveDay: () => void;
  /** The calendar, given the answers the words and category let through on any day. */
  calendar: (matching: readonly Answer[], narrowed: boolean) => ReactNode;
  /** Above the results while a day is chosen: its name and a way back to every day. */
  heading: ReactNode;
};

export type AnswerListProps = {
  answers: readonly Answer[];
  /** Shown when there are no answers at all. */
  empty: ReactNode;
  onOpen: (answer: Answer) => void;
  byDay?: DayNarrowing;
};

/** What the list says when nothing passes. */
function nothingText(search: string, category: string, day: string | null): string {
  const words = search.trim();
  const on = day ? ` on ${formatDayKey(day, 'long')}` : '';
  if (words) return `Nothing${on} matches “${words}”.`;
  if (day && !category) return `Nothing written${on}.`;
  return `Nothing${on} matches these filters.`;
}

/**
 * My answers (SPEC §2 /past and /answerSettings): newest first, dated 'Mar 5, 2020', with a
 * search box over text and prompt title, Edit to open one and Delete behind a confirm dialog.
 */
export function AnswerList({ answers, empty, onOpen, byDay }: AnswerListProps) {
  const search = useAppState((s) => s.search);
  const [filters, setFilters] = useState({ from: '', to: '', category: '' });
  const day = byDay?.day ?? null;
  const from = day ?? filters.from;
  const to = day ?? filters.to;
  const { category } = filters;
  const shown = useMemo(
    () => filterAnswers(answers, search, { from, to, category }),
    [answers, search, from, to, category],
  );
  const withCalendar = byDay !== undefined;
  const anyDay = useMemo(
    () => (withCalendar ? filterAnswers(answers, search, { from: '', to: '', category }) : []),
    [withCalendar, answers, search, category],
  );
  const changeRange = (edge: 'from' | 'to', value: string) => {
    setFilters({ ...filters, from, to, [edge]: value });
    if (day) byDay?.onLeaveDay();
  };
  const categories = useMemo(
    () =>
      [...new Set(answers.flatMap((answer) => answer.categories ?? []))].sort((a, b) =>
        a.localeCompare(b),
      ),
    [answers],
  );
  const narrowed = search.trim() !== '' || category !== '';
  const filtering = narrowed || from !== '' || to !== '';
  const fromId = useId();
  const toId = useId();
  const categoryId = useId();
  const [toDelete, setToDelete] = useState<Answer | null>(null);
  const searchId = useId();
  const countRef = useRef<HTMLParagraphElement>(null);

  if (answers.length === 0) return <div className="answer-list-empty">{empty}</div>;

  return (
    <div className={byDay ? 'answer-list answer-list-by-day' : 'answer-list'}>
      <search className="answer-search">
        <label htmlFor={searchId} className="visually-hidden">
          Search your answers
        </label>
        <SearchIcon />
        <input
          id={searchId}
          className="field answer-search-field"
          type="search"
          placeholder="Search your answers"
          value={search}
          onChange={(event) => setState({ search: event.target.value })}
        />
        <fieldset className="answer-filters">
          <legend className="visually-hidden">Narrow your answers</legend>
          <label className="answer-filter" htmlFor={fromId}>
            <span>From</span>
            <DateField
              id={fromId}
              className="field"
              value={from}
              onChange={(v) => changeRange('from', v)}
            />
          </label>
          <label className="answer-filter" htmlFor={toId}>
            <span>To</span>
            <DateField
              id={toId}
              className="field"
              value={to}
              onChange={(v) => changeRange('to', v)}
            />
          </label>
          <label className="answer-filter" htmlFor={categoryId}>
            <span>Category</span>
            <select
              id={categoryId}
              className="field"
              value={filters.category}
              onChange={(event) => setFilters({ ...filters, category: event.target.value })}
            >
              <option value="">Any</option>
              {categories.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        </fieldset>
      </search>
      {byDay ? (
        <div className="answer-list-calendar">{byDay.calendar(anyDay, narrowed)}</div>
      ) : null}
      <div className="answer-results">
        {day ? byDay?.heading : null}
        <p ref={countRef} className="answer-count" aria-live="polite" tabIndex={-1}>
          {filtering
            ? `${shown.length} of ${answers.length} ${answers.length === 1 ? 'answer' : 'answers'}`
            : `${answers.length} ${answers.length === 1 ? 'answer' : 'answers'}`}
        </p>
        {shown.length === 0 ? (
          <p className="answer-list-none">{nothingText(search, category, day)}</p>
        ) : (
          <ul className="answer-cards">
            {shown.map((answer) => {
              const date = formatDate(answer.answered);
              const title = answer.prompt_title || 'Untitled';
              return (
                <li key={answer._id} className="answer-card card">
                  <article aria-label={`${title}, ${date}`}>
                    <p className="answer-card-date">
                      <time dateTime={answer.answered}>{date}</time>
                      {answer.prompt_id === null ? <span> · Journal</span> : null}
                    </p>
                    <h2 className="answer-card-title">
                      <Marked text={title} query={search} />
                    </h2>
                    <p className="answer-card-text">
                      {answer.text ? <Marked text={answer.text} query={search} /> : 'No words yet.'}
                    </p>
                    <div className="answer-card-actions">
                      <button
                        type="button"
                        className="button button-small"
                        aria-label={`Edit answer: ${title}, ${date}`}
                        onClick={() => onOpen(answer)}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="button button-small button-quiet"
                        aria-label={`Delete answer: ${title}, ${date}`}
                        onClick={() => setToDelete(answer)}
                      >
                        Delete
                      </button>
                    </div>
                  </article>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this answer?"
        message={
          toDelete
            ? `“${toDelete.prompt_title}” will be gone from your journal for good.`
            : undefined
        }
        confirmLabel="Delete"
        destructive
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) deleteAnswer(toDelete._id);
          setToDelete(null);
          showStatus('Answer deleted');
          // The Delete button that had focus is gone: continue from the count line.
          requestAnimationFrame(() => countRef.current?.focus());
        }}
      />
    </div>
  );
}

/** The text with the words the search found in `<mark>` (issue 17 C). */
function Marked({ text, query }: { text: string; query: string }) {
  if (!query.trim()) return <>{text}</>;
  return (
    <>
      {highlight(text, query).map((part, index) =>
        part.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move
          <mark key={index}>{part.text}</mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
