import { Fragment, useId } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { AppHeader, BackLink } from '#client/components/app-header.tsx';
import { Markdown } from '#client/components/markdown/markdown.tsx';
import { MissingAnswer } from '#client/components/missing-answer.tsx';
import { PhotoGallery } from '#client/components/photos/entry-photos.tsx';
import { useShareFlow } from '#client/components/use-share-flow.tsx';
import { answerPath, paths, readPath } from '#client/routes.ts';
import { useAppState } from '#client/state/store/app-store.ts';
import { useTitle } from '#client/use-title.ts';
import type { Answer } from '#shared/api/answers.ts';
import { formatDate } from '#shared/domain/date-format.ts';
import { countWords } from '#shared/domain/score.ts';
import { decideReading, readingBack, readingKind } from './reading.ts';
import './read-screen.css';

/**
 * /read/{answerId}: one of the person's own answers to read, its Markdown rendered (issue 35
 * point 1), with Edit one tap away, Share beside it, and the answers written just after and
 * just before it.
 */
export function ReadScreen() {
  const answerId = useParams().answerId ?? '';
  const location = useLocation();
  const answers = useAppState((s) => s.answers);
  const answersLoaded = useAppState((s) => s.loaded.answers);
  const reading = decideReading(answerId, answers, answersLoaded);
  // Where the person came from rides along to the neighbours, so back stays the same list.
  const from: unknown = (location.state as { from?: unknown } | null)?.from;
  const back = readingBack(from);
  useTitle(
    reading.kind === 'show'
      ? reading.answer.prompt_title || 'Untitled'
      : reading.kind === 'not-found'
        ? 'Not found'
        : 'Loading…',
  );
  return (
    <>
      <AppHeader
        title="My answers"
        titleIsHeading={false}
        start={<BackLink to={back.to} label={back.label} />}
      />
      <main className="page read-page">
        {reading.kind === 'show' ? (
          // A new answer is a new page: nothing of the last one (the focused Older link) stays.
          <Fragment key={reading.answer._id}>
            <ReadAnswer answer={reading.answer} />
            <Neighbours newer={reading.newer} older={reading.older} from={from} />
          </Fragment>
        ) : (
          <MissingAnswer notFound={reading.kind === 'not-found'} />
        )}
      </main>
    </>
  );
}

function ReadAnswer({ answer }: { answer: Answer }) {
  const flow = useShareFlow();
  const headingId = useId();
  const title = answer.prompt_title || 'Untitled';
  const kind = readingKind(answer);
  const words = countWords(answer.text);
  return (
    <article className="read card" aria-labelledby={headingId}>
      <header className="read-head">
        <p className="read-meta">
          <time dateTime={answer.answered}>{formatDate(answer.answered)}</time>
          {kind ? <span> · {kind}</span> : null}
          <span> · {words === 1 ? '1 word' : `${words.toLocaleString('en')} words`}</span>
          {answer.shared ? <span> · Shared</span> : null}
        </p>
        <h1 id={headingId} className="read-title" tabIndex={-1}>
          {title}
        </h1>
      </header>
      {answer.tags && answer.tags.length > 0 ? (
        <ul className="read-tags" aria-label="Tags">
          {answer.tags.map((tag) => (
            <li key={tag}>
              <Link className="read-tag" to={`${paths.past}?tag=${encodeURIComponent(tag)}`}>
                #{tag}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {answer.text.trim() ? (
        <Markdown className="read-text" text={answer.text} headingBase={2} />
      ) : (
        <p className="read-text read-empty">No words yet.</p>
      )}
      <PhotoGallery answerId={answer._id} />
      <div className="read-actions">
        <Link
          className="button"
          to={answerPath(answer._id)}
          // The editor's back button returns here, to the answer as it now reads.
          state={{ from: readPath(answer._id) }}
        >
          Edit
        </Link>
        {flow.actionsFor(answer).map((action) => (
          <button
            key={action.label}
            type="button"
            className="button button-quiet"
            onClick={action.onSelect}
          >
            {action.label}
          </button>
        ))}
      </div>
      {flow.dialogs}
    </article>
  );
}

/** The answers written just after and just before this one, as in My answers. */
function Neighbours({
  newer,
  older,
  from,
}: {
  newer: Answer | null;
  older: Answer | null;
  from: unknown;
}) {
  if (!newer && !older) return null;
  return (
    <nav className="read-neighbours" aria-label="More answers">
      {newer ? (
        <Link className="read-neighbour read-newer" to={readPath(newer._id)} state={{ from }}>
          <span className="read-neighbour-way">Newer</span>
          <span className="read-neighbour-title">{newer.prompt_title || 'Untitled'}</span>
        </Link>
      ) : null}
      {older ? (
        <Link className="read-neighbour read-older" to={readPath(older._id)} state={{ from }}>
          <span className="read-neighbour-way">Older</span>
          <span className="read-neighbour-title">{older.prompt_title || 'Untitled'}</span>
        </Link>
      ) : null}
    </nav>
  );
}
