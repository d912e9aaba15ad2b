import { tagSlug } from '../../content';
import { notFound, validation } from '../../core/errors';
import type { AppContext } from '../../core/context';
import type { Stores } from '../../storage/storage';
import type { TagRow } from '../../storage/rows';
import { objectId } from '../../util/ids';
import type { TagInput } from './schema';
import { TAG_COPIED } from './fields';
import { newTagRow } from './new-tag';
import type { DomainEvent } from '../../events/events';

export interface TagChange {
  before: TagRow | null;
  after: TagRow | null;
  /** Posts the tag was attached to, for cache invalidation and events. */
  postIds?: string[];
  /** Whether any of those posts is published, i.e. the public site changed. */
  publicPosts?: boolean;
}

export function tagEvents(change: TagChange): DomainEvent[] {
  const action = !change.before ? 'added' : !change.after ? 'deleted' : 'edited';
  const events: DomainEvent[] = [{ name: `tag.${action}`, kind: 'tag', before: change.before, after: change.after }];
  if (change.publicPosts) events.push({ name: 'site.changed', kind: 'site' });
  return events;
}

function copied(input: TagInput): Partial<TagRow> {
  const out: Partial<TagRow> = {};
  for (const key of TAG_COPIED) if (input[key] !== undefined) out[key] = input[key] ?? null;
  return out;
}

async function parentId(tx: Stores, parent: string | null | undefined, self?: string): Promise<string | null | undefined> {
  if (parent === undefined || parent === null) return parent;
  const found = await tx.tags.findById(parent);
  if (!found || found.id === self) throw validation('Value in [tags.parent] must be the id of another existing tag.', { property: 'parent' });
  return found.id;
}

async function attachedPosts(tx: Stores, tagId: string): Promise<{ postIds: string[]; publicPosts: boolean }> {
  const postIds = await tx.tags.postIds(tagId);
  const published = await tx.tags.findById(tagId, { withPublishedPosts: true });
  return { postIds, publicPosts: published !== null };
}

export async function addTag(tx: Stores, app: AppContext, input: TagInput): Promise<TagChange> {
  const name = input.name?.trim();
  if (!name) throw validation(input.name === undefined ? 'Value in [tags.name] is required.' : 'Value in [tags.name] cannot be blank.', { property: 'name' });
  if (await tx.tags.match({ name })) throw validation(`A tag named ${JSON.stringify(name)} already exists.`, { property: 'name' });
  const now = app.now();
  const slug = await tx.tags.freeSlug(tagSlug(input.slug || name) || 'tag');
  const after = await tx.tags.insert(
    newTagRow({
      id: objectId(now),
      name,
      slug,
      parent_id: (await parentId(tx, input.parent)) ?? null,
      ...(input.visibility !== undefined && { visibility: input.visibility }),
      ...copied(input),
      created_at: now,
    }),
  );
  return { before: null, after };
}

export async function editTag(tx: Stores, app: AppContext, id: string, input: TagInput): Promise<TagChange> {
  const before = await tx.tags.findById(id);
  if (!before) throw notFound('Tag not found.');
  const patch: Partial<TagRow> = copied(input);
  if (input.name !== undefined) {
    const name = input.name.trim();
    if (!name) throw validation('Value in [tags.name] cannot be blank.', { property: 'name' });
    const clash = await tx.tags.match({ name });
    if (clash && clash.id !== id) throw validation(`A tag named ${JSON.stringify(name)} already exists.`, { property: 'name' });
    patch.name = name;
  }
  if (input.slug !== undefined && tagSlug(input.slug) && tagSlug(input.slug) !== before.slug) {
    patch.slug = await tx.tags.freeSlug(tagSlug(input.slug), id);
  }
  if (input.visibility !== undefined) patch.visibility = input.visibility;
  const parent = await parentId(tx, input.parent, id);
  if (parent !== undefined) patch.parent_id = parent;
  patch.updated_at = new Date(Math.max(app.now().getTime(), before.updated_at.getTime() + 1));
  const after = await tx.tags.update(id, patch);
  return { before, after, ...(await attachedPosts(tx, id)) };
}

export async function destroyTag(tx: Stores, id: string): Promise<TagChange> {
  const before = await tx.tags.findById(id);
  if (!before) throw notFound('Tag not found.');
  const attached = await attachedPosts(tx, id);
  await tx.tags.delete(id);
  return { before, after: null, ...attached };
}
