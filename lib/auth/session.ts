import { unauthorized } from '../core/errors';
import type { Actor, AppContext } from '../core/context';
import { serializeCookie } from './cookies';
import type { UserWithRoles } from '../storage/rows';
import { objectId, randomHex, sha256Hex } from '../util/ids';
import { assertSessionOrigin } from './csrf';
import type { RequestHead } from '../core/head';

const TOKEN = /^[a-f0-9]{64}$/;
/** Statuses of a suspended account: it can neither sign in nor use a session it still has. */
const SUSPENDED = new Set(['inactive', 'locked']);

export function sessionCookieName(name: string): string {
  return `${name}-admin-api-session`;
}

export function isSuspended(user: UserWithRoles): boolean {
  return SUSPENDED.has(user.status);
}

/** The role that decides what a user may do; every user has exactly one. */
export function roleOf(user: UserWithRoles): string {
  return user.roles[0]?.name ?? 'Contributor';
}

function cookie(app: AppContext, value: string, expires: Date): string {
  return serializeCookie(sessionCookieName(app.options.name), value, {
    path: `/${app.options.name}`,
    expires,
    secure: app.options.adminUrl.startsWith('https:'),
  });
}

/** A `Set-Cookie` that makes the browser forget the session cookie. */
export function clearedSessionCookie(app: AppContext): string {
  return cookie(app, '', new Date(0));
}

/**
 * Starts a session for `user` created from `origin`; returns the `Set-Cookie` to send. The token has
 * 256 random bits and only its hash is stored.
 */
export async function createSession(app: AppContext, user: UserWithRoles, origin: string): Promise<string> {
  const now = app.now();
  const token = randomHex(32);
  const expiresAt = new Date(now.getTime() + app.options.auth.sessionLifetimeMs);
  // sign-ins are rare enough to carry the clean-up of sessions nobody will use again
  await app.storage.sessions.purgeExpired(now);
  await app.storage.sessions.insert({
    id: objectId(now),
    token_hash: sha256Hex(token),
    user_id: user.id,
    origin,
    created_at: now,
    last_seen_at: now,
    expires_at: expiresAt,
  });
  return cookie(app, token, expiresAt);
}

function invalidSession() {
  return unauthorized('Your session has expired or is not valid: sign in again.', { code: 'INVALID_SESSION' });
}

/** How long a session may go between writes of its sliding expiry: one write per minute at most. */
function touchInterval(lifetimeMs: number): number {
  return Math.min(60_000, Math.floor(lifetimeMs / 100));
}

/**
 * Authenticates a request by its session cookie: the session must exist and be unexpired, the request
 * must come from the session's origin (CSRF), and the user must still exist and not be suspended.
 * Sliding: use moves the expiry forward, and the browser gets a cookie with the new expiry.
 */
export async function authenticateSession(request: Pick<RequestHead, 'headers'>, token: string, app: AppContext): Promise<Actor> {
  const now = app.now();
  const session = TOKEN.test(token) ? await app.storage.sessions.findByTokenHash(sha256Hex(token), now) : null;
  if (!session) throw invalidSession();
  assertSessionOrigin(request, session.origin);
  const user = await app.storage.users.findById(session.user_id);
  if (!user || isSuspended(user)) throw invalidSession();
  const actor: Actor = { kind: 'user', user, role: roleOf(user), sessionId: session.id };
  const lifetime = app.options.auth.sessionLifetimeMs;
  if (now.getTime() - session.last_seen_at.getTime() >= touchInterval(lifetime)) {
    const expiresAt = new Date(now.getTime() + lifetime);
    await app.storage.sessions.touch(session.id, now, expiresAt);
    actor.setCookie = cookie(app, token, expiresAt);
  }
  return actor;
}

/** Ends the actor's session server-side; returns the `Set-Cookie` that clears it in the browser. */
export async function endSession(app: AppContext, sessionId: string): Promise<string> {
  await app.storage.sessions.delete(sessionId);
  return clearedSessionCookie(app);
}
