import { z } from 'zod';
import { acceptInput } from '../../resources/invites/accept';
import { inviteInput } from '../../resources/invites/operations';
import { resetInput, resetRequestInput } from '../../resources/password-reset/operations';
import { adminTimestamp, listEnvelope, nullableText, recordId } from '../../resources/shared/response';
import type { OperationTable } from '../spec';
import { jsonEnvelope, noContent } from './helpers';

const invite = z
  .object({
    id: recordId,
    role_id: recordId,
    status: z.enum(['pending', 'sent']),
    email: z.string(),
    expires: z.int().meta({ description: 'When the link stops working, in ms since the epoch.' }),
    created_at: adminTimestamp,
    created_by: recordId,
    updated_at: adminTimestamp,
    updated_by: recordId,
  })
  .strict();

const mailOutcome = z.union([z.object({ sent: z.literal(true) }).strict(), z.object({ sent: z.literal(false), reason: z.string() }).strict()]);

const action = z
  .object({
    id: recordId,
    resource_id: nullableText,
    resource_type: z.string(),
    actor_id: recordId,
    actor_type: z.enum(['user', 'integration']),
    event: z.enum(['added', 'edited', 'deleted']),
    context: nullableText.meta({ description: 'JSON text: `type`, `primary_name` and details such as `action` (`published`, …).' }),
    created_at: adminTimestamp,
    actor: z.object({ id: recordId, name: nullableText, slug: nullableText, image: nullableText }).strict(),
  })
  .strict();

const message = (root: string) => z.object({ [root]: z.array(z.object({ message: z.string() }).strict()) }).strict();

/** Invitations, password resets and the activity log (issue 35). */
export const peopleOperations: OperationTable = {
  'admin GET invites/': () => ({
    operationId: 'browseInvites',
    summary: 'Browse invitations',
    description: 'Owner, Administrators and Editors; an integration → 501.',
    query: ['limit', 'page'],
    responses: { 200: { description: 'A page of invitations, newest first; never a token.', schema: listEnvelope('invites', invite, { browse: true }) } },
    errors: [501],
  }),
  'admin GET invites/:id/': () => ({
    operationId: 'readInvite',
    summary: 'Read an invitation',
    responses: { 200: { description: 'The invitation.', schema: listEnvelope('invites', invite) } },
    errors: [501],
  }),
  'admin POST invites/': () => ({
    operationId: 'addInvite',
    summary: 'Invite someone',
    description:
      'Mails a link to the admin client that works for `invites.expiryMs` (7 days). Owner and Administrators may invite any role but Owner, ' +
      'Editors Authors and Contributors. An earlier invitation of the same address is replaced. `meta.mail` says whether the mail went out.',
    body: jsonEnvelope('invites', inviteInput),
    responses: {
      201: {
        description: 'The invitation.',
        schema: z.object({ invites: z.array(invite), meta: z.object({ mail: mailOutcome }).strict() }).strict(),
        headers: ['location'],
      },
    },
    errors: [501],
  }),
  'admin DELETE invites/:id/': () => ({
    operationId: 'deleteInvite',
    summary: 'Revoke an invitation',
    responses: { 204: noContent('The invitation and its link are gone.') },
    errors: [501],
  }),
  'admin GET authentication/invitation/': () => ({
    operationId: 'checkInvitation',
    summary: 'Whether an address has a usable invitation',
    description: 'Query parameter `email`.',
    responses: { 200: { description: '`valid`.', schema: z.object({ invitation: z.array(z.object({ valid: z.boolean() }).strict()) }).strict() } },
  }),
  'admin POST authentication/invitation/': () => ({
    operationId: 'acceptInvitation',
    summary: 'Accept an invitation',
    description: 'Creates the user with the invited role, once, and signs them in (send an Origin header). A used, revoked or expired token → 404.',
    body: jsonEnvelope('invitation', acceptInput),
    responses: { 200: { description: 'The account exists and the session cookie is set.', schema: message('invitation'), headers: ['set-cookie'] } },
    errors: [404],
  }),
  'admin POST authentication/password_reset/': () => ({
    operationId: 'requestPasswordReset',
    summary: 'Mail a password reset link',
    description: 'The same answer whether the address is a user’s or not; limited per email and per client address (429 alike).',
    body: jsonEnvelope('password_reset', resetRequestInput),
    responses: { 200: { description: 'Always the same message.', schema: message('password_reset') } },
    errors: [429],
  }),
  'admin PUT authentication/password_reset/': () => ({
    operationId: 'resetPassword',
    summary: 'Set a new password with a reset token',
    description: 'Works once within `passwordReset.expiryMs` (24 h); ends every session of the user. A bad token → 400.',
    body: jsonEnvelope('password_reset', resetInput),
    responses: { 200: { description: 'The password is changed.', schema: message('password_reset') } },
  }),
  'admin GET actions/': () => ({
    operationId: 'browseActions',
    summary: 'Browse the activity log',
    description: 'Owner, Administrators and integrations. `filter` on resource_id, resource_type, actor_id, actor_type, event, created_at.',
    query: ['filter', 'limit', 'page'],
    responses: { 200: { description: 'Newest first.', schema: listEnvelope('actions', action, { browse: true }) } },
  }),
};
