import { useMemo } from 'react';
import { Link } from 'react-router';
import type { Answer } from '#shared/api/answers.ts';
import { dayKey, todayOf } from '#shared/domain/calendar-day.ts';
import { onThisDay } from './on-this-day.ts';

type OnThisDayProps = {
  /** The person's own answers: nobody else's are ever passed here. */
  answers: readonly Answer[];
  current: Pick<Answer, '_id' | 'prompt_id' | 'answered'>;
  linkTo: (answerId: string) => string;
};

/**
 * Issue 17 B: "A year ago, in 2025, you wrote…" — the first lines of one's own earlier answer to
 * this prompt, and of every one written on this date in an earlier year (issue 35), newest first,
 * each with a link to all of it.
 */
export function OnThisDay({ answers, current, linkTo }: OnThisDayProps) {
  const today = dayKey(todayOf(new Date()));
  const memories = useMemo(() => {
    const [year = 0, month = 0, day = 0] = today.split('-').map(Number);
    return onThisDay(answers, current, { year, month, day });
  }, [answers, current, today]);
  if (memories.length === 0) return null;
  return (
    <aside className="on-this-day card" aria-label="From your earlier answers">
      <ul className="on-this-day-list">
        {memories.map((memory) => (
          <li key={memory.answer._id} className="on-this-day-item">
            <p className="on-this-day-label">{memory.label}</p>
            <p className="on-this-day-text">{memory.preview}</p>
            <Link className="on-this-day-link" to={linkTo(memory.answer._id)}>
              Read the whole answer
              <span className="visually-hidden">
                {' '}
                ({memory.answer.prompt_title}, {memory.year})
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </aside>
  );
}
