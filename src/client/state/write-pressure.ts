import { ApiError } from '../api/call.ts';
import { showStatus } from './status.ts';

// The server's write limits (issue 13 point 5) answer 429 with Retry-After. Nothing is lost: the
// write already went to the offline record like any failed write; here the person gets a calm
// word (not a warning) and the record is sent again once the server said it may be.

export const WRITING_TOO_FAST =
  "You're writing faster than we can keep up — we'll save this in a moment";
const DEFAULT_WAIT_S = 30;
const MAX_WAIT_S = 60 * 60;

let retryTimer: ReturnType<typeof setTimeout> | null = null;
let retry: () => void = () => undefined;

/** What to run when the wait is over: the offline sync (set by startOfflineSync). */
export function onRetryAfterPressure(run: () => void): void {
  retry = run;
}

export function isTooFast(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 429;
}

/** For a 429: tells the person calmly and schedules one retry. False for any other error. */
export function noteTooFast(error: unknown): boolean {
  if (!isTooFast(error)) return false;
  showStatus(WRITING_TOO_FAST);
  if (retryTimer === null) {
    const waitS = Math.min(Math.max(error.retryAfter ?? DEFAULT_WAIT_S, 1), MAX_WAIT_S);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      retry();
    }, waitS * 1000);
  }
  return true;
}
