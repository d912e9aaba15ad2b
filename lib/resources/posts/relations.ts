import { tagSlug } from '../../content';
import { validation } from '../../http/errors';
import type { Actor } from '../../http/context';
import type { Stores } from '../../storage/storage';
import type { TagRow } from '../../storage/rows';
import { objectId } from '../../util/ids';
import type { AuthorReference, TagReference } from './schema';

/**
 * Tag ids for a post's `tags` array (contract §4.3 rules 3–4): strings are names; objects match on
 * every key they give; whatever matches nothing is created (and added to `created`, for `tag.added`).
 */
export async function resolveTags(tx: Stores, refs: TagReference[], now: Date, created: TagRow[] = []): Promise<string[]> {
  const ids: string[] = [];
  for (const [index, ref] of refs.entries()) {
    const keys = typeof ref === 'string' ? { name: ref } : { id: ref.id, name: ref.name, slug: ref.slug };
    const given = Object.fromEntries(Object.entries(keys).filter(([, v]) => v !== undefined)) as { id?: string; name?: string; slug?: string };
    if (!given.id && !given.name && !given.slug) {
      throw validation(`Value in [posts.tags.${index}] must name a tag by id, name or slug.`, { property: 'tags' });
    }
    const found = await tx.tags.match(given);
    if (found) {
      ids.push(found.id);
      continue;
    }
    const name = (given.name ?? given.slug ?? '').trim();
    if (!name) {
      throw validation(`Value in [posts.tags.${index}] refers to tag ${given.id} which does not exist.`, { property: 'tags' });
    }
    const slug = given.slug ? tagSlug(given.slug) : tagSlug(name);
    const description = typeof ref === 'object' && typeof ref.description === 'string' ? ref.description : null;
    const id = objectId(now);
    const tag = await tx.tags.insertOrGetByName({
      id, name, slug: slug || 'tag', description, feature_image: null, parent_id: null,
      visibility: name.startsWith('#') ? 'internal' : 'public',
      og_image: null, og_title: null, og_description: null, twitter_image: null, twitter_title: null,
      twitter_description: null, meta_title: null, meta_description: null, codeinjection_head: null,
      codeinjection_foot: null, canonical_url: null, accent_color: null, created_at: now, updated_at: now,
    });
    // a concurrent writer may have created it first: then it is not ours to announce
    if (tag.id === id) created.push(tag);
    ids.push(tag.id);
  }
  return [...new Set(ids)];
}

/**
 * Author ids for a post's `authors` array (contract §4.3 rule 5): strings are emails; objects match
 * on id, slug or email; no match → the Owner.
 */
export async function resolveAuthors(tx: Stores, refs: AuthorReference[]): Promise<string[]> {
  if (refs.length === 0) throw validation('At least one author is required.', { property: 'authors' });
  const ids: string[] = [];
  let owner: string | null = null;
  for (const ref of refs) {
    const keys = typeof ref === 'string' ? { email: ref } : { id: str(ref.id), slug: str(ref.slug), email: str(ref.email) };
    const given = Object.fromEntries(Object.entries(keys).filter(([, v]) => v !== undefined)) as { id?: string; slug?: string; email?: string };
    const found = Object.keys(given).length ? await tx.users.match(given) : null;
    if (found) ids.push(found.id);
    else ids.push((owner ??= await ownerId(tx)));
  }
  return [...new Set(ids)];
}

/** The authors of a post added without `authors`: the acting user, or the Owner for an integration. */
export async function defaultAuthors(tx: Stores, actor: Actor): Promise<string[]> {
  return actor.kind === 'user' ? [actor.user.id] : [await ownerId(tx)];
}

async function ownerId(tx: Stores): Promise<string> {
  const owner = await tx.users.owner();
  if (!owner) throw validation('The site has no Owner yet: run setup first.', { property: 'authors' });
  return owner.id;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
