import type { DomainEvent, PostState } from '../../events/events';
import type { Version } from '../../core/context';
import type { TagRow } from '../../storage/rows';
import { serializePost } from '../posts/serialize';
import type { OutputOptions } from '../../http/output';
import type { SerializeContext } from '../shared/serialize-context';
import { serializeTag } from '../tags/serialize';

// as the Admin API reads a post: with its tags and authors
const POST_OUTPUT: OutputOptions = { include: new Set(['tags', 'authors']), fields: null, formats: new Set(['mobiledoc', 'html']) };

function post(state: PostState | null, ctx: SerializeContext): Record<string, unknown> {
  return state ? serializePost(state.row, { tags: state.tags, authors: state.authors }, ctx, POST_OUTPUT) : {};
}

function tag(row: TagRow | null, ctx: SerializeContext): Record<string, unknown> {
  return row ? serializeTag(row, ctx) : {};
}

/** The keys of `previous` whose value differs in `current`: on a delete that is all of them, on an add none. */
function changedOnly(previous: Record<string, unknown>, current: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(previous)) {
    if (!(key in current) || JSON.stringify(value) !== JSON.stringify(current[key])) out[key] = value;
  }
  return out;
}

/**
 * The body of a delivery (reference-behaviour §11): `{<resource>: {current, previous}}` shaped like the
 * Admin API of the webhook's `api_version`; `site.changed` sends `{}`. Attach and detach events carry
 * the post or page, whose `previous.tags` shows the list before the change.
 */
export function webhookPayload(event: DomainEvent, version: Version, site: string): Record<string, unknown> {
  const ctx: SerializeContext = { api: 'admin', version, site };
  if (event.kind === 'site') return {};
  if (event.kind === 'tag') {
    const current = tag(event.after, ctx);
    return { tag: { current, previous: changedOnly(tag(event.before, ctx), current) } };
  }
  const resource = (event.after ?? event.before)?.row.type === 'page' ? 'page' : 'post';
  const current = post(event.after, ctx);
  return { [resource]: { current, previous: changedOnly(post(event.before, ctx), current) } };
}
