import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { AppHeader, BackLink } from '#client/components/app-header.tsx';
import { FeedList } from '#client/components/feed-list.tsx';
import { paths, promptPath } from '#client/routes.ts';
import { loadPromptWorldPage } from '#client/state/account/loads.ts';
import { getState, useAppState } from '#client/state/store/app-store.ts';
import { useTitle } from '#client/use-title.ts';
import { feedEnd } from './world-paging.ts';
import './world-screen.css';

/** The prompt's title as this device knows it: the library, one's own prompts or answers. */
function usePromptTitle(promptId: string): string {
  return useAppState(
    (s) =>
      s.prompts.find((p) => p._id === promptId)?.title ??
      s.myPrompts.find((p) => p._id === promptId)?.title ??
      s.answers.find((a) => a.prompt_id === promptId)?.prompt_title ??
      s.promptWorld?.sharedAnswers.find((a) => a.prompt_id === promptId)?.prompt_title ??
      '',
  );
}

/**
 * /world?prompt={id} (issue 17 A, decision 023): how others answered one prompt, newest first,
 * ten at a time with 'Load more'. Only after answering it oneself: before, a gentle word and
 * the way to answer. Not live: a filtered view never receives the whole world's arrivals.
 */
export function PromptWorldScreen({ promptId }: { promptId: string }) {
  useTitle('How others answered');
  const title = usePromptTitle(promptId);
  const world = useAppState((s) => (s.promptWorld?.promptId === promptId ? s.promptWorld : null));
  const inFlight = useRef(false);
  const endRef = useRef<HTMLParagraphElement>(null);
  const [fetching, setFetching] = useState(false);
  const [failed, setFailed] = useState(false);

  const load = useCallback(
    async (page: number) => {
      if (inFlight.current) return false;
      inFlight.current = true;
      setFetching(true);
      const ok = await loadPromptWorldPage(promptId, page);
      inFlight.current = false;
      setFetching(false);
      setFailed(!ok);
      return ok;
    },
    [promptId],
  );

  useEffect(() => {
    void load(1);
  }, [load]);

  const count = world?.sharedAnswers.length ?? 0;
  const end = feedEnd({ count, more: world?.loading ?? false, fetching: fetching || !world });

  const loadMore = async () => {
    const current = getState().promptWorld;
    if (!current) return;
    const before = current.sharedAnswers.length;
    if (!(await load(current.page + 1))) return;
    requestAnimationFrame(() => {
      const next = getState().promptWorld?.sharedAnswers[before];
      const element = next ? document.getElementById(`feed-answer-${next._id}`) : null;
      if (element) element.focus();
      else endRef.current?.focus();
    });
  };

  return (
    <>
      <AppHeader
        title="How others answered"
        start={<BackLink to={paths.world} label="Back to Müse world" />}
      />
      <main className="page world-page">
        {title ? <p className="page-intro world-intro prompt-world-title">{title}</p> : null}
        {world?.answerFirst ? (
          <section className="prompt-world-first card" aria-labelledby="answer-first-heading">
            <h2 id="answer-first-heading" className="prompt-world-first-heading">
              Answer first, then see how others answered
            </h2>
            <p className="prompt-world-first-text">
              Your own words come before anyone else’s. Once you have written yours, the answers
              others shared to this prompt open here.
            </p>
            <Link className="button" to={promptPath(promptId)}>
              Answer this prompt
            </Link>
          </section>
        ) : (
          <>
            {count > 0 && world ? (
              <FeedList answers={world.sharedAnswers} label="How others answered this prompt" />
            ) : null}
            <div className="world-end" aria-live="polite">
              {count === 0 && end === 'loading' ? <p className="loading">Loading...</p> : null}
              {count > 0 && (end === 'loading' || end === 'load-more') ? (
                <button
                  type="button"
                  className="button button-quiet"
                  aria-disabled={fetching ? 'true' : undefined}
                  onClick={() => void loadMore()}
                >
                  {fetching ? 'Loading...' : 'Load more'}
                </button>
              ) : null}
              {failed && count === 0 ? (
                <p className="world-end-text">
                  These answers did not load.{' '}
                  <button
                    type="button"
                    className="button button-quiet button-small"
                    onClick={() => void load(1)}
                  >
                    Try again
                  </button>
                </p>
              ) : null}
              {!failed && end === 'empty' ? (
                <p ref={endRef} className="world-end-text" tabIndex={-1}>
                  No one has shared an answer to this prompt yet.
                </p>
              ) : null}
              {end === 'end' ? (
                <p ref={endRef} className="world-end-text" tabIndex={-1}>
                  That is everything shared for this prompt so far.
                </p>
              ) : null}
            </div>
          </>
        )}
      </main>
    </>
  );
}
