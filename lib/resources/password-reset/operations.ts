import { z } from 'zod';
import { badRequest, validation } from '../../core/errors';
import type { AppContext } from '../../core/context';
import { hashPassword, passwordProblem } from '../../auth/password';
import { addressLimitKey, tooMany, type RateLimitRule } from '../../auth/rate-limit';
import { roleOf } from '../../auth/session';
import { recordActions } from '../../events/actions';
import { sendMail } from '../../mail/mailer';
import { adminClientLink, passwordResetMail } from '../../mail/messages';
import { randomHex, sha256Hex } from '../../util/ids';
import { userEntries } from '../shared/action-entries';
import { parseWith } from '../shared/validate';

export const resetRequestInput = z.object({ email: z.string().trim().toLowerCase().min(1).max(191) });
export const resetInput = z.object({
  token: z.string().min(1).max(200),
  newPassword: z.string().min(1).max(1000),
  ne2Password: z.string().min(1).max(1000),
});

const SENT = 'If that address belongs to a staff user, a link to reset the password has been mailed to it.';
const NO_MAILER = 'This site cannot send mail (no mailer is configured): ask an administrator to reset your password.';
const TOO_MANY = 'Too many password reset requests. Please wait before trying again.';
const INVALID_TOKEN = 'This password reset link is not valid: it was used, replaced by a newer one, or has expired.';

/** Counts the request against `key`; a 429 once the window's allowance is spent. */
async function spend(app: AppContext, key: string, rule: RateLimitRule): Promise<void> {
  const now = app.now();
  const window = await app.storage.rateLimits.hit(key, rule.windowMs, now);
  if (window.count > rule.limit) throw tooMany(window.resetAt, now, TOO_MANY);
}

/**
 * `POST authentication/password_reset/`. The answer, its status and its bytes, depends only on the
 * request and the site's configuration, never on whether the address is a user's: an unknown address,
 * a suspended user and a failed mail answer as a sent one does. Requests are counted per email and
 * per client address whether the address is known or not, so a 429 says nothing either.
 */
export async function requestPasswordReset(app: AppContext, raw: Record<string, unknown>, address: string | undefined): Promise<string> {
  const { email } = parseWith(resetRequestInput, raw, 'password_reset');
  const rules = app.options.people.resetRateLimit;
  const addressKey = addressLimitKey(app.options.logger, 'reset:address', address);
  if (addressKey) await spend(app, addressKey, rules.perAddress);
  await spend(app, `reset:email:${email}`, rules.perEmail);

  const user = await app.storage.users.findByEmail(email);
  // a locked user (imported without a usable password) may reset; a suspended one may not
  if (user && user.status !== 'inactive') {
    const now = app.now();
    const token = randomHex(32);
    const expiresAt = new Date(now.getTime() + app.options.people.resetExpiryMs);
    await app.storage.passwordResets.replace({ token_hash: sha256Hex(token), user_id: user.id, expires_at: expiresAt, created_at: now });
    const link = adminClientLink(app.options.adminUrl, app.options.name, 'reset-password', { token });
    const siteTitle = (await app.storage.settings.get('title')) || 'pressroom';
    // not awaited: how long the mail server takes must not tell a known address from an unknown one
    void sendMail(app.options.people.mail, app.options.logger, passwordResetMail({ to: user.email, siteTitle, link, expiresAt }), 'password reset');
  }
  return app.options.people.mail ? SENT : NO_MAILER;
}

/**
 * `PUT authentication/password_reset/`: sets the password of the link's user, once, and ends every
 * session of that user. A user imported `locked` (no usable password) becomes active.
 */
export async function resetPassword(app: AppContext, raw: Record<string, unknown>): Promise<void> {
  const input = parseWith(resetInput, raw, 'password_reset');
  const tokenHash = sha256Hex(input.token);
  const reset = await app.storage.passwordResets.find(tokenHash, app.now());
  const user = reset ? await app.storage.users.findById(reset.user_id) : null;
  if (!reset || !user || user.status === 'inactive') throw badRequest(INVALID_TOKEN, { code: 'INVALID_TOKEN', property: 'token' });
  if (input.newPassword !== input.ne2Password) throw validation('The two new passwords do not match.', { property: 'ne2Password' });
  const title = (await app.storage.settings.get('title')) ?? undefined;
  const problem = passwordProblem(input.newPassword, { email: user.email, title });
  if (problem) throw validation(problem, { property: 'newPassword' });
  const hash = await hashPassword(input.newPassword, app.options.auth.passwordIterations);

  await app.storage.transaction(async (tx) => {
    if (!(await tx.passwordResets.take(tokenHash, app.now()))) throw badRequest(INVALID_TOKEN, { code: 'INVALID_TOKEN', property: 'token' });
    await tx.users.update(user.id, { password_hash: hash, updated_at: app.now(), ...(user.status === 'locked' ? { status: 'active' } : {}) });
    await tx.sessions.deleteForUser(user.id);
    await tx.passwordResets.deleteForUser(user.id);
    await recordActions(tx, app, { kind: 'user', user, role: roleOf(user) }, userEntries('edited', user, { action: 'password_reset' }));
  });
  // the failed sign-ins that may have led here no longer stand between the owner and the account
  await app.storage.rateLimits.clear(`login:email:${user.email.toLowerCase()}`);
}
