import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { Answer } from '#shared/api/answers.ts';
import { formatDayKey } from '#shared/domain/date-format.ts';
import { deleteAnswer } from '../state/answers/writes.ts';
import { useAppState } from '../state/store/app-store.ts';
import { showStatus } from '../state/store/status.ts';
import { AnswerCard } from './answer-card.tsx';
import { filterAnswers } from './answer-filter.ts';
import { AnswerSearch } from './answer-search.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { filterLabel, filtersOn, useWide } from './filter-fold.ts';
import { FilterIcon } from './icons.tsx';
import { preloadMarkdown } from './markdown/markdown.tsx';
import './answer-list.css';
import { onReset } from '../state/store/module-state.ts';

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

/**
 * Whether the person last opened the filters: back from reading an answer, they are as they
 * were (the words typed stay too: they are in the store). A new page load starts folded.
 */
let filtersUnfolded = false;

onReset(() => {
  filtersUnfolded = false;
});

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
 * search box over text and prompt title; a card opens its answer to read, Edit opens it to
 * edit and Delete asks first. On a phone the search and filters fold behind "Filter".
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
  const [toDelete, setToDelete] = useState<Answer | null>(null);
  const countRef = useRef<HTMLParagraphElement>(null);
  const location = useLocation();
  const wide = useWide();
  const [unfolded, setUnfolded] = useState(() => filtersUnfolded);
  const toolsId = useId();
  const folded = !wide && !unfolded;
  const on = filtersOn({ search, from, to, category });
  // The parser comes with the list, not after the first card asks for it.
  useEffect(preloadMarkdown, []);

  if (answers.length === 0) return <div className="answer-list-empty">{empty}</div>;

  return (
    <div className={byDay ? 'answer-list answer-list-by-day' : 'answer-list'}>
      {wide ? null : (
        <button
          type="button"
          className="button button-quiet button-small answer-filter-toggle"
          aria-expanded={unfolded}
          aria-controls={toolsId}
          onClick={() => {
            filtersUnfolded = !unfolded;
            setUnfolded(filtersUnfolded);
          }}
        >
          <FilterIcon />
          <span className="visually-hidden">{filterLabel(on)}</span>
          <span aria-hidden="true">Filter</span>
          {on > 0 ? (
            <span className="answer-filter-count" aria-hidden="true">
              {on}
            </span>
          ) : null}
        </button>
      )}
      <div id={toolsId} className="answer-list-tools" hidden={folded}>
        <AnswerSearch
          search={search}
          from={from}
          to={to}
          category={category}
          categories={categories}
          onRange={changeRange}
          onCategory={(name) => setFilters({ ...filters, category: name })}
        />
        {byDay ? (
          <div className="answer-list-calendar">{byDay.calendar(anyDay, narrowed)}</div>
        ) : null}
      </div>
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
            {shown.map((answer) => (
              <AnswerCard
                key={answer._id}
                answer={answer}
                search={search}
                from={location.pathname + location.search}
                onEdit={onOpen}
                onDelete={setToDelete}
              />
            ))}
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
