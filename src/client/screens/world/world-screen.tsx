import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { AppHeader } from '#client/components/app-header.tsx';
import { FeedList, feedItemId } from '#client/components/feed-list.tsx';
import { BackIcon } from '#client/components/icons.tsx';
import { paths, signUpPath } from '#client/routes.ts';
import { loadSharedPage } from '#client/state/account/loads.ts';
import { claimStartupShared } from '#client/state/account/startup.ts';
import { getState, setState, useAppState } from '#client/state/store/app-store.ts';
import { useTitle } from '#client/use-title.ts';
import { newAnswersLabel } from './live-feed.ts';
import { PromptWorldScreen } from './prompt-world-screen.tsx';
import { useWorldLive } from './use-world-live.ts';
import { feedEnd, nearListEnd } from './world-paging.ts';
import './world-screen.css';

/** The answer the home page's cards point at: router state `{ worldAnswerId }`. */
function selectedFrom(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const id = (state as { worldAnswerId?: unknown }).worldAnswerId;
  return typeof id === 'string' && id ? id : null;
}

/** Brings an answer of the feed into view and gives it focus; false when it is not there. */
function showAnswer(answerId: string): boolean {
  const element = document.getElementById(feedItemId(answerId));
  if (!element) return false;
  element.scrollIntoView({ block: 'start' });
  element.focus({ preventScroll: true });
  return true;
}

/**
 * SPEC §2 /world 'Müse world': the shared answers, newest first, ten at a time (§4 World
 * paging), with a 'Loading...' placeholder. On arrival the selected world answer is scrolled
 * to; without one, page 1 is loaded. The next page loads when the last 10% of the list comes on
 * screen, or from the 'Load more' button (for keyboards and screen readers). Live: love counts
 * change in place and new shares wait behind an 'N new answers' button (decision 019).
 */
export function WorldScreen() {
  // /world?prompt={id}: the world filtered to one prompt (decision 023), a screen of its own.
  const [search] = useSearchParams();
  const promptId = search.get('prompt');
  if (promptId) return <PromptWorldScreen key={promptId} promptId={promptId} />;
  return <WholeWorldScreen />;
}

function WholeWorldScreen() {
  useTitle('Müse world');
  const location = useLocation();
  const world = useAppState((s) => s.world);
  const named = useAppState((s) => s.user.name.trim() !== '');
  const listRef = useRef<HTMLUListElement>(null);
  const endRef = useRef<HTMLParagraphElement>(null);
  const inFlight = useRef(false);
  const [fetching, setFetching] = useState(false);
  /** The last load failed: no automatic retries until the person scrolls or asks. */
  const [stalled, setStalled] = useState(false);
  const { fresh, showNew } = useWorldLive();

  // New answers go on top only when asked for: then the page goes up to the first of them.
  const revealNew = () => {
    const revealed = showNew();
    const first = revealed[0];
    requestAnimationFrame(() => {
      window.scrollTo({ top: 0 });
      if (first) document.getElementById(feedItemId(first._id))?.focus({ preventScroll: true });
    });
  };

  // `started`: the start-up's own load of page 1, when this is the first screen to show it.
  const load = useCallback(async (page: number, started?: Promise<boolean>): Promise<boolean> => {
    if (inFlight.current) return false;
    inFlight.current = true;
    setFetching(true);
    const ok = await (started ?? loadSharedPage(page));
    inFlight.current = false;
    setFetching(false);
    setStalled(!ok);
    return ok;
  }, []);

  // On mount: scroll to the selected answer, or load page 1.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per visit, with its router state
  useEffect(() => {
    const fromHome = selectedFrom(location.state);
    if (fromHome) setState({ worldAnswerId: fromHome });
    const selected = fromHome ?? getState().worldAnswerId;
    if (selected && getState().world.sharedAnswers.some((a) => a._id === selected)) {
      requestAnimationFrame(() => showAnswer(selected));
      return;
    }
    void load(1, claimStartupShared() ?? undefined).then(() => {
      if (selected) requestAnimationFrame(() => showAnswer(selected));
    });
  }, []);

  const checkNearEnd = useCallback(() => {
    const list = listRef.current;
    if (!list || inFlight.current || !getState().world.loading) return;
    if (nearListEnd(list.getBoundingClientRect(), window.innerHeight)) {
      void load(getState().world.page + 1);
    }
  }, [load]);

  useEffect(() => {
    window.addEventListener('scroll', checkNearEnd, { passive: true });
    window.addEventListener('resize', checkNearEnd);
    return () => {
      window.removeEventListener('scroll', checkNearEnd);
      window.removeEventListener('resize', checkNearEnd);
    };
  }, [checkNearEnd]);

  // A page has arrived and the list may still end on screen: look again (not after a failure,
  // which would otherwise retry in a loop).
  const count = world.sharedAnswers.length;
  useEffect(() => {
    if (!fetching && !stalled && count > 0) checkNearEnd();
  }, [fetching, stalled, count, checkNearEnd]);

  const loadMore = async () => {
    if (inFlight.current) return;
    const before = getState().world.sharedAnswers.length;
    if (!(await load(getState().world.page + 1))) return;
    // Keyboard users continue at the first new answer (or at the end line when none came).
    requestAnimationFrame(() => {
      const next = getState().world.sharedAnswers[before];
      if (!next || !showAnswer(next._id)) endRef.current?.focus();
    });
  };

  const end = feedEnd({ count, more: world.loading, fetching });
  return (
    <>
      <AppHeader
        title="Müse world"
        start={
          <Link
            className="icon-button"
            to={paths.categories}
            aria-label="Back to categories"
            onClick={() => setState({ worldAnswerId: null })}
          >
            <BackIcon />
          </Link>
        }
      />
      <main className="page world-page">
        <p className="page-intro world-intro">
          What people are reflecting on, shared by name or anonymously.{' '}
          {named ? (
            <Link to={paths.shared}>Your shared answers</Link>
          ) : (
            <Link to={signUpPath} state={{ from: paths.world }}>
              Sign up to share yours
            </Link>
          )}
        </p>
        <div className="world-new" aria-live="polite">
          {fresh.length > 0 ? (
            <button
              type="button"
              className="button button-small world-new-button"
              onClick={revealNew}
            >
              <span aria-hidden="true">↑</span> {newAnswersLabel(fresh.length)}
            </button>
          ) : null}
        </div>
        {count > 0 ? (
          <FeedList answers={world.sharedAnswers} listRef={listRef} label="Shared answers" />
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
          {/* Answers waiting behind the button: the world is no longer empty. */}
          {end === 'empty' && fresh.length === 0 ? (
            <p ref={endRef} className="world-end-text" tabIndex={-1}>
              No one has shared an answer yet. Write one, then share it from its menu.
            </p>
          ) : null}
          {end === 'end' ? (
            <p ref={endRef} className="world-end-text" tabIndex={-1}>
              That is everything shared so far.
            </p>
          ) : null}
        </div>
      </main>
    </>
  );
}
