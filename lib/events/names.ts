/** Every event a webhook may subscribe to (reference-behaviour §11). */
export const EVENT_NAMES = [
  'site.changed',
  ...(['post', 'page'] as const).flatMap((resource) =>
    (['added', 'deleted', 'edited', 'published', 'published.edited', 'unpublished', 'scheduled', 'unscheduled', 'rescheduled'] as const).map(
      (action) => `${resource}.${action}` as const,
    ),
  ),
  'tag.added',
  'tag.edited',
  'tag.deleted',
  'post.tag.attached',
  'post.tag.detached',
  'page.tag.attached',
  'page.tag.detached',
] as const;

export type EventName = (typeof EVENT_NAMES)[number];

export function isEventName(value: string): value is EventName {
  return (EVENT_NAMES as readonly string[]).includes(value);
}
