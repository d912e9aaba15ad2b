import type { RouteDef } from '../../core/context';
import { single } from '../../http/query';
import { json } from '../../core/answer';
import { assignableRoles } from '../../auth/permissions';
import { serializeRole } from '../users/serialize';

/** `GET roles/`; with `permissions=assign`, only the roles the caller may give someone (as the reference). */
export const roleRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: 'roles/',
    api: 'admin',
    auth: 'admin',
    permission: { resource: 'roles', action: 'browse' },
    async handle(ctx) {
      let roles = await ctx.app.storage.roles.all();
      if (single(ctx.query, 'permissions') === 'assign') {
        const allowed: string[] = assignableRoles(ctx.actor!);
        roles = roles.filter((role) => allowed.includes(role.name));
      }
      const sctx = { api: 'admin' as const, version: ctx.version, site: ctx.app.options.url };
      return json(200, { roles: roles.map((role) => serializeRole(role, sctx)) });
    },
  },
];
