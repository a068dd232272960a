// Where reminders may go (issue 34 point 1): the push services browsers subscribe with, and
// nowhere else. A subscription's endpoint is a URL the browser hands us, so anyone can send any
// URL; the server only ever connects to these hosts, over https on 443. Checked when a device
// subscribes (400) and again by the sender before every push (rows from before this rule).
// The connect-time address guard is push-agent.ts.

type PushService = {
  name: string;
  /** The host itself and, with `subdomains`, any name under it. */
  host: string;
  subdomains: boolean;
  /** Where the host also serves other APIs: only the paths its push endpoints use. */
  paths?: RegExp;
};

export const PUSH_SERVICES: readonly PushService[] = [
  // Chrome, Edge on Android, Opera, Samsung Internet: /fcm/send/<token> and /wp/<token>.
  { name: 'FCM', host: 'googleapis.com', subdomains: true, paths: /^\/(?:fcm\/send|wp)\/[^/]/ },
  { name: 'Mozilla autopush', host: 'push.services.mozilla.com', subdomains: true },
  { name: 'WNS', host: 'notify.windows.com', subdomains: true },
  { name: 'Apple', host: 'push.apple.com', subdomains: true },
];

export const REFUSED_ENDPOINT =
  'is not a push service Müse sends to (https on port 443 at FCM, Mozilla, Windows or Apple)';

function serviceOf(hostname: string): PushService | undefined {
  return PUSH_SERVICES.find(
    (service) =>
      hostname === service.host || (service.subdomains && hostname.endsWith(`.${service.host}`)),
  );
}

/** Whether the server may send a push to `endpoint` (parsed as the sender will parse it). */
export function isPushServiceEndpoint(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  // URL drops a default port, so '' is 443; an explicit ':443' reads as '' too.
  if (url.protocol !== 'https:' || url.port !== '' || url.username || url.password) return false;
  const service = serviceOf(url.hostname);
  return service !== undefined && (service.paths?.test(url.pathname) ?? true);
}
