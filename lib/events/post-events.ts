import type { DomainEvent, PostState } from './events';
import type { EventName } from './names';

type PostEventName = Extract<DomainEvent, { kind: 'post' }>['name'];

/**
 * The events a change to a post or page fires, in order (reference-behaviour §11): lifecycle first,
 * then `edited`, then tag attach/detach per tag, `deleted` last.
 */
export function postEvents(before: PostState | null, after: PostState | null): DomainEvent[] {
  const state = after ?? before;
  if (!state) return [];
  // an edit that changed nothing (every real change moves updated_at on) fires nothing
  if (before && after && before.row.updated_at.getTime() === after.row.updated_at.getTime()) return [];
  const type = state.row.type;
  const event = (action: string, extra: { tag?: PostState['tags'][number] } = {}): DomainEvent => ({
    name: `${type}.${action}` as PostEventName,
    kind: 'post',
    before,
    after,
    ...extra,
  });
  const events: DomainEvent[] = [];
  const was = before?.row.status;
  const is = after?.row.status;

  if (!before && after) {
    events.push(event('added'));
    if (is === 'published') events.push(event('published'));
    if (is === 'scheduled') events.push(event('scheduled'));
  } else if (before && !after) {
    if (was === 'published') events.push(event('unpublished'));
  } else if (before && after) {
    if (was !== 'published' && is === 'published') events.push(event('published'));
    else if (was === 'published' && is !== 'published') events.push(event('unpublished'));
    else if (was === 'published' && is === 'published') events.push(event('published.edited'));
    if (was !== 'scheduled' && is === 'scheduled') events.push(event('scheduled'));
    else if (was === 'scheduled' && is !== 'scheduled' && is !== 'published') events.push(event('unscheduled'));
    else if (was === 'scheduled' && is === 'scheduled' && before.row.published_at?.getTime() !== after.row.published_at?.getTime()) {
      events.push(event('rescheduled'));
    }
    events.push(event('edited'));
  }

  const beforeTags = new Map((before?.tags ?? []).map((t) => [t.id, t]));
  const afterTags = new Map((after?.tags ?? []).map((t) => [t.id, t]));
  if (after) {
    for (const [id, tag] of afterTags) if (!beforeTags.has(id)) events.push(event('tag.attached', { tag }));
    for (const [id, tag] of beforeTags) if (!afterTags.has(id)) events.push(event('tag.detached', { tag }));
  }
  if (before && !after) events.push(event('deleted'));

  if (was === 'published' || is === 'published') events.push({ name: 'site.changed' satisfies EventName, kind: 'site' });
  return events;
}
