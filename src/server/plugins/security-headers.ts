import type { FastifyInstance } from 'fastify';
import { isApiRequest } from './canonical-path.ts';
import { TODAY_PICKER_HASH } from './today-frame.ts';

/**
 * The inline scripts allowed, by their SHA-256: index.html's theme script that sets the colour
 * theme before the first paint (decision 020), and /answer/today's picker of the device's day's
 * prompt (today-frame.ts). Everything else loads as same-origin files.
 */
export const THEME_SCRIPT_HASH = "'sha256-hsYpHls5DUXfG+cgoDvKhkdFBybnATfSzEo3Cc0g5uU='";

const CSP = [
  "default-src 'self'",
  `script-src 'self' ${THEME_SCRIPT_HASH} ${TODAY_PICKER_HASH}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** What an API answer that is one person's own file (an entry photo) says to caches. */
export const PRIVATE_NO_STORE = 'private, no-store';

export function registerSecurityHeaders(app: FastifyInstance, https: boolean): void {
  // A callback hook: no promise per request for synchronous work (decision 038).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('Content-Security-Policy', CSP);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (https) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    // API answers may carry private journal text: never let a cache keep them, errors and 404s
    // included, whatever the spelling of the path.
    // A private photo (decision 062) says so too, for any cache between that ignores no-store.
    if (isApiRequest(request) && reply.getHeader('Cache-Control') !== PRIVATE_NO_STORE) {
      reply.header('Cache-Control', 'no-store');
    }
    done(null, payload);
  });
}
