import { newUserRow } from './new-user';
import { USER_COPIED, USER_PROFILE } from './fields';
import { slugify } from '../../content';
import { noPermission, notFound, validation } from '../../core/errors';
import type { Actor, AppContext } from '../../core/context';
import { assertCanAssignRole, assertCanManageUser } from '../../auth/permissions';
import { hashPassword, passwordProblem, verifyPassword } from '../../auth/password';
import { assertNotLimited, recordFailure } from '../../auth/rate-limit';
import type { DomainEvent } from '../../events/events';
import type { Stores } from '../../storage/storage';
import type { RoleRow, UserRow, UserWithRoles } from '../../storage/rows';
import { recordActions } from '../../events/actions';
import { userEntries } from '../shared/action-entries';
import type { PasswordInput, RoleReference, UserAddInput, UserEditInput } from './staff-schema';
import type { UserChange } from './user-change';

export type { UserChange };

export function userEvents(change: UserChange): DomainEvent[] {
  return change.publicChange ? [{ name: 'site.changed', kind: 'site' }] : [];
}

/** What an edit copies as sent (fields.ts); the slug and the role are handled by name below. */
const PROFILE = USER_COPIED;

function roleName(user: UserWithRoles): string {
  return user.roles[0]?.name ?? '';
}

async function resolveRole(tx: Stores, ref: RoleReference): Promise<RoleRow> {
  const roles = await tx.roles.all();
  const wanted = typeof ref === 'string' ? { name: ref, id: ref } : ref;
  const found = roles.find((role) => role.id === wanted.id || role.name.toLowerCase() === wanted.name?.toLowerCase());
  if (!found) throw validation('Value in [users.roles] must name a role: Administrator, Editor, Author or Contributor.', { property: 'roles' });
  return found;
}

async function assertEmailFree(tx: Stores, email: string, exceptId?: string): Promise<void> {
  const clash = await tx.users.findByEmail(email);
  if (clash && clash.id !== exceptId) throw validation('That email address is already in use.', { property: 'email' });
}

async function checkPassword(tx: Stores, password: string, email: string, property: string): Promise<void> {
  const title = (await tx.settings.get('title')) ?? undefined;
  const problem = passwordProblem(password, { email, title });
  if (problem) throw validation(problem, { property });
}

async function hasPublishedPosts(tx: Stores, userId: string): Promise<boolean> {
  return (await tx.users.findById(userId, { withPublishedPosts: true })) !== null;
}

/** The profile fields of a new user (fields.ts), null where the input leaves them out. */
function profileOf(input: UserAddInput): Pick<UserRow, (typeof USER_PROFILE)[number]> {
  const out: Partial<UserRow> = {};
  for (const key of USER_PROFILE) out[key] = input[key] ?? null;
  return out as Pick<UserRow, (typeof USER_PROFILE)[number]>;
}

/** `POST users/`: a staff user with a password, created by someone allowed to give the role. */
export async function addUser(tx: Stores, app: AppContext, actor: Actor, input: UserAddInput, passwordHash: string): Promise<UserChange> {
  const role = await resolveRole(tx, input.roles[0]);
  assertCanAssignRole(actor, role.name);
  await assertEmailFree(tx, input.email);
  const now = app.now();
  const user = await tx.users.insert(
    await newUserRow(tx, now, {
      name: input.name,
      slug: input.slug,
      fallbackSlug: 'user',
      password_hash: passwordHash,
      email: input.email,
      ...profileOf(input),
    }),
    role.id,
  );
  return { user, publicChange: false };
}

/** Validates a new user's password before the (slow) hashing, outside any transaction. */
export async function newUserPasswordHash(app: AppContext, input: UserAddInput): Promise<string> {
  await checkPassword(app.storage, input.password, input.email, 'password');
  return hashPassword(input.password, app.options.auth.passwordIterations);
}

