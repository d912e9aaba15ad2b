import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { User } from './api-types';
import type { BodyFormat } from './posts';

/** A staff user as `users/?include=roles` returns them. */
export type StaffUser = User;

export interface Session {
  user: StaffUser;
  siteTitle: string;
  /** The format new posts are written in: the site's `editor_default_format`, as read at sign-in. */
  editorFormat: BodyFormat;
  signOut(): Promise<void>;
  refreshUser(): Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside a signed-in screen');
  return session;
}

export function roleName(user: StaffUser): string {
  return user.roles[0]?.name ?? 'Contributor';
}

/** Owners and Administrators run the site: staff, settings, integrations, themes. */
export function isAdmin(user: StaffUser): boolean {
  const role = roleName(user);
  return role === 'Owner' || role === 'Administrator';
}

/**
 * Whether `me` may edit, suspend or delete `user` (and set their role and password), as the API allows
 * (lib/auth/permissions.ts): Owner and Administrators anyone but the Owner; Editors Authors and Contributors.
 */
export function mayManage(me: StaffUser, user: StaffUser): boolean {
  if (me.id === user.id) return false;
  const role = roleName(user);
  if (isAdmin(me)) return role !== 'Owner';
  return roleName(me) === 'Editor' && (role === 'Author' || role === 'Contributor');
}

/** Editors and above see and manage everyone's posts, tags and (some) staff. */
export function isEditor(user: StaffUser): boolean {
  return isAdmin(user) || roleName(user) === 'Editor';
}
