import { useMemo } from 'react';
import { Link } from 'react-router';
import { AppHeader, BackLink } from '#client/components/app-header.tsx';
import { lovesLabel } from '#client/components/feed-rules.ts';
import { HeartIcon } from '#client/components/icons.tsx';
import { Markdown } from '#client/components/markdown/markdown.tsx';
import { useShareFlow } from '#client/components/use-share-flow.tsx';
import { answerPath, paths, signUpPath } from '#client/routes.ts';
import { useAppState } from '#client/state/store/app-store.ts';
import { useTitle } from '#client/use-title.ts';
import { formatDate } from '#shared/domain/date-format.ts';
import { ownSharedAnswers } from './shared-answers.ts';
import './shared-screen.css';

/** SPEC §2 /shared: the user's own shared answers, newest first, with their love. */
export function SharedScreen() {
  useTitle('Shared answers');
  const answers = useAppState((s) => s.answers);
  const named = useAppState((s) => s.user.name.trim() !== '');
  const shared = useMemo(() => ownSharedAnswers(answers), [answers]);
  const flow = useShareFlow();

  return (
    <>
      <AppHeader
        title="Shared answers"
        start={<BackLink to={paths.categories} label="Back to categories" />}
      />
      <main className="page">
        {shared.length === 0 ? (
          <div className="shared-empty">
            {named ? (
              <>
                <p>You have not shared an answer yet.</p>
                <p>
                  Open one of your answers, tap its prompt and choose Share: by name or anonymously.
                </p>
                <Link className="button" to={paths.past}>
                  My answers
                </Link>
              </>
            ) : (
              <>
                <p>Sharing with the world needs a Müse profile.</p>
                <Link className="button" to={signUpPath} state={{ from: paths.shared }}>
                  Sign up
                </Link>
              </>
            )}
          </div>
        ) : (
          <>
            <div className="shared-tools">
              <p className="page-intro shared-intro">
                {shared.length === 1 ? '1 answer' : `${shared.length} answers`} in the{' '}
                <Link to={paths.world}>Müse world</Link>.
              </p>
              <button
                type="button"
                className="button button-quiet button-small"
                onClick={flow.shareTo}
              >
                Share to…
              </button>
            </div>
            <ul className="shared-list">
              {shared.map((answer) => {
                const title = answer.prompt_title || 'Untitled';
                const date = formatDate(answer.sharedOn ?? answer.answered);
                return (
                  <li key={answer._id} className="shared-card card">
                    <article aria-label={title}>
                      <p className="shared-card-meta">
                        {date ? <time dateTime={answer.sharedOn ?? undefined}>{date}</time> : null}
                        <span>{answer.anonymous ? ' · Anonymously' : ' · By name'}</span>
                      </p>
                      <h2 className="shared-card-title">
                        <Link to={answerPath(answer._id)} state={{ from: paths.shared }}>
                          {title}
                        </Link>
                      </h2>
                      {/* What the world reads: its copy, not later private edits (decision 015). */}
                      <Markdown
                        className="shared-card-text"
                        text={answer.sharedText ?? answer.text}
                        headingBase={3}
                      />
                      <div className="shared-card-actions">
                        <span className="shared-card-loves">
                          <HeartIcon filled={answer.likes > 0} />
                          {lovesLabel(answer.likes)}
                        </span>
                        <button
                          type="button"
                          className="button button-small button-quiet"
                          aria-label={`Unshare: ${title}`}
                          onClick={() => flow.unshare(answer._id)}
                        >
                          Unshare
                        </button>
                      </div>
                    </article>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </main>
      {flow.dialogs}
    </>
  );
}
