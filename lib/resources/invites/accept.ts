import { newUserRow } from '../users/new-user';
import { z } from 'zod';
import { badRequest, notFound, validation } from '../../core/errors';
import type { AppContext } from '../../core/context';
import { requestOrigin } from '../../auth/csrf';
import { hashPassword, passwordProblem } from '../../auth/password';
import { createSession, roleOf } from '../../auth/session';
import { recordActions } from '../../events/actions';
import type { RequestHead } from '../../core/head';
import type { UserWithRoles } from '../../storage/rows';
import { sha256Hex } from '../../util/ids';
import { inviteEntries, userEntries } from '../shared/action-entries';
import { parseWith } from '../shared/validate';

export const acceptInput = z.object({
  token: z.string().min(1).max(200),
  email: z.string().trim().toLowerCase().min(3).max(191),
  name: z.string().trim().min(1).max(191),
  password: z.string().min(1).max(1000),
});

const INVALID = 'This invitation is not valid: it was revoked, used or has expired, or the email address is not the one invited.';

/** `GET authentication/invitation/?email=`: whether an unexpired invitation for that address exists. */
export async function invitationIsValid(app: AppContext, email: string | null): Promise<boolean> {
  if (!email || email.length > 191) return false;
  const invite = await app.storage.invites.findByEmail(email.trim());
  return invite !== null && invite.expires_at > app.now();
}

/**
 * `POST authentication/invitation/`: creates the invited user with the invited role, once (the invite
 * is deleted in the same transaction), and signs them in; returns the session's `Set-Cookie`.
 */
export async function acceptInvitation(app: AppContext, request: Pick<RequestHead, 'headers'>, raw: Record<string, unknown>): Promise<string> {
  const input = parseWith(acceptInput, raw, 'invitation');
  const origin = requestOrigin(request);
  if (!origin) {
    throw badRequest('Could not determine the origin of the request.', {
      code: 'NO_ORIGIN',
      context: 'Send an Origin (or Referer) header; the new account is signed in with a session bound to it.',
    });
  }
  const found = await app.storage.invites.findByTokenHash(sha256Hex(input.token), app.now());
  if (!found || found.email.toLowerCase() !== input.email) throw notFound(INVALID, { code: 'INVALID_INVITATION' });
  const title = (await app.storage.settings.get('title')) ?? undefined;
  const problem = passwordProblem(input.password, { email: input.email, title });
  if (problem) throw validation(problem, { property: 'password' });
  const hash = await hashPassword(input.password, app.options.auth.passwordIterations);

  const user = await app.storage.transaction(async (tx): Promise<UserWithRoles> => {
    // taken, not read: of two uses of one link, one creates the user and the other finds nothing
    const invite = await tx.invites.take(found.id);
    if (!invite || invite.expires_at <= app.now()) throw notFound(INVALID, { code: 'INVALID_INVITATION' });
    if (await tx.users.findByEmail(invite.email)) throw validation('A staff user with that email address already exists.', { property: 'email' });
    const now = app.now();
    const created = await tx.users.insert(
      await newUserRow(tx, now, { name: input.name, email: invite.email, password_hash: hash, last_seen: now, fallbackSlug: 'user' }),
      invite.role_id,
    );
    const actor = { kind: 'user' as const, user: created, role: roleOf(created) };
    await recordActions(tx, app, actor, [
      ...userEntries('added', created, { action: 'invitation_accepted' }),
      ...inviteEntries('deleted', { id: invite.id, email: invite.email, role: actor.role }, { action: 'accepted' }),
    ]);
    return created;
  });
  return createSession(app, user, origin);
}