export async function editUser(tx: Stores, app: AppContext, actor: Actor, id: string, input: UserEditInput): Promise<UserChange> {
  const target = await tx.users.findById(id);
  if (!target) throw notFound('User not found.');
  assertCanManageUser(actor, target, 'edit');
  const self = actor.kind === 'user' && actor.user.id === id;

  const patch: Partial<UserRow> = {};
  for (const key of PROFILE) {
    const value = input[key];
    if (value !== undefined && value !== target[key]) (patch as Record<string, unknown>)[key] = value;
  }
  if (patch.email !== undefined) await assertEmailFree(tx, patch.email, id);
  if (patch.status !== undefined && self) throw noPermission('You cannot suspend or reinstate yourself.');
  if (input.slug !== undefined) {
    const base = slugify(input.slug);
    if (base && base !== target.slug) patch.slug = await tx.users.freeSlug(base, id);
  }

  let role: RoleRow | null = null;
  if (input.roles) {
    role = await resolveRole(tx, input.roles[0]);
    if (role.name === roleName(target)) role = null;
    else if (roleName(target) === 'Owner') throw noPermission('The Owner’s role cannot be changed.');
    else if (self) throw noPermission('You cannot change your own role.');
    else assertCanAssignRole(actor, role.name);
  }

  if (Object.keys(patch).length === 0 && !role) return { user: target, publicChange: false };
  patch.updated_at = app.now();
  await tx.users.update(id, patch);
  if (role) await tx.users.setRole(id, role.id);
  if (patch.status === 'inactive') await tx.sessions.deleteForUser(id);
  const user = (await tx.users.findById(id))!;
  return { user, publicChange: await hasPublishedPosts(tx, id) };
}

/** Deletes a user; their posts move to the Owner, as the posts' author rule does for unknown authors. */
export async function destroyUser(tx: Stores, actor: Actor, id: string): Promise<UserChange> {
  const target = await tx.users.findById(id);
  if (!target) throw notFound('User not found.');
  assertCanManageUser(actor, target, 'destroy');
  const owner = await tx.users.owner();
  if (!owner) throw new Error('the site has no Owner');
  const publicChange = await hasPublishedPosts(tx, id);
  await tx.posts.reassignAuthor(id, owner.id);
  await tx.users.delete(id);
  return { user: null, publicChange, removed: target };
}

/**
 * `PUT users/password/`. Changing one's own password needs the current one (wrong guesses count against
 * the sign-in limit of that email); a manager may set a password of someone they may edit. Every other
 * session of the user ends.
 */
export async function changePassword(app: AppContext, actor: Actor, input: PasswordInput): Promise<void> {
  if (actor.kind !== 'user') throw noPermission();
  const id = input.user_id ?? actor.user.id;
  const target = /^[a-f0-9]{24}$/.test(id) ? await app.storage.users.findById(id) : null;
  if (!target) throw notFound('User not found.');
  assertCanManageUser(actor, target, 'edit');
  const self = target.id === actor.user.id;
  if (self) {
    if (!input.oldPassword) throw validation('Value in [password.oldPassword] is required.', { property: 'oldPassword' });
    const now = app.now();
    const rule = app.options.auth.loginRateLimit.perEmail;
    // the signed-in user's own count: strangers' failed sign-ins at this email must not block it
    const key = `password-change:${target.id}`;
    await assertNotLimited(app.storage.rateLimits, key, rule, now, 'Too many wrong passwords. Please wait before trying again.');
    if (!(await verifyPassword(input.oldPassword, target.password_hash))) {
      await recordFailure(app.storage.rateLimits, key, rule, now);
      throw validation('Your current password is incorrect.', { property: 'oldPassword' });
    }
  }
  if (input.newPassword !== input.ne2Password) throw validation('The two new passwords do not match.', { property: 'ne2Password' });
  await checkPassword(app.storage, input.newPassword, target.email, 'newPassword');
  const hash = await hashPassword(input.newPassword, app.options.auth.passwordIterations);
  await app.storage.transaction(async (tx) => {
    await tx.users.update(target.id, { password_hash: hash, updated_at: app.now() });
    await tx.sessions.deleteForUser(target.id, self ? actor.sessionId : undefined);
    await recordActions(tx, app, actor, userEntries('edited', target, { action: 'password_changed' }));
  });
}
