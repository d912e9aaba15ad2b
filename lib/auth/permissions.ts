import { noPermission } from '../core/errors';
import type { Actor, Permission } from '../core/context';
import type { PostState } from '../events/events';
import type { UserWithRoles } from '../storage/rows';

/** The fixed permission set of an integration (reference-behaviour §3). */
const INTEGRATION: Record<string, readonly string[]> = {
  posts: ['browse', 'read', 'add', 'edit', 'destroy'],
  pages: ['browse', 'read', 'add', 'edit', 'destroy'],
  tags: ['browse', 'read', 'add', 'edit', 'destroy'],
  users: ['browse', 'read'],
  site: ['read'],
  images: ['upload'],
  themes: ['upload', 'activate'],
  webhooks: ['add', 'edit', 'destroy'],
  actions: ['browse'],
};

export const ROLE_NAMES = ['Owner', 'Administrator', 'Editor', 'Author', 'Contributor'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

/** Higher outranks lower: an Editor manages Authors and Contributors, not other Editors. */
const RANK: Record<RoleName, number> = { Owner: 5, Administrator: 4, Editor: 3, Author: 2, Contributor: 1 };

function rank(role: string): number {
  return RANK[role as RoleName] ?? 0;
}

type Table = Record<string, readonly string[]>;

const CONTENT = ['browse', 'read', 'add', 'edit', 'destroy'];

/**
 * What every staff user may reach. Posts and pages are open to every role here because the record
 * decides (assertCanWritePost: Authors and Contributors only their own); like the reference, every
 * role may browse and read every post. `users.edit` likewise: Authors and Contributors only themselves.
 */
const STAFF: Table = {
  posts: CONTENT,
  pages: CONTENT,
  tags: ['browse', 'read'],
  users: ['browse', 'read', 'edit'],
  roles: ['browse'],
  settings: ['browse'],
  site: ['read'],
  images: ['upload'],
  session: ['read', 'destroy'],
};

/** Role permission tables (reference-behaviour §5); Owner and Administrator may do everything. */
const ROLES: Record<'Editor' | 'Author' | 'Contributor', Table> = {
  Editor: { ...STAFF, tags: CONTENT, users: CONTENT, themes: ['browse'], invites: ['browse', 'read', 'add', 'destroy'] },
  Author: { ...STAFF, tags: ['browse', 'read', 'add'] },
  Contributor: STAFF,
};

/** Whether the actor may perform the action at all; rules that depend on the record are below. */
export function allows(actor: Actor, permission: Permission): boolean {
  if (actor.kind === 'integration') return INTEGRATION[permission.resource]?.includes(permission.action) ?? false;
  if (actor.role === 'Owner' || actor.role === 'Administrator') return true;
  const table = ROLES[actor.role as keyof typeof ROLES];
  return table?.[permission.resource]?.includes(permission.action) ?? false;
}

function isAuthorOf(actor: { user: UserWithRoles }, state: PostState): boolean {
  return state.authors.some((author) => author.id === actor.user.id);
}

/**
 * Ownership rules of posts and pages for Authors and Contributors, checked on each side of a write:
 * `before` is what the actor wants to change or delete, `after` what the write leaves. Authors touch
 * only posts they are an author of (publishing allowed); Contributors only their own drafts, so they
 * can neither publish nor schedule, nor change a post once it is published.
 */
export function assertCanWritePost(actor: Actor, before: PostState | null, after: PostState | null): void {
  if (actor.kind !== 'user' || rank(actor.role) >= RANK.Editor) return;
  const noun = (before ?? after)?.row.type === 'page' ? 'page' : 'post';
  for (const state of [before, after]) {
    if (!state) continue;
    if (!isAuthorOf(actor, state)) {
      throw noPermission(`You may only change ${noun}s you are an author of.`, { context: 'Include yourself in authors.' });
    }
    if (actor.role !== 'Author' && state.row.status !== 'draft') {
      throw noPermission(`Contributors may only change their own drafts: this ${noun} cannot be published, scheduled or edited once published.`);
    }
  }
}

/**
 * Who may edit or delete a staff user: everyone may edit themselves; Owner and Administrators anyone
 * but the Owner (whom only the Owner edits, and no one deletes); Editors only Authors and Contributors.
 */
export function assertCanManageUser(actor: Actor, target: UserWithRoles, action: 'edit' | 'destroy'): void {
  if (actor.kind !== 'user') throw noPermission();
  const targetRole = target.roles[0]?.name ?? '';
  if (targetRole === 'Owner') {
    if (action === 'destroy') throw noPermission('The Owner cannot be deleted.');
    if (actor.user.id !== target.id) throw noPermission('Only the Owner may edit the Owner.');
    return;
  }
  if (action === 'edit' && actor.user.id === target.id) return;
  if (actor.role === 'Owner' || actor.role === 'Administrator') return;
  if (actor.role === 'Editor' && rank(targetRole) < RANK.Editor) return;
  throw noPermission(`You may not ${action === 'edit' ? 'edit' : 'delete'} this user.`);
}

/** The roles an actor may give someone: never Owner (ownership is not transferable here); Editors only lower roles. */
export function assignableRoles(actor: Actor): RoleName[] {
  if (actor.kind !== 'user') return [];
  if (actor.role === 'Owner' || actor.role === 'Administrator') return ['Administrator', 'Editor', 'Author', 'Contributor'];
  if (actor.role === 'Editor') return ['Author', 'Contributor'];
  return [];
}

export function assertCanAssignRole(actor: Actor, role: string): void {
  if (!(assignableRoles(actor) as string[]).includes(role)) throw noPermission(`You may not give anyone the ${role} role.`);
}
