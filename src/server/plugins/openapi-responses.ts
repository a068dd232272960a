import type { Endpoint, ErrorStatus } from '#shared/api/endpoints.ts';
import { WRITE_BYTES, WRITE_COUNTS, type WriteKind } from './write-limits.ts';

// Every error a call can answer, with why, for /api/openapi.json. Most follow from what the
// call is, the same for every call of its kind, so a new call gets them without anyone listing
// them: a JSON body → 400, 413, 415 and the cross-site 403; an /api path → 401 for an unknown
// bearer token (decision 024) and 503 while the database is away (decision 047); who may call
// (`access`) → 401 and 403; a rate limit or write limit on the route → its numbers under 429.
// Every request may meet the per-address connection cap (429, decision 048). What a call answers
// for reasons of its own (not found, taken, gone) its entry in the endpoint map lists (`errors`).

/** What the registered route adds to the map's entry: its per-address limit, its write kind. */
export type RouteLimits = {
  rateLimit?: { max: number; timeWindow: number | string };
  write?: WriteKind;
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function windowWords(ms: number | string): string {
  if (typeof ms === 'string') return ms;
  if (ms === MINUTE) return 'a minute';
  if (ms === HOUR) return 'an hour';
  if (ms % HOUR === 0) return `${ms / HOUR} hours`;
  if (ms % MINUTE === 0) return `${ms / MINUTE} minutes`;
  return `${ms / 1000} s`;
}

const rulesWords = (
  rules: readonly { max: number; windowMs: number }[],
  factor: number,
  unit = '',
) => rules.map((rule) => `${rule.max * factor}${unit} ${windowWords(rule.windowMs)}`).join(', ');

const MIB = 1024 * 1024;

/** Reasons per status, in the order they are found; the description lists them all. */
class Reasons {
  readonly byStatus = new Map<number, string[]>();
  add(status: number, reason: string): void {
    const list = this.byStatus.get(status) ?? [];
    list.push(reason);
    this.byStatus.set(status, list);
  }
}

/** A call that takes a body: JSON, or a multipart upload. */
const takesBody = (endpoint: Endpoint) => endpoint.method === 'POST';

/**
 * The error statuses of one call and, for each, the reasons it is answered. `path` is the map's
 * key; `limits` what the route registered with; `writeFactor` what the write limits are raised
 * by (MUSE_RATE_LIMITS=relaxed).
 */
export function errorReasons(
  path: string,
  endpoint: Endpoint,
  limits: RouteLimits,
  writeFactor = 1,
): Map<number, string[]> {
  const reasons = new Reasons();
  const api = path.startsWith('/api/');
  if (takesBody(endpoint)) {
    reasons.add(
      400,
      endpoint.body === 'multipart' || endpoint.body === undefined
        ? 'The body is not valid JSON'
        : 'The body is not valid JSON or does not match its schema (`error` names the field)',
    );
  }
  if (endpoint.query) reasons.add(400, 'The query does not match its schema');
  if (endpoint.access !== 'anyone') reasons.add(401, 'No session and no token');
  if (api) reasons.add(401, 'An unknown or revoked bearer token (on every /api call)');
  if (takesBody(endpoint)) {
    reasons.add(403, 'A cross-site request: a cookie with another site’s Origin');
  }
  if (endpoint.access === 'named') reasons.add(403, 'An anonymous user: sign up first');
  if (endpoint.access === 'admin') reasons.add(403, 'Not an admin');
  if (takesBody(endpoint) && endpoint.body !== 'multipart') {
    reasons.add(413, 'The body is over 1 MiB');
  }
  if (takesBody(endpoint)) {
    reasons.add(
      415,
      endpoint.body === 'multipart'
        ? 'A body that is not multipart/form-data'
        : 'A body that is not application/json',
    );
  }
  if (limits.rateLimit) {
    const { max, timeWindow } = limits.rateLimit;
    reasons.add(429, `Over ${max} calls ${windowWords(timeWindow)} from one address`);
  }
  if (limits.write) {
    reasons.add(
      429,
      `Over this kind of write's limits per person (${rulesWords(WRITE_COUNTS[limits.write], writeFactor)}) ` +
        `or the bytes all writes share (${rulesWords(
          WRITE_BYTES.perUser.map((rule) => ({ ...rule, max: rule.max / MIB })),
          writeFactor,
          ' MiB',
        )} per person)`,
    );
  }
  reasons.add(429, 'Too many connections open from one address');
  for (const [status, reason] of Object.entries(endpoint.errors ?? {})) {
    reasons.add(Number(status) as ErrorStatus, reason);
  }
  if (api)
    reasons.add(
      503,
      'The database is unavailable or too slow, or the server too busy: try again after Retry-After',
    );
  return reasons.byStatus;
}

/**
 * Whether `status` answers carry Retry-After, the seconds to wait: every 429, and an /api call's
 * 503 (a database fault, a full instance). /readyz's 503 tells a load balancer to look elsewhere,
 * with no time to come back.
 */
export function retriesAfter(path: string, status: number): boolean {
  return status === 429 || (status === 503 && path.startsWith('/api/'));
}
