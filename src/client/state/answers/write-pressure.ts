import { ApiError } from '#client/api/call.ts';
import { onReset } from '../store/module-state.ts';
import { showStatus } from '../store/status.ts';

// Two refusals that say "later", each with Retry-After: the write limits (429, issue 13 point 5)
// and a server that cannot save right now (503: its disk is full, its database unreachable or
// restarting, issue 33). Nothing is lost: the write already went to the offline record like any
// failed write; here the person gets a calm word and the record is sent again once the server
// said it may be.

export const WRITING_TOO_FAST =
  "You're writing faster than we can keep up — we'll save this in a moment";
export const SERVER_COULD_NOT_SAVE =
  "Müse couldn't save on the server — your words are kept on this device";
const DEFAULT_WAIT_S = { 429: 30, 503: 10 };
const MAX_WAIT_S = 60 * 60;

let retryTimer: ReturnType<typeof setTimeout> | null = null;
let retry: () => void = () => undefined;

onReset(() => {
  if (retryTimer !== null) clearTimeout(retryTimer);
  retryTimer = null;
  retry = () => undefined;
});

/** What to run when the wait is over: the offline sync (set by startOfflineSync). */
export function onRetryAfterPressure(run: () => void): void {
  retry = run;
}

export function isTooFast(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 429;
}

/**
 * For a 429 or a 503: tells the person calmly and schedules one retry. False for any other
 * error (the offline sync's own triggers, going online or a reload, try again then).
 */
export function noteRetryLater(error: unknown): boolean {
  if (!(error instanceof ApiError) || (error.status !== 429 && error.status !== 503)) return false;
  showStatus(error.status === 429 ? WRITING_TOO_FAST : SERVER_COULD_NOT_SAVE);
  if (retryTimer === null) {
    const fallback = DEFAULT_WAIT_S[error.status];
    const waitS = Math.min(Math.max(error.retryAfter ?? fallback, 1), MAX_WAIT_S);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      retry();
    }, waitS * 1000);
  }
  return true;
}
