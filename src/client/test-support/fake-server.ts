import type { RequestOf, ResponseOf } from '#shared/api/endpoints.ts';
import type { CallPath } from '../api/call.ts';

// The network of a component test: a tiny fake of the server that answers the calls a screen
// makes (`api()` in src/client/api/call.ts is the only caller of fetch), each typed by the
// endpoint map as the real answer is. A call nobody set up is answered 404 and remembered: the
// component setup fails the test with it, so a test never passes on a call it did not mean.

/** A refusal the way the server says one: a status and SPEC §8's words in `error`. */
export class Refusal {
  readonly status: number;
  readonly error: string;
  constructor(status: number, error: string) {
    this.status = status;
    this.error = error;
  }
}

type Handler<P extends CallPath> = (
  body: RequestOf<P>,
  url: URL,
) => ResponseOf<P> | Refusal | Promise<ResponseOf<P> | Refusal>;

export type Call = { path: string; body: unknown };

export type FakeServer = {
  /** Answers every call to `path` with `answer` (or what the function returns for the body). */
  on<P extends CallPath>(path: P, answer: ResponseOf<P> | Refusal | Handler<P>): FakeServer;
  /** No network: every call fails as fetch does offline (the app's ApiError 0). */
  goOffline(): void;
  /** Every call made so far, in order. */
  readonly calls: Call[];
  /** Calls answered 404 because no test set them up. */
  readonly unanswered: string[];
  readonly fetch: typeof fetch;
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function bodyOf(init: RequestInit | undefined): unknown {
  if (typeof init?.body !== 'string') return init?.body;
  return JSON.parse(init.body);
}

export function fakeServer(): FakeServer {
  const handlers = new Map<string, (body: unknown, url: URL) => unknown>();
  const calls: Call[] = [];
  const unanswered: string[] = [];
  let offline = false;
  const server: FakeServer = {
    on(path, answer) {
      handlers.set(path, (body, url) =>
        typeof answer === 'function'
          ? (answer as (b: unknown, u: URL) => unknown)(body, url)
          : answer,
      );
      return server;
    },
    goOffline() {
      offline = true;
    },
    calls,
    unanswered,
    async fetch(input, init) {
      const url = new URL(String(input), window.location.origin);
      if (offline) throw new TypeError('Failed to fetch');
      calls.push({ path: url.pathname, body: bodyOf(init) });
      const handler = handlers.get(url.pathname);
      if (!handler) {
        unanswered.push(url.pathname);
        return json(404, { error: 'Not found' });
      }
      const answer = await handler(bodyOf(init), url);
      if (answer instanceof Refusal) return json(answer.status, { error: answer.error });
      return json(200, answer);
    },
  };
  return server;
}
