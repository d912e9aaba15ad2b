import { readJson } from '../../http/body';
import type { RouteContext, RouteDef } from '../../core/context';
import { pagination, paginationMeta } from '../../http/query';
import { json, noContent } from '../../core/answer';
import type { IntegrationRow } from '../../storage/rows';
import { firstOf } from '../shared/envelope';
import { requireId } from '../shared/ids';
import { outputOptions } from '../../http/output';
import { adminLocation } from '../shared/urls';
import { parseWith } from '../shared/validate';
import { destroyIntegration, editIntegration, findIntegration, integrationEditInput, refreshApiKey } from './manage';
import { createIntegration } from './operations';
import { serializeIntegration } from './serialize';
import { logged } from '../../events/actions';
import { integrationEntries } from '../shared/action-entries';

const admin = (action: string) => ({ api: 'admin' as const, auth: 'admin' as const, permission: { resource: 'integrations', action } });

/** The integrations with the relations `include` asks for; `always` adds relations regardless. */
async function present(ctx: RouteContext, rows: IntegrationRow[], always: { apiKeys?: boolean; webhooks?: boolean } = {}) {
  const { include } = outputOptions(ctx);
  const withKeys = always.apiKeys || include.has('api_keys');
  const withWebhooks = always.webhooks || include.has('webhooks');
  const { storage } = ctx.app;
  const webhooks = withWebhooks ? await storage.webhooks.byIntegrations(rows.map((r) => r.id)) : [];
  return Promise.all(
    rows.map(async (row) =>
      serializeIntegration(
        row,
        {
          apiKeys: withKeys ? await storage.integrations.apiKeys(row.id) : undefined,
          webhooks: withWebhooks ? webhooks.filter((w) => w.integration_id === row.id) : undefined,
        },
        ctx.version,
      ),
    ),
  );
}

const body = (ctx: RouteContext) => readJson(ctx.head, ctx.app.options.limits.jsonBodyBytes);

/** Custom integrations, for Owners and Administrators (reference-behaviour §5). */
export const integrationRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: 'integrations/',
    ...admin('browse'),
    async handle(ctx) {
      const page = pagination(ctx.query);
      const result = await ctx.app.storage.integrations.browse({ limit: page.limit, offset: page.limit === null ? 0 : (page.page - 1) * page.limit });
      return json(200, { integrations: await present(ctx, result.rows), meta: paginationMeta(page, result.total) });
    },
  },
  {
    method: 'GET',
    path: 'integrations/:id/',
    ...admin('read'),
    async handle(ctx) {
      const row = await findIntegration(ctx.app.storage, requireId(ctx.params.id));
      return json(200, { integrations: await present(ctx, [row]) });
    },
  },
  {
    method: 'POST',
    path: 'integrations/',
    ...admin('add'),
    async handle(ctx) {
      const { id } = await createIntegration(ctx.app, firstOf(await body(ctx), 'integrations'), ctx.actor);
      const row = await findIntegration(ctx.app.storage, id);
      const location = adminLocation(ctx.app.options.adminUrl, ctx.app.options.name, ctx.version, `integrations/${id}/`);
      return json(201, { integrations: await present(ctx, [row], { apiKeys: true, webhooks: true }) }, { location });
    },
  },
  {
    method: 'PUT',
    path: 'integrations/:id/',
    ...admin('edit'),
    async handle(ctx) {
      const id = requireId(ctx.params.id);
      const input = parseWith(integrationEditInput, firstOf(await body(ctx), 'integrations'), 'integrations');
      const row = await ctx.app.storage.transaction(
        logged(
          ctx,
          (tx) => editIntegration(tx, ctx.app, id, input),
          (row) => integrationEntries('edited', row),
        ),
      );
      return json(200, { integrations: await present(ctx, [row]) });
    },
  },
  {
    method: 'DELETE',
    path: 'integrations/:id/',
    ...admin('destroy'),
    async handle(ctx) {
      const id = requireId(ctx.params.id);
      await ctx.app.storage.transaction(
        logged(
          ctx,
          (tx) => destroyIntegration(tx, id),
          (row) => integrationEntries('deleted', row),
        ),
      );
      ctx.app.keysChanged?.();
      return noContent();
    },
  },
  {
    method: 'POST',
    path: 'integrations/:id/api_key/:keyid/refresh/',
    ...admin('edit'),
    async handle(ctx) {
      const id = requireId(ctx.params.id);
      const keyId = requireId(ctx.params.keyid);
      await ctx.app.storage.transaction(
        logged(
          ctx,
          (tx) => refreshApiKey(tx, ctx.app, id, keyId),
          (key) => integrationEntries('edited', key.integration, { action: 'api_key_refreshed', api_key_type: key.type }),
        ),
      );
      ctx.app.keysChanged?.();
      const row = await findIntegration(ctx.app.storage, id);
      return json(200, { integrations: await present(ctx, [row], { apiKeys: true }) });
    },
  },
];
