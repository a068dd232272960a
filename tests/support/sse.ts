// A small Server-Sent Events reader for tests: what EventSource does, over fetch.

export type SseEvent = { id: string | null; event: string; data: string };

export type SseStream = {
  status: number;
  headers: Headers;
  events: SseEvent[];
  /** Everything received, comments and all. */
  raw: () => string;
  /**
   * What EventSource would send as Last-Event-ID on reconnecting: the last `id:` field of a
   * finished block, also of a block without data (which dispatches no event).
   */
  lastEventId: () => string;
  /** Resolves when the server has ended the stream (or it was closed here). */
  ended: Promise<void>;
  /** The first event (already received or still to come) that `match` accepts. */
  next: (match: (event: SseEvent) => boolean, timeoutMs?: number) => Promise<SseEvent>;
  close: () => void;
};

export async function openSse(
  url: string,
  headers: Record<string, string> = {},
): Promise<SseStream> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  let raw = '';
  let buffer = '';
  let lastEventId = '';
  let markEnded = () => {};
  const ended = new Promise<void>((resolve) => {
    markEnded = resolve;
  });
  const parseBlock = (block: string) => {
    let id: string | null = null;
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':') || line === '') continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') {
        id = value;
        lastEventId = value;
      } else if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0) {
      events.push({ id, event, data: data.join('\n') });
      for (const wake of waiters) wake();
    }
  };
  if (response.body) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          const text = decoder.decode(value, { stream: true });
          raw += text;
          buffer += text;
          let end = buffer.indexOf('\n\n');
          while (end !== -1) {
            parseBlock(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // aborted
      }
      markEnded();
    })();
  } else markEnded();
  return {
    status: response.status,
    headers: response.headers,
    events,
    raw: () => raw,
    lastEventId: () => lastEventId,
    ended,
    next: (match, timeoutMs = 5_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event in ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      }),
    close: () => controller.abort(),
  };
}
