import { z } from 'zod';
import { ApiError, badRequest, unauthorized } from '../../core/errors';
import type { AppContext } from '../../core/context';
import { addressLimitKey } from '../../auth/rate-limit';
import { requestOrigin } from '../../auth/csrf';
import { hashPassword, verifyPassword } from '../../auth/password';
import { exhausted, recordFailure, tooMany } from '../../auth/rate-limit';
import { createSession, isSuspended } from '../../auth/session';
import { parseWith } from '../shared/validate';
import type { RequestHead } from '../../core/head';

/** `POST session/` takes a plain object, not the resource envelope (contract §5.3). */
export const credentialsInput = z.object({
  username: z.string().trim().min(1).max(191),
  password: z.string().min(1).max(1000),
});

const dummyHashes = new Map<number, Promise<string>>();

/** A hash to verify against when the email is unknown, so that case takes as long as a wrong password. */
function dummyHash(iterations: number): Promise<string> {
  let hash = dummyHashes.get(iterations);
  if (!hash) dummyHashes.set(iterations, (hash = hashPassword(crypto.randomUUID(), iterations)));
  return hash;
}

const TOO_MANY = 'Too many failed sign-in attempts. Please wait before trying again.';

/**
 * Signs a user in; returns the `Set-Cookie` of the new session. Unknown email and wrong password are
 * one answer (ours: the reference says which). Failures are counted per email and per client address
 * in storage. An address that has used up its window is refused with 429, right or wrong. An email
 * that has used up its window is refused with 429 too, except from an address with no failure in its
 * own window: strangers guessing at a known email must not lock its owner out, so a clean address still
 * has its password checked (and a wrong one counts against it). Without a client address, the email's
 * limit is absolute.
 */
export async function signIn(app: AppContext, request: Pick<RequestHead, 'headers'>, body: unknown, address: string | undefined): Promise<string> {
  const { username, password } = parseWith(credentialsInput, body, 'session');
  const origin = requestOrigin(request);
  if (!origin) {
    throw badRequest('Could not determine the origin of the request.', {
      code: 'NO_ORIGIN',
      context: 'Send an Origin (or Referer) header; it is checked on every request made with the session.',
    });
  }
  const now = app.now();
  const { perEmail, perAddress } = app.options.auth.loginRateLimit;
  const { rateLimits } = app.storage;
  const emailKey = `login:email:${username.toLowerCase()}`;
  const addressKey = addressLimitKey(app.options.logger, 'login:address', address);
  const addressWindow = addressKey ? await rateLimits.peek(addressKey, now) : null;
  if (addressWindow && addressWindow.count >= perAddress.limit) throw tooMany(addressWindow.resetAt, now, TOO_MANY);
  const emailLocked = await exhausted(rateLimits, emailKey, perEmail, now);
  const cleanAddress = addressKey !== null && addressWindow === null;
  if (emailLocked && !cleanAddress) throw tooMany(emailLocked.resetAt, now, TOO_MANY);

  const user = await app.storage.users.findByEmail(username);
  const stored = user?.password_hash ?? (await dummyHash(app.options.auth.passwordIterations));
  const correct = await verifyPassword(password, stored);
  if (!user || !correct) {
    if (addressKey) await recordFailure(rateLimits, addressKey, perAddress, now);
    await recordFailure(rateLimits, emailKey, perEmail, now);
    throw unauthorized('Your email or password is incorrect.', { code: 'INVALID_CREDENTIALS' });
  }
  if (isSuspended(user)) throw new ApiError('NoPermissionError', 'This account is suspended.', { code: 'ACCOUNT_SUSPENDED' });
  // only the email's count is forgiven: an address's failures may belong to guesses at other accounts
  await rateLimits.clear(emailKey);
  await app.storage.users.update(user.id, { last_seen: now });
  return createSession(app, user, origin);
}
