import { isEventName, EVENT_NAMES } from '../../events/names';
import { literalTargetProblem } from '../../events/transport';
import { noPermission, notFound, validation } from '../../core/errors';
import type { Actor, AppContext, Version } from '../../core/context';
import type { Stores } from '../../storage/storage';
import type { WebhookPatch, WebhookRow } from '../../storage/webhook-rows';
import { isObjectId, objectId } from '../../util/ids';
import { parseWith } from '../shared/validate';
import { webhookInput, type WebhookInput } from './schema';

export interface WebhookWriteContext {
  app: AppContext;
  actor: Actor;
  version: Version;
}

const DUPLICATE = 'Target URL has already been used for this event.';

function parse(raw: Record<string, unknown>): WebhookInput {
  return parseWith(webhookInput, raw, 'webhooks');
}

function required<T>(value: T | undefined, field: string): T {
  if (value === undefined) throw validation(`Value in [webhooks.${field}] is required.`, { property: field });
  return value;
}

function eventName(raw: string): string {
  const name = raw.trim().toLowerCase();
  if (!isEventName(name)) {
    throw validation(`Value in [webhooks.event] is not a known event: ${JSON.stringify(raw.slice(0, 50))}.`, {
      property: 'event',
      context: `Known events: ${EVENT_NAMES.join(', ')}.`,
    });
  }
  return name;
}

/** An absolute http(s) URL, normalised so that duplicates compare equal; literal private targets refused unless allowed. */
function targetUrl(raw: string, app: AppContext): string {
  let url: URL | null = null;
  try {
    url = new URL(raw.trim());
  } catch {
    // reported below
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw validation('Value in [webhooks.target_url] must be an absolute http or https URL.', { property: 'target_url' });
  }
  if (!app.options.webhooks.allowPrivateTargets) {
    const problem = literalTargetProblem(url);
    if (problem) {
      throw validation('Value in [webhooks.target_url] must be a public address.', { property: 'target_url', context: `${problem}.` });
    }
  }
  return url.href;
}

/** The integration a new webhook belongs to: the caller's with a token, the named one with a session. */
async function owner(tx: Stores, ctx: WebhookWriteContext, input: WebhookInput): Promise<string> {
  if (ctx.actor.kind === 'integration') return ctx.actor.integrationId;
  const id = required(input.integration_id, 'integration_id');
  if (!isObjectId(id) || !(await tx.integrations.findById(id))) {
    throw validation('Value in [webhooks.integration_id] must be the id of an existing integration.', { property: 'integration_id' });
  }
  return id;
}

/** An integration may only touch its own webhooks; staff with the permission may touch any. */
async function ownedWebhook(tx: Stores, actor: Actor, id: string): Promise<WebhookRow> {
  const webhook = await tx.webhooks.findById(id);
  if (!webhook) throw notFound('Webhook not found.');
  if (actor.kind === 'integration' && webhook.integration_id !== actor.integrationId) {
    throw noPermission('You do not have permission to change a webhook of another integration.');
  }
  return webhook;
}

async function assertUnique(tx: Stores, event: string, target: string, exceptId?: string): Promise<void> {
  const clash = await tx.webhooks.findByEventAndTarget(event, target);
  if (clash && clash.id !== exceptId) throw validation(DUPLICATE, { property: 'target_url' });
}

export async function addWebhook(tx: Stores, ctx: WebhookWriteContext, raw: Record<string, unknown>): Promise<WebhookRow> {
  const input = parse(raw);
  const event = eventName(required(input.event, 'event'));
  const target = targetUrl(required(input.target_url, 'target_url'), ctx.app);
  const integrationId = await owner(tx, ctx, input);
  await assertUnique(tx, event, target);
  const now = ctx.app.now();
  const row = await tx.webhooks.insert({
    id: objectId(now),
    event,
    target_url: target,
    name: input.name ?? null,
    secret: input.secret ?? null,
    api_version: input.api_version ?? ctx.version,
    integration_id: integrationId,
    status: 'available',
    last_triggered_at: null,
    last_triggered_status: null,
    last_triggered_error: null,
    created_at: now,
    updated_at: now,
  });
  // a concurrent request created the same webhook between the check and the insert
  if (!row) throw validation(DUPLICATE, { property: 'target_url' });
  return row;
}

/** Edits `event`, `target_url`, `name`, `api_version` (contract §4.3); other fields are ignored. */
export async function editWebhook(tx: Stores, ctx: WebhookWriteContext, id: string, raw: Record<string, unknown>): Promise<WebhookRow> {
  const before = await ownedWebhook(tx, ctx.actor, id);
  const input = parse(raw);
  const patch: WebhookPatch = {};
  if (input.event !== undefined) patch.event = eventName(input.event);
  if (input.target_url !== undefined) patch.target_url = targetUrl(input.target_url, ctx.app);
  if (input.name !== undefined) patch.name = input.name;
  if (input.api_version !== undefined) patch.api_version = input.api_version;
  const event = patch.event ?? before.event;
  const target = patch.target_url ?? before.target_url;
  if (event !== before.event || target !== before.target_url) await assertUnique(tx, event, target, id);
  patch.updated_at = new Date(Math.max(ctx.app.now().getTime(), before.updated_at.getTime() + 1));
  const after = await tx.webhooks.update(id, patch);
  if (after === 'duplicate') throw validation(DUPLICATE, { property: 'target_url' });
  if (!after) throw notFound('Webhook not found.');
  return after;
}

export async function destroyWebhook(tx: Stores, actor: Actor, id: string): Promise<WebhookRow> {
  const webhook = await ownedWebhook(tx, actor, id);
  await tx.webhooks.delete(id);
  return webhook;
}
