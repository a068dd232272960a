import {
  type LiveAnswerEvent,
  type LiveChangedEvent,
  type LiveLovesEvent,
  type LiveRemovedEvent,
  WORLD_LIVE_PATH,
} from '#shared/api/world-live.ts';

export type WorldLiveHandlers = {
  answer: (event: LiveAnswerEvent) => void;
  changed: (event: LiveChangedEvent) => void;
  loves: (event: LiveLovesEvent) => void;
  removed: (event: LiveRemovedEvent) => void;
  /** What was missed could not be replayed (or the stream had to start over): look again. */
  reset: () => void;
};

/** After the server refused the stream (503 while it stops, say), try again this much later. */
const REOPEN_MS = 5_000;

function parse<T>(event: Event): T | null {
  try {
    return JSON.parse((event as MessageEvent<string>).data) as T;
  } catch {
    return null;
  }
}

/**
 * Listens to the world's changes (GET /api/world/live). EventSource reconnects by itself after a
 * drop and sends Last-Event-ID, so the server replays what was missed; if the server refused
 * the stream outright, a new one is opened later and the screen is told to look again.
 * Returns the function that stops listening.
 */
export function openWorldLive(handlers: WorldLiveHandlers): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const open = (again: boolean) => {
    source = new EventSource(WORLD_LIVE_PATH);
    source.addEventListener('answer', (event) => {
      const data = parse<LiveAnswerEvent>(event);
      if (data?.answer) handlers.answer(data);
    });
    source.addEventListener('changed', (event) => {
      const data = parse<LiveChangedEvent>(event);
      if (data?.answer) handlers.changed(data);
    });
    source.addEventListener('loves', (event) => {
      const data = parse<LiveLovesEvent>(event);
      if (data && typeof data.likes === 'number') handlers.loves(data);
    });
    source.addEventListener('removed', (event) => {
      const data = parse<LiveRemovedEvent>(event);
      if (data?._id) handlers.removed(data);
    });
    source.addEventListener('reset', () => handlers.reset());
    if (again) source.addEventListener('open', () => handlers.reset(), { once: true });
    source.onerror = () => {
      if (stopped || source?.readyState !== EventSource.CLOSED) return;
      source = null;
      timer = setTimeout(() => open(true), REOPEN_MS);
    };
  };
  open(false);

  return () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
  };
}
