import { tagSlug } from '../../content';
import { noPermission, validation } from '../../core/errors';
import type { Actor } from '../../core/context';
import type { Stores } from '../../storage/storage';
import type { TagRow, UserWithRoles } from '../../storage/rows';
import { objectId } from '../../util/ids';
import type { AuthorReference, TagReference } from './schema';
import { newTagRow } from '../tags/new-tag';

type TagKeys = { id?: string; name?: string; slug?: string };
type AuthorKeys = { id?: string; slug?: string; email?: string };

function given<T extends object>(keys: T): T {
  return Object.fromEntries(Object.entries(keys).filter(([, v]) => v !== undefined)) as T;
}

/** The first of each id, in order. */
function uniqueById<T extends { id: string }>(rows: T[]): T[] {
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.id) && seen.add(row.id));
}

/** What resolving a post's tags may do besides finding them. */
export interface TagResolution {
  now: Date;
  /** Whether the actor may add tags; one who may not (a Contributor) is refused over any unknown tag. */
  mayCreate: boolean;
  /** Receives each tag created, for `tag.added`. */
  created: TagRow[];
}

/**
 * The tags of a post's `tags` array (contract §4.3 rules 3–4), in order, each once: strings are names;
 * objects match on every key they give; whatever matches nothing is created. Every reference is looked
 * up in one statement. An actor who may not add tags gets 403 naming every unknown tag (the reference
 * drops them; nothing a client sends may be dropped silently here).
 */
export async function resolveTags(tx: Stores, refs: TagReference[], resolution: TagResolution): Promise<TagRow[]> {
  const { now, created } = resolution;
  const keySets = refs.map((ref): TagKeys => given(typeof ref === 'string' ? { name: ref } : { id: ref.id, name: ref.name, slug: ref.slug }));
  const found = await tx.tags.matchEach(keySets);
  if (!resolution.mayCreate) {
    const unknown = keySets.filter((keys, index) => !found[index] && (keys.name ?? keys.slug)?.trim());
    if (unknown.length > 0) {
      const names = unknown.map((keys) => JSON.stringify((keys.name ?? keys.slug)!.slice(0, 100))).join(', ');
      throw noPermission(`You may not create tags; these do not exist: ${names}.`, {
        code: 'TAG_CREATE_NOT_ALLOWED',
        context: 'Choose existing tags, or ask an Editor to create these first.',
      });
    }
  }
  const tags: TagRow[] = [];
  // once this request has created (or raced for) a tag, a later reference may name it: look again
  let added = false;
  for (const [index, ref] of refs.entries()) {
    const keys = keySets[index];
    if (!keys.id && !keys.name && !keys.slug) {
      throw validation(`Value in [posts.tags.${index}] must name a tag by id, name or slug.`, { property: 'tags' });
    }
    const match = found[index] ?? (added ? await tx.tags.match(keys) : null);
    if (match) {
      tags.push(match);
      continue;
    }
    const name = (keys.name ?? keys.slug ?? '').trim();
    if (!name) {
      throw validation(`Value in [posts.tags.${index}] refers to tag ${keys.id} which does not exist.`, { property: 'tags' });
    }
    const slug = keys.slug ? tagSlug(keys.slug) : tagSlug(name);
    const description = typeof ref === 'object' && typeof ref.description === 'string' ? ref.description : null;
    const id = objectId(now);
    const tag = await tx.tags.insertOrGetByName(newTagRow({ id, name, slug: slug || 'tag', description, created_at: now }));
    added = true;
    // a concurrent writer may have created it first: then it is not ours to announce
    if (tag.id === id) created.push(tag);
    tags.push(tag);
  }
  return uniqueById(tags);
}

/**
 * The authors of a post's `authors` array (contract §4.3 rule 5), in order, each once: strings are
 * emails; objects match on id, slug or email; no match → the Owner. One statement looks up every
 * reference; the Owner is looked up only when one matched nothing.
 */
export async function resolveAuthors(tx: Stores, refs: AuthorReference[]): Promise<UserWithRoles[]> {
  if (refs.length === 0) throw validation('At least one author is required.', { property: 'authors' });
  const keySets = refs.map((ref): AuthorKeys =>
    given(typeof ref === 'string' ? { email: ref } : { id: str(ref.id), slug: str(ref.slug), email: str(ref.email) }),
  );
  const found = await tx.users.matchEach(keySets);
  let owner: UserWithRoles | null = null;
  const authors: UserWithRoles[] = [];
  for (const match of found) authors.push(match ?? (owner ??= await ownerOf(tx)));
  return uniqueById(authors);
}

/** The authors of a post added without `authors`: the acting user, or the Owner for an integration. */
export async function defaultAuthors(tx: Stores, actor: Actor): Promise<UserWithRoles[]> {
  // read in the transaction, as the response and the events show the user as the post's author
  if (actor.kind === 'user') return [(await tx.users.findById(actor.user.id)) ?? actor.user];
  return [await ownerOf(tx)];
}

async function ownerOf(tx: Stores): Promise<UserWithRoles> {
  const owner = await tx.users.owner();
  if (!owner) throw validation('The site has no Owner yet: run setup first.', { property: 'authors' });
  return owner;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
