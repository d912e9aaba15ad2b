import { readJson } from '../../http/body';
import type { RouteContext, RouteDef } from '../../core/context';
import { json, noContent } from '../../core/answer';
import { firstOf } from '../shared/envelope';
import { requireId } from '../shared/ids';
import { addWebhook, destroyWebhook, editWebhook, type WebhookWriteContext } from './operations';
import { serializeWebhook } from './serialize';
import { logged } from '../../events/actions';
import { webhookEntries } from '../shared/action-entries';

const admin = (action: string) => ({ api: 'admin' as const, auth: 'admin' as const, permission: { resource: 'webhooks', action } });

async function item(ctx: RouteContext): Promise<Record<string, unknown>> {
  return firstOf(await readJson(ctx.head, ctx.app.options.limits.jsonBodyBytes), 'webhooks');
}

const writeContext = (ctx: RouteContext): WebhookWriteContext => ({ app: ctx.app, actor: ctx.actor!, version: ctx.version });

/** Webhooks are added, edited (v3) and deleted; there is no browse or read (contract §2.9). */
export const webhookRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: 'webhooks/',
    ...admin('add'),
    async handle(ctx) {
      const raw = await item(ctx);
      const webhook = await ctx.app.storage.transaction(
        logged(
          ctx,
          (tx) => addWebhook(tx, writeContext(ctx), raw),
          (w) => webhookEntries('added', w),
        ),
      );
      return json(201, { webhooks: [serializeWebhook(webhook, ctx.version)] });
    },
  },
  {
    method: 'PUT',
    path: 'webhooks/:id/',
    versions: ['v3', 'v5'],
    ...admin('edit'),
    async handle(ctx) {
      const id = requireId(ctx.params.id);
      const raw = await item(ctx);
      const webhook = await ctx.app.storage.transaction(
        logged(
          ctx,
          (tx) => editWebhook(tx, writeContext(ctx), id, raw),
          (w) => webhookEntries('edited', w),
        ),
      );
      return json(200, { webhooks: [serializeWebhook(webhook, ctx.version)] });
    },
  },
  {
    method: 'DELETE',
    path: 'webhooks/:id/',
    ...admin('destroy'),
    async handle(ctx) {
      const id = requireId(ctx.params.id);
      await ctx.app.storage.transaction(
        logged(
          ctx,
          (tx) => destroyWebhook(tx, ctx.actor!, id),
          (w) => webhookEntries('deleted', w),
        ),
      );
      return noContent();
    },
  },
];
