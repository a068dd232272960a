import { type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Answer } from '#shared/api/answers.ts';
import { formatDate } from '#shared/domain/date-format.ts';
import { readPath } from '../routes.ts';
import { cardPreview } from './card-preview.ts';
import { Markdown } from './markdown/markdown.tsx';
import { Marked } from './markdown/marked.tsx';

export type AnswerCardProps = {
  answer: Answer;
  /** The search's words, marked in the title and text. */
  search: string;
  /** The list's address, so that the reading view's back button returns to it. */
  from: string;
  onEdit: (answer: Answer) => void;
  onDelete: (answer: Answer) => void;
};

/**
 * One answer in My answers (issue 35 point 1): its Markdown rendered, a few lines of it, and
 * the whole card opens it to read — with "Read on" when the text goes on past what shows.
 * Edit and Delete stay one tap away.
 */
export function AnswerCard({ answer, search, from, onEdit, onDelete }: AnswerCardProps) {
  const date = formatDate(answer.answered);
  const title = answer.prompt_title || 'Untitled';
  const clipRef = useRef<HTMLDivElement>(null);
  const preview = cardPreview(answer.text);
  // More than shows: taller than the card lets it be, or cut before the card was drawn.
  const clipped = useClipped(clipRef, answer.text !== '') || preview !== answer.text;
  const to = readPath(answer._id);
  return (
    <li className="answer-card card">
      <article aria-label={`${title}, ${date}`}>
        <p className="answer-card-date">
          <time dateTime={answer.answered}>{date}</time>
          {answer.prompt_id === null ? <span> · Journal</span> : null}
          {answer.tags?.length ? (
            <span className="answer-card-tags"> · {answer.tags.map((t) => `#${t}`).join(' ')}</span>
          ) : null}
        </p>
        <h2 className="answer-card-title">
          {/* Stretched over the card (CSS): tapping anywhere on it opens the answer to read. */}
          <Link className="answer-card-open" to={to} state={{ from }}>
            <Marked text={title} query={search} />
          </Link>
        </h2>
        {answer.text ? (
          <div
            ref={clipRef}
            className={clipped ? 'answer-card-clip answer-card-clipped' : 'answer-card-clip'}
          >
            <Markdown className="answer-card-text" text={preview} query={search} headingBase={3} />
          </div>
        ) : (
          <p className="answer-card-text answer-card-empty">No words yet.</p>
        )}
        <div className="answer-card-actions">
          {clipped ? (
            <Link
              className="answer-card-more"
              to={to}
              state={{ from }}
              aria-label={`Read on: ${title}, ${date}`}
            >
              Read on
            </Link>
          ) : null}
          <button
            type="button"
            className="button button-small"
            aria-label={`Edit answer: ${title}, ${date}`}
            onClick={() => onEdit(answer)}
          >
            Edit
          </button>
          <button
            type="button"
            className="button button-small button-quiet"
            aria-label={`Delete answer: ${title}, ${date}`}
            onClick={() => onDelete(answer)}
          >
            Delete
          </button>
        </div>
      </article>
    </li>
  );
}

/**
 * True while the box shows less than its content (its height is capped in CSS). Watches the box
 * and what is inside it: the rendered Markdown replaces the plain text once its chunk is in.
 */
function useClipped(ref: RefObject<HTMLElement | null>, present: boolean): boolean {
  const [clipped, setClipped] = useState(false);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!present || !box) {
      setClipped(false);
      return;
    }
    const measure = () => setClipped(box.scrollHeight > box.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    const watchInside = new MutationObserver(measure);
    watchInside.observe(box, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      watchInside.disconnect();
    };
  }, [ref, present]);
  return clipped;
}
