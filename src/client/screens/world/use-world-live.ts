import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchSharedAnswers } from '#client/api/world.ts';
import { openWorldLive } from '#client/api/world-live.ts';
import { getState, setState, useAppState } from '#client/state/store/app-store.ts';
import type { FeedAnswer } from '#shared/api/world.ts';
import { addPending, reveal, stillNew, withLoves, withNewWords, without } from './live-feed.ts';

/**
 * The live world while /world is open: love counts and removals apply to the list at once; new
 * shares wait (`fresh`) until the reader asks for them with `showNew`, so nothing moves under
 * their thumb. After a reconnect the server replays what was missed, or says to look again,
 * and the first page is compared with the list.
 */
export function useWorldLive(): { fresh: FeedAnswer[]; showNew: () => FeedAnswer[] } {
  const [pending, setPendingState] = useState<FeedAnswer[]>([]);
  const pendingRef = useRef<FeedAnswer[]>([]);
  const setPending = useCallback((change: (current: FeedAnswer[]) => FeedAnswer[]) => {
    pendingRef.current = change(pendingRef.current);
    setPendingState(pendingRef.current);
  }, []);

  useEffect(() => {
    const setShown = (change: (answers: FeedAnswer[]) => FeedAnswer[]) =>
      setState((s) => ({ world: { ...s.world, sharedAnswers: change(s.world.sharedAnswers) } }));
    return openWorldLive({
      answer: ({ answer }) => {
        setPending((current) => addPending(current, answer, getState().world.sharedAnswers));
      },
      changed: ({ answer }) => {
        setShown((answers) => withNewWords(answers, answer));
        setPending((current) => withNewWords(current, answer));
      },
      loves: ({ _id, likes }) => {
        setShown((answers) => withLoves(answers, _id, likes));
        setPending((current) => withLoves(current, _id, likes));
      },
      removed: ({ _id }) => {
        setShown((answers) => without(answers, _id));
        setPending((current) => without(current, _id));
      },
      reset: () => {
        fetchSharedAnswers(1).then(
          ({ sharedAnswers }) => {
            if (!Array.isArray(sharedAnswers)) return;
            const byId = new Map(sharedAnswers.map((a) => [a._id, a.likes]));
            setShown((answers) =>
              answers.map((a) => {
                const likes = byId.get(a._id);
                return likes === undefined || likes === a.likes ? a : { ...a, likes };
              }),
            );
            setPending((current) =>
              [...sharedAnswers]
                .reverse()
                .reduce(
                  (list, answer) => addPending(list, answer, getState().world.sharedAnswers),
                  current,
                ),
            );
          },
          () => {},
        );
      },
    });
  }, [setPending]);

  const shown = useAppState((s) => s.world.sharedAnswers);
  const fresh = stillNew(pending, shown);

  const showNew = useCallback(() => {
    const waiting = pendingRef.current;
    const revealed = stillNew(waiting, getState().world.sharedAnswers);
    setState((s) => ({
      world: { ...s.world, sharedAnswers: reveal(s.world.sharedAnswers, waiting) },
    }));
    setPending(() => []);
    return revealed;
  }, [setPending]);

  return { fresh, showNew };
}
