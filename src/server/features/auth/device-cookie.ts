import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '#server/deps.ts';
import { cookieName, cookieOptions, servedOverHttps } from '#server/plugins/session.ts';

// A browser that has logged in to an account before carries a signed device cookie for it. A
// correct password from such a device gets its own login throttle, so strangers hammering the
// account's name cannot lock its owner out (issue 13 point 2). The cookie proves nothing on its
// own: the password is still checked, and the device's own bucket is throttled too.

export const DEVICE_COOKIE = 'muse_device';
const DEVICE_DAYS = 400;

function mac(secret: string, deviceId: string, accountId: string): string {
  return createHmac('sha256', secret)
    .update(`muse-device-v1\u0000${deviceId}\u0000${accountId}`)
    .digest('base64url');
}

/** The device id, when the request carries a valid device cookie for this account. */
export function knownDeviceOf(
  deps: Pick<AppDeps, 'secret' | 'config'>,
  request: FastifyRequest,
  accountId: string,
): string | null {
  // Over https `__Host-muse_device`; the plain name of before is still read (it is signed, so a
  // planted one proves nothing) until the next login sets the new one.
  const value =
    request.cookies[cookieName(deps.config, DEVICE_COOKIE)] ??
    (servedOverHttps(deps.config) ? request.cookies[DEVICE_COOKIE] : undefined);
  if (!value || value.length > 300) return null;
  const [deviceId, cookieAccount, signature] = value.split('.');
  if (!deviceId || !signature || cookieAccount !== accountId) return null;
  const expected = Buffer.from(mac(deps.secret, deviceId, accountId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? deviceId : null;
}

/** Remembers this browser for the account (keeps its device id when it already had one). */
export function rememberDevice(
  deps: Pick<AppDeps, 'secret' | 'config'>,
  request: FastifyRequest,
  reply: FastifyReply,
  accountId: string,
): void {
  const deviceId = knownDeviceOf(deps, request, accountId) ?? randomBytes(16).toString('base64url');
  reply.setCookie(
    cookieName(deps.config, DEVICE_COOKIE),
    `${deviceId}.${accountId}.${mac(deps.secret, deviceId, accountId)}`,
    { ...cookieOptions(deps.config), maxAge: DEVICE_DAYS * 24 * 60 * 60 },
  );
  if (servedOverHttps(deps.config) && request.cookies[DEVICE_COOKIE] !== undefined) {
    reply.clearCookie(DEVICE_COOKIE, { path: '/', secure: true });
  }
}
