import type { ApiPath } from '#shared/api/endpoints.ts';
import type { LiveEvent } from '#shared/api/world-live.ts';

/** An EventSource, not a fetch: the one call that does not go through `api()`. */
const WORLD_LIVE_PATH = '/api/world/live' satisfies ApiPath;

export type WorldLiveHandlers = {
  answer: (event: LiveEvent<'answer'>) => void;
  changed: (event: LiveEvent<'changed'>) => void;
  loves: (event: LiveEvent<'loves'>) => void;
  removed: (event: LiveEvent<'removed'>) => void;
  /** What was missed could not be replayed (or the stream had to start over): look again. */
  reset: () => void;
};

/**
 * After the server refused the stream (503 while it stops, 429 when this network holds too many
 * streams), try again this much later, twice as long after each refusal in a row up to a
 * minute: a refused reader costs the server one request a minute, and /world still works
 * without live changes (reloading shows them).
 */
export const REOPEN_MS = 5_000;
export const REOPEN_MAX_MS = 60_000;

function parse<T>(event: Event): T | null {
  try {
    return JSON.parse((event as MessageEvent<string>).data) as T;
  } catch {
    return null;
  }
}

/**
 * Listens to the world's changes (GET /api/world/live). EventSource reconnects by itself after a
 * drop or when the server ends a stream (each lives about ten minutes), and sends Last-Event-ID,
 * so the server replays what was missed, neither losing nor repeating an event; that is why a
 * stream that merely ended is left to EventSource, never replaced by a new one (which would
 * forget its last id). If the server refused the stream outright, a new one is opened later
 * and the screen is told to look again. Returns the function that stops listening.
 */
export function openWorldLive(handlers: WorldLiveHandlers): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let refusals = 0;

  const open = (again: boolean) => {
    source = new EventSource(WORLD_LIVE_PATH);
    source.addEventListener('open', () => {
      refusals = 0;
    });
    source.addEventListener('answer', (event) => {
      const data = parse<LiveEvent<'answer'>>(event);
      if (data?.answer) handlers.answer(data);
    });
    source.addEventListener('changed', (event) => {
      const data = parse<LiveEvent<'changed'>>(event);
      if (data?.answer) handlers.changed(data);
    });
    source.addEventListener('loves', (event) => {
      const data = parse<LiveEvent<'loves'>>(event);
      if (data && typeof data.likes === 'number') handlers.loves(data);
    });
    source.addEventListener('removed', (event) => {
      const data = parse<LiveEvent<'removed'>>(event);
      if (data?._id) handlers.removed(data);
    });
    source.addEventListener('reset', () => handlers.reset());
    if (again) source.addEventListener('open', () => handlers.reset(), { once: true });
    source.onerror = () => {
      // CONNECTING: the stream ended or dropped and EventSource is resuming it by itself.
      if (stopped || source?.readyState !== EventSource.CLOSED) return;
      source = null;
      const delay = Math.min(REOPEN_MAX_MS, REOPEN_MS * 2 ** refusals);
      refusals += 1;
      timer = setTimeout(() => open(true), delay);
    };
  };
  open(false);

  return () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
  };
}
