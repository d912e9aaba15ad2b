import type { Actor, Permission } from '../http/context';

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
};

/** Whether the actor may perform the action at all; ownership rules live with each resource. */
export function allows(actor: Actor, permission: Permission): boolean {
  if (actor.kind === 'integration') return INTEGRATION[permission.resource]?.includes(permission.action) ?? false;
  return actor.role === 'Owner' || actor.role === 'Administrator';
}
