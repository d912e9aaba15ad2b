// What each resource's writes put in the activity log (lib/events/actions.ts), kept beside each other so that
// the log's vocabulary is read in one place.
import type { PostChange } from '../posts/operations';
import type { TagChange } from '../tags/operations';
import type { UserChange } from '../users/user-change';
import type { IntegrationRow, TagRow, ThemeRow, UserWithRoles, WebhookRow } from '../../storage/storage';
import { entryOf, type ActionEntry } from '../../events/actions';

const tagName = (tag: TagRow) => ({ id: tag.id, primary_name: tag.name });

/** A post or page; a change of status is named: `published`, `unpublished`, `scheduled`. */
/** `detail`: what an edit was when its rows do not say (a restored revision, a new preview address). */
export function postEntries(change: PostChange, detail?: string): ActionEntry[] {
  const row = (change.after ?? change.before)?.row;
  if (!row) return [];
  const before = change.before?.row ?? null;
  const after = change.after?.row ?? null;
  let action = detail;
  if (before && after && before.status !== after.status) action = after.status === 'draft' ? 'unpublished' : after.status;
  const entries = entryOf(row.type, before, after, (post) => ({ id: post.id, primary_name: post.title, ...(action ? { action } : {}) }));
  for (const tag of change.createdTags ?? []) entries.push(...entryOf<TagRow>('tag', null, tag, tagName));
  return entries;
}

export function tagEntries(change: TagChange): ActionEntry[] {
  return entryOf('tag', change.before, change.after, tagName);
}

/** Users: `before` is the user as it was, when the route knows it (edits name the user as they are after). */
export function userEntries(
  event: 'added' | 'edited' | 'deleted',
  user: Pick<UserWithRoles, 'id' | 'name'>,
  detail: Record<string, unknown> = {},
): ActionEntry[] {
  return [{ resource_type: 'user', resource_id: user.id, event, context: { type: 'user', primary_name: user.name, ...detail } }];
}

export function userChangeEntries(event: 'added' | 'edited', change: UserChange): ActionEntry[] {
  return change.user ? userEntries(event, change.user) : [];
}

export function settingEntries(keys: string[]): ActionEntry[] {
  return keys.length ? [{ resource_type: 'setting', resource_id: null, event: 'edited', context: { type: 'setting', primary_name: null, keys } }] : [];
}

export function integrationEntries(
  event: 'added' | 'edited' | 'deleted',
  integration: Pick<IntegrationRow, 'id' | 'name'>,
  detail: Record<string, unknown> = {},
): ActionEntry[] {
  return [{ resource_type: 'integration', resource_id: integration.id, event, context: { type: 'integration', primary_name: integration.name, ...detail } }];
}

export function webhookEntries(event: 'added' | 'edited' | 'deleted', webhook: Pick<WebhookRow, 'id' | 'name' | 'event'>): ActionEntry[] {
  return [
    {
      resource_type: 'webhook',
      resource_id: webhook.id,
      event,
      context: { type: 'webhook', primary_name: webhook.name ?? webhook.event, event: webhook.event },
    },
  ];
}

export function themeEntries(event: 'added' | 'edited' | 'deleted', theme: Pick<ThemeRow, 'name'>, detail: Record<string, unknown> = {}): ActionEntry[] {
  return [{ resource_type: 'theme', resource_id: theme.name, event, context: { type: 'theme', primary_name: theme.name, ...detail } }];
}

export function inviteEntries(
  event: 'added' | 'deleted',
  invite: { id: string; email: string; role: string },
  detail: Record<string, unknown> = {},
): ActionEntry[] {
  return [{ resource_type: 'invite', resource_id: invite.id, event, context: { type: 'invite', primary_name: invite.email, role: invite.role, ...detail } }];
}
