import { z } from 'zod';
import { ApiError, noPermission, notFound, validation } from '../../core/errors';
import type { Actor, AppContext } from '../../core/context';
import { allows, assertCanAssignRole } from '../../auth/permissions';
import { recordActions } from '../../events/actions';
import { sendMail, type MailOutcome } from '../../mail/mailer';
import { adminClientLink, invitationMail } from '../../mail/messages';
import type { InviteRow } from '../../storage/people-rows';
import type { RoleRow } from '../../storage/rows';
import type { Stores } from '../../storage/storage';
import { objectId, randomHex, sha256Hex } from '../../util/ids';
import { inviteEntries } from '../shared/action-entries';

export const inviteInput = z.object({
  email: z.string().trim().toLowerCase().min(3).max(191).email(),
  role_id: z.string().regex(/^[a-f0-9]{24}$/, 'must be the id of a role'),
});
export type InviteInput = z.output<typeof inviteInput>;

/**
 * Invitations are staff business: the reference answers an integration with 501. Who may do what is
 * the role's (Owner, Administrator, Editor) and, for adding and revoking, the invited role's.
 */
export function assertMayInvite(actor: Actor | null, action: 'browse' | 'read' | 'add' | 'destroy'): asserts actor is Extract<Actor, { kind: 'user' }> {
  if (actor?.kind === 'integration') {
    throw new ApiError('NotImplementedError', 'Invitations are managed by staff users, not integrations.', { code: 'STAFF_ONLY' });
  }
  if (!actor || !allows(actor, { resource: 'invites', action })) throw noPermission();
}

async function roleById(tx: Stores, id: string): Promise<RoleRow | null> {
  return (await tx.roles.all()).find((role) => role.id === id) ?? null;
}

export interface AddedInvite {
  invite: InviteRow;
  role: RoleRow;
  token: string;
}

/** `POST invites/`: a new invitation; one for the same email before is replaced (its link dies). */
export async function addInvite(tx: Stores, app: AppContext, actor: Extract<Actor, { kind: 'user' }>, input: InviteInput): Promise<AddedInvite> {
  const role = await roleById(tx, input.role_id);
  if (!role) throw validation('Value in [invites.role_id] must be the id of a role.', { property: 'role_id' });
  if (role.name === 'Owner') throw noPermission('No one can be invited as the Owner.');
  assertCanAssignRole(actor, role.name);
  if (await tx.users.findByEmail(input.email)) throw validation('A staff user with that email address already exists.', { property: 'email' });
  const previous = await tx.invites.findByEmail(input.email);
  if (previous) {
    const previousRole = await roleById(tx, previous.role_id);
    if (previousRole) assertCanAssignRole(actor, previousRole.name);
    await tx.invites.take(previous.id);
  }
  const now = app.now();
  const token = randomHex(32);
  const invite = await tx.invites.insert({
    id: objectId(now),
    role_id: role.id,
    status: 'pending',
    token_hash: sha256Hex(token),
    email: input.email,
    expires_at: new Date(now.getTime() + app.options.people.inviteExpiryMs),
    created_by: actor.user.id,
    created_at: now,
    updated_at: now,
  });
  // a concurrent invitation of the same address won: the transaction runs again and replaces it
  if (!invite) throw new Error('invites: the email was taken after it was checked');
  await recordActions(tx, app, actor, inviteEntries('added', { id: invite.id, email: invite.email, role: role.name }));
  return { invite, role, token };
}

/** Mails the invitation once it has committed; the invite is `sent` only if the mail went out. */
export async function mailInvite(
  app: AppContext,
  actor: Extract<Actor, { kind: 'user' }>,
  added: AddedInvite,
): Promise<{ invite: InviteRow; mail: MailOutcome }> {
  const { invite, role, token } = added;
  const link = adminClientLink(app.options.adminUrl, app.options.name, 'signup', { token, email: invite.email });
  const siteTitle = (await app.storage.settings.get('title')) || 'pressroom';
  const message = invitationMail({ to: invite.email, siteTitle, inviter: actor.user.name, role: role.name, link, expiresAt: invite.expires_at });
  const mail = await sendMail(app.options.people.mail, app.options.logger, message, 'invitation');
  if (!mail.sent) return { invite, mail };
  const now = app.now();
  await app.storage.invites.setStatus(invite.id, 'sent', now);
  return { invite: { ...invite, status: 'sent', updated_at: now }, mail };
}

/** `DELETE invites/{id}/`: revokes; an Editor only invitations of roles they may give. */
export async function destroyInvite(tx: Stores, app: AppContext, actor: Extract<Actor, { kind: 'user' }>, id: string): Promise<void> {
  const invite = await tx.invites.findById(id);
  if (!invite) throw notFound('Invite not found.');
  const role = await roleById(tx, invite.role_id);
  assertCanAssignRole(actor, role?.name ?? 'Owner');
  if (!(await tx.invites.take(id))) throw notFound('Invite not found.');
  await recordActions(tx, app, actor, inviteEntries('deleted', { id, email: invite.email, role: role?.name ?? '' }));
}
