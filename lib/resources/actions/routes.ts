import type { RouteDef } from '../../core/context';
import { json } from '../../core/answer';
import { pagination, paginationMeta } from '../../http/query';
import type { ActionWithActor } from '../../storage/people-rows';
import { adminDate } from '../shared/dates';
import { filterParam } from '../shared/filter';

/** The reference's action, with its actor as the user or integration is now (null fields once deleted). */
function serializeAction(row: ActionWithActor) {
  return {
    id: row.id,
    resource_id: row.resource_id,
    resource_type: row.resource_type,
    actor_id: row.actor_id,
    actor_type: row.actor_type,
    event: row.event,
    context: row.context,
    created_at: adminDate(row.created_at),
    actor: { id: row.actor_id, name: row.actor_name, slug: row.actor_slug, image: row.actor_image },
  };
}

/** The activity log (lib/events/actions.ts writes it): Owner, Administrators and integrations. */
export const actionRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: 'actions/',
    api: 'admin',
    auth: 'admin',
    permission: { resource: 'actions', action: 'browse' },
    async handle(ctx) {
      const page = pagination(ctx.query);
      const result = await ctx.app.storage.actions.browse({
        filter: filterParam(ctx.query),
        page: { limit: page.limit, offset: page.limit === null ? 0 : (page.page - 1) * page.limit },
        now: ctx.app.now(),
      });
      return json(200, { actions: result.rows.map(serializeAction), meta: paginationMeta(page, result.total) });
    },
  },
];
