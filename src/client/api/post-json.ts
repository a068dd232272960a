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

export type PostOptions = {
  /**
   * Lets the request outlive the page: saves made on `pagehide` use it so that closing the tab
   * does not cancel them.
   */
  keepalive?: boolean;
  signal?: AbortSignal;
};

/**
 * POST a JSON body to our API with the session cookie and read the JSON answer. Throws ApiError
 * for an error status and ApiError(0) when the network failed, so callers can tell "the server
 * said no" (401: the session is gone) from "offline".
 */
export async function postJson<T>(url: string, body?: unknown, options: PostOptions = {}) {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body ?? {}),
      credentials: 'same-origin',
      keepalive: options.keepalive,
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, error instanceof Error ? error.message : 'Network error');
  }
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
  return data as T;
}

/** True when the server says the caller has no session (SPEC: the session cookie is gone). */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
