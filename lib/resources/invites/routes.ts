import { readJson } from '../../http/body';
import type { RouteContext, RouteDef } from '../../core/context';
import { json, noContent } from '../../core/answer';
import { notFound } from '../../core/errors';
import { pagination, paginationMeta, single } from '../../http/query';
import { firstOf } from '../shared/envelope';
import { requireId } from '../shared/ids';
import { adminLocation } from '../shared/urls';
import { parseWith } from '../shared/validate';
import { acceptInvitation, invitationIsValid } from './accept';
import { addInvite, assertMayInvite, destroyInvite, inviteInput, mailInvite } from './operations';
import { serializeInvite } from './serialize';

const staff = { api: 'admin' as const, auth: 'admin' as const };
const publicRoute = { api: 'admin' as const, auth: 'public' as const };
const body = (ctx: RouteContext) => readJson(ctx.head, ctx.app.options.limits.jsonBodyBytes);

/** Invitations (the reference's `invites/`) and their acceptance under `authentication/invitation/`. */
export const inviteRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: 'invites/',
    ...staff,
    async handle(ctx) {
      assertMayInvite(ctx.actor, 'browse');
      const page = pagination(ctx.query);
      const result = await ctx.app.storage.invites.browse({ limit: page.limit, offset: page.limit === null ? 0 : (page.page - 1) * page.limit });
      return json(200, { invites: result.rows.map(serializeInvite), meta: paginationMeta(page, result.total) });
    },
  },
  {
    method: 'GET',
    path: 'invites/:id/',
    ...staff,
    async handle(ctx) {
      assertMayInvite(ctx.actor, 'read');
      const invite = await ctx.app.storage.invites.findById(requireId(ctx.params.id));
      if (!invite) throw notFound('Invite not found.');
      return json(200, { invites: [serializeInvite(invite)] });
    },
  },
  {
    method: 'POST',
    path: 'invites/',
    ...staff,
    async handle(ctx) {
      const actor = ctx.actor;
      assertMayInvite(actor, 'add');
      const input = parseWith(inviteInput, firstOf(await body(ctx), 'invites'), 'invites');
      const added = await ctx.app.storage.transaction((tx) => addInvite(tx, ctx.app, actor, input));
      const { invite, mail } = await mailInvite(ctx.app, actor, added);
      const location = adminLocation(ctx.app.options.adminUrl, ctx.app.options.name, ctx.version, `invites/${invite.id}/`);
      // `meta.mail` says whether the mail went out: without it the invitation works, but only by its link
      return json(201, { invites: [serializeInvite(invite)], meta: { mail } }, { location });
    },
  },
  {
    method: 'DELETE',
    path: 'invites/:id/',
    ...staff,
    async handle(ctx) {
      const actor = ctx.actor;
      assertMayInvite(actor, 'destroy');
      const id = requireId(ctx.params.id);
      await ctx.app.storage.transaction((tx) => destroyInvite(tx, ctx.app, actor, id));
      return noContent();
    },
  },
  {
    method: 'GET',
    path: 'authentication/invitation/',
    ...publicRoute,
    async handle(ctx) {
      return json(200, { invitation: [{ valid: await invitationIsValid(ctx.app, single(ctx.query, 'email')) }] });
    },
  },
  {
    method: 'POST',
    path: 'authentication/invitation/',
    ...publicRoute,
    async handle(ctx) {
      const cookie = await acceptInvitation(ctx.app, ctx.head, firstOf(await body(ctx), 'invitation'));
      return json(200, { invitation: [{ message: 'Invitation accepted.' }] }, { 'set-cookie': cookie });
    },
  },
];
