import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database } from '../../src/server/db/database.ts';
import { hashToken } from '../../src/server/features/auth/sessions.service.ts';
import { SESSION_COOKIE } from '../../src/server/plugins/session.ts';
import { nameSkeleton } from '../../src/shared/domain/name-skeleton.ts';

let counter = 0;
/** A unique suffix so tests never collide, even on a shared database. */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}${counter}${randomBytes(3).toString('hex')}`;
}

export type TestUser = { id: string; name: string; cookie: string };

/**
 * Inserts a user and a live session straight into the database (no HTTP, no password hashing):
 * for tests whose subject is not sign-up itself. `name: ''` makes an anonymous user.
 */
export async function buildUser(
  db: Database,
  options: {
    name?: string;
    admin?: boolean;
    email?: string;
    /** A name as kept from before migration 016: no skeleton (look-alikes may coexist). */
    legacyName?: boolean;
  } = {},
): Promise<TestUser> {
  const id = unique('u');
  const name = options.name ?? unique('Name');
  const now = new Date().toISOString();
  const today = now.slice(0, 10);
  await db
    .insertInto('users')
    .values({
      id,
      name,
      name_key: name ? name.toLowerCase() : null,
      name_skeleton: name && !options.legacyName ? nameSkeleton(name) : null,
      email: name ? (options.email ?? `${id}@example.com`) : null,
      email_key: name ? (options.email ?? `${id}@example.com`).toLowerCase() : null,
      password_hash: null,
      profile_picture: null,
      started: today,
      streak: 0,
      longest_streak: 0,
      score: 0,
      last: null,
      categories: '[]',
      passcode_hash: null,
      old_id: null,
      created_at: now,
    })
    .execute();
  if (options.admin) await db.insertInto('admins').values({ user_id: id, added_at: now }).execute();
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: id,
      created_at: now,
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    })
    .execute();
  // Under both names: an app on an https origin reads `__Host-muse_session`, one on http the
  // plain name, and each ignores the other.
  return { id, name, cookie: `${SESSION_COOKIE}=${token}; __Host-${SESSION_COOKIE}=${token}` };
}

/** POST a JSON body as the given user (or with no session). */
export function post(
  app: FastifyInstance,
  url: string,
  body: unknown = {},
  user?: { cookie: string } | null,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    payload: body as Record<string, unknown>,
    headers: user ? { cookie: user.cookie } : {},
  });
}

/** The session cookie a response set (`__Host-` named on an https app), as a `Cookie` value. */
export function sessionCookieFrom(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find(
    (c) => c.name === SESSION_COOKIE || c.name === `__Host-${SESSION_COOKIE}`,
  );
  if (!cookie) throw new Error('no session cookie was set');
  return `${cookie.name}=${cookie.value}`;
}

/** Today's calendar day in UTC, as the API's `year, month, day` fields. */
export function todayFields(): { year: number; month: number; day: number } {
  const now = new Date();
  return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, day: now.getUTCDate() };
}

/** A device marker, as a browser keeps one (src/client/state/account/device-marker.ts). */
export function deviceMarker(): string {
  return randomBytes(18).toString('base64url');
}
