import type { ApiPath, Endpoints, QueryOf, RequestOf, ResponseOf } from '#shared/api/endpoints.ts';

// The one way the client calls the server (decision 025): `api(path, body)`, typed by the
// endpoint map, so a body the server's schema would refuse, or a field its answer does not
// have, is a compile error. Types only: zod stays out of the bundle, and the answer is trusted
// as the server's schema shaped it.

/** An API call that answered with an error status, or (status 0) never got an answer. */
export class ApiError extends Error {
  readonly status: number;
  /** Seconds the server asked us to wait (Retry-After on a 429), when it said. */
  readonly retryAfter: number | null;
  /** The error response's JSON body (e.g. the current answer of a 409), when there was one. */
  readonly data: unknown;
  constructor(status: number, message: string, retryAfter: number | null = null, data?: unknown) {
    super(message);
    this.status = status;
    this.retryAfter = retryAfter;
    this.data = data;
  }
}

/**
 * What the app never fetches: checks for balancers, metrics, pictures and photos (<img>), the
 * live stream.
 */
type NotFetched =
  | '/healthz'
  | '/readyz'
  | '/metrics'
  | '/media/pictures/*'
  | '/api/answer/photo/:photo_id'
  | '/api/openapi.json'
  | '/api/world/live';

/** Every call the client may make with `api()`. */
export type CallPath = Exclude<ApiPath, NotFetched>;

type Exactly<T, U> = [T] extends [U] ? ([U] extends [T] ? true : false) : false;
type GetCall = { [P in CallPath]: Endpoints[P]['method'] extends 'GET' ? P : never }[CallPath];
type FileAnswer = {
  [P in CallPath]: Endpoints[P]['response'] extends string ? P : never;
}[CallPath];

/** The map's GET calls and calls answered with a file, for the request at run time. */
const GET_CALLS = ['/api/password/recovery', '/api/answer/reported'] as const;
const FILE_ANSWERS = ['/api/user/export/markdown'] as const;
// A new GET call or file in the map fails to compile here until it is added above.
true satisfies Exactly<(typeof GET_CALLS)[number], GetCall>;
true satisfies Exactly<(typeof FILE_ANSWERS)[number], FileAnswer>;
const gets: ReadonlySet<string> = new Set(GET_CALLS);
const files: ReadonlySet<string> = new Set(FILE_ANSWERS);

export type CallOptions = {
  /**
   * Lets the request outlive the page: saves made on `pagehide` use it so that closing the tab
   * does not cancel them.
   */
  keepalive?: boolean;
  signal?: AbortSignal;
};

/** The query string, for calls whose map entry has one. */
type OptionsOf<P extends CallPath> = CallOptions & { query?: QueryOf<P> };

/** The body is required when the call's schema requires something, optional when not. */
type CallArgs<P extends CallPath> = [RequestOf<P>] extends [undefined]
  ? [body?: undefined, options?: OptionsOf<P>]
  : Record<string, never> extends RequestOf<P>
    ? [body?: RequestOf<P>, options?: OptionsOf<P>]
    : [body: RequestOf<P>, options?: OptionsOf<P>];

function urlOf(path: string, query: unknown): string {
  const fields = Object.entries(typeof query === 'object' && query !== null ? query : {}).flatMap(
    ([name, value]): [string, string][] =>
      typeof value === 'string' || typeof value === 'number' ? [[name, String(value)]] : [],
  );
  return fields.length === 0 ? path : `${path}?${new URLSearchParams(fields)}`;
}

/**
 * Calls `path` with the session cookie: POST with a JSON body (a FormData body for uploads), or
 * GET, as the map says. Throws ApiError for an error status and ApiError(0) when the network
 * failed, so callers can tell "the server said no" (401: the session is gone) from "offline".
 */
export async function api<P extends CallPath>(
  path: P,
  ...[body, options = {}]: NoInfer<CallArgs<P>>
): Promise<ResponseOf<P>> {
  const get = gets.has(path);
  const form = body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(urlOf(path, options.query), {
      method: get ? 'GET' : 'POST',
      ...(!get && !form && { headers: { 'Content-Type': 'application/json' } }),
      ...(!get && { body: form ? body : JSON.stringify(body ?? {}) }),
      credentials: 'same-origin',
      keepalive: options.keepalive,
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, error instanceof Error ? error.message : 'Network error');
  }
  if (response.ok && files.has(path)) return (await response.blob()) as ResponseOf<P>;
  const data = (await response.json().catch(() => ({}))) as { error?: string };
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('Retry-After'));
    throw new ApiError(
      response.status,
      data.error ?? response.statusText,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
      data,
    );
  }
  return data as ResponseOf<P>;
}

/** True when the server says the caller has no session (SPEC: the session cookie is gone). */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
