import { readJson } from '../../http/body';
import { noPermission } from '../../core/errors';
import type { RouteContext, RouteDef } from '../../core/context';
import { json, noContent, type Answer } from '../../core/answer';
import type { UserWithRoles } from '../../storage/rows';
import { firstOf } from '../shared/envelope';
import { requireId } from '../shared/ids';
import { outputOptions, pickFields } from '../../http/output';
import { adminLocation } from '../shared/urls';
import { parseWith } from '../shared/validate';
import { write } from '../shared/write';
import { logged } from '../../events/actions';
import { userChangeEntries, userEntries } from '../shared/action-entries';
import { serializeUser } from './serialize';
import { passwordInput, refuseUnkeptLinks, userAddInput, userEditInput } from './staff-schema';
import { addUser, changePassword, destroyUser, editUser, newUserPasswordHash, userEvents, type UserChange } from './staff-operations';

const INVALIDATE = { 'x-cache-invalidate': '/*' };

function present(ctx: RouteContext, user: UserWithRoles) {
  const { fields } = outputOptions(ctx);
  return pickFields(serializeUser(user, { api: 'admin', version: ctx.version, site: ctx.app.options.url }), fields);
}

function written(ctx: RouteContext, change: UserChange, status: number): Answer {
  const headers: Record<string, string> = change.publicChange ? { ...INVALIDATE } : {};
  if (status === 201) headers.location = adminLocation(ctx.app.options.adminUrl, ctx.app.options.name, ctx.version, `users/${change.user!.id}/`);
  return json(status, { users: [present(ctx, change.user!)] }, headers);
}

const admin = (action: string) => ({ api: 'admin' as const, auth: 'admin' as const, permission: { resource: 'users', action } });
const body = (ctx: RouteContext) => readJson(ctx.head, ctx.app.options.limits.jsonBodyBytes);

/** Staff management with user authentication: the signed-in user, edits, deletion, passwords, direct creation. */
export const staffRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: 'users/me/',
    ...admin('read'),
    async handle(ctx) {
      if (ctx.actor?.kind !== 'user') throw noPermission('Only a signed-in user has a “me”; integrations are not users.');
      const user = await ctx.app.storage.users.findById(ctx.actor.user.id);
      return json(200, { users: [present(ctx, user ?? ctx.actor.user)] });
    },
  },
  {
    method: 'POST',
    path: 'users/',
    ...admin('add'),
    async handle(ctx) {
      const item = firstOf(await body(ctx), 'users');
      refuseUnkeptLinks(item, ctx.version);
      const input = parseWith(userAddInput, item, 'users');
      const hash = await newUserPasswordHash(ctx.app, input);
      return written(
        ctx,
        await write(
          ctx.app,
          logged(
            ctx,
            (tx) => addUser(tx, ctx.app, ctx.actor!, input, hash),
            (c) => userChangeEntries('added', c),
          ),
          userEvents,
        ),
        201,
      );
    },
  },
  {
    method: 'PUT',
    path: 'users/password/',
    ...admin('edit'),
    async handle(ctx) {
      const input = parseWith(passwordInput, firstOf(await body(ctx), 'password'), 'password');
      await changePassword(ctx.app, ctx.actor!, input);
      return json(200, { password: [{ message: 'Password changed successfully.' }] });
    },
  },
  {
    method: 'PUT',
    path: 'users/:id/',
    ...admin('edit'),
    async handle(ctx) {
      const id = requireId(ctx.params.id);
      const item = firstOf(await body(ctx), 'users');
      refuseUnkeptLinks(item, ctx.version);
      const input = parseWith(userEditInput, item, 'users');
      return written(
        ctx,
        await write(
          ctx.app,
          logged(
            ctx,
            (tx) => editUser(tx, ctx.app, ctx.actor!, id, input),
            (c) => userChangeEntries('edited', c),
          ),
          userEvents,
        ),
        200,
      );
    },
  },
  {
    method: 'DELETE',
    path: 'users/:id/',
    ...admin('destroy'),
    async handle(ctx) {
      const id = requireId(ctx.params.id);
      const change = await write(
        ctx.app,
        logged(
          ctx,
          (tx) => destroyUser(tx, ctx.actor!, id),
          (c) => (c.removed ? userEntries('deleted', c.removed) : []),
        ),
        userEvents,
      );
      return noContent(change.publicChange ? INVALIDATE : {});
    },
  },
];
