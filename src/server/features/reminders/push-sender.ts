import type { Agent } from 'node:https';
import https from 'node:https';
import webpush from 'web-push';
import { PushAgent } from './push-agent.ts';
import { isPushServiceEndpoint } from './push-services.ts';
import type { SubscriptionRow } from './reminders.repo.ts';
import type { VapidKeys } from './vapid.ts';

/** A push service answers within seconds; one that doesn't is given up on, the rest go on. */
export const PUSH_SEND_TIMEOUT_MS = 10_000;

/** An endpoint the server will not send to (stored before the push-service rule): remove it. */
export class RefusedEndpointError extends Error {}

/**
 * Sends one encrypted push and answers the push service's status; throws on a network error,
 * on `timeoutMs` or when `signal` (the scheduler's deadline) ends it.
 */
export type PushSender = (
  row: SubscriptionRow,
  payload: string,
  signal?: AbortSignal,
) => Promise<number>;

/**
 * web-push encrypts and signs (VAPID); the request itself is ours, so that it goes through the
 * guarded agent, is parsed by the same URL parser as the check, ends by a deadline (the
 * library's `timeout` is only an idle timer: a service dripping a byte a second would hold it)
 * and never buffers a response body.
 */
export function webPushSender(
  vapid: VapidKeys,
  options: { agent?: Agent; timeoutMs?: number } = {},
): PushSender {
  const agent = options.agent ?? new PushAgent();
  const timeoutMs = options.timeoutMs ?? PUSH_SEND_TIMEOUT_MS;
  return (row, payload, signal) => {
    if (!isPushServiceEndpoint(row.endpoint)) {
      return Promise.reject(new RefusedEndpointError(`Not a push service: ${row.endpoint}`));
    }
    const details = webpush.generateRequestDetails(
      { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
      payload,
      { vapidDetails: vapid, TTL: 4 * 60 * 60, contentEncoding: 'aes128gcm' },
    );
    const timeout = AbortSignal.timeout(timeoutMs);
    const ends = signal ? AbortSignal.any([timeout, signal]) : timeout;
    return new Promise<number>((resolve, reject) => {
      ends.addEventListener('abort', () => reject(ends.reason), { once: true });
      const request = https.request(
        new URL(row.endpoint),
        { method: details.method, headers: details.headers, agent, signal: ends },
        (response) => {
          response.on('error', reject);
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.resume();
        },
      );
      request.on('error', reject);
      request.end(details.body ?? undefined);
    });
  };
}
