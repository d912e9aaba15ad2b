import { ByteLru } from '../../util/byte-lru';
import type { PostRow, TagRow } from '../rows';
import type { PostBody, PublicAuthor } from '../storage';

// Rows of public content as the Content API shows them: published posts, and the tags and authors
// they show, each with the version it was read at (PostgreSQL's `xmin`: every change of a row writes
// a new version of it, in a transaction of its own id). As with counts (count-memo.ts), every change
// the Content API could show moves the generation inside the writing transaction, so a row found
// current in generation g is current in every snapshot of g, on every instance sharing the database.
// A read that has itself read generation g takes such rows from here instead of from the tables.
// Rows held from an older generation are not dropped: a read checks their versions, in one statement
// that reads no body, and reads in full only the rows that changed. A page then costs one statement,
// its walk, when nothing changed, and after a write the rows of the posts, tags and authors the
// write changed; the others, and what was made from them (resources/posts/rendered.ts), are kept.
//
// Rules for callers: only reads of published content outside transactions; a row is held only as
// read with `status = 'published'`, and found current again only by a check under the same
// conditions; and what a read holds it must never change, since every later read is handed the same
// objects.

/** A row's version as read with it: `xmin::text AS version_`. */
export interface Versioned {
  version_: string;
}

/** A published post as read for the memo: its row with its tags' and authors' ids, in order. */
export type HeldPost = PostRow & Versioned & { tag_ids: string[]; author_ids: string[] };
export type HeldTag = TagRow & Versioned;
export type HeldAuthor = PublicAuthor & Versioned;

/** A row the memo holds, and the newest generation it was found current in. */
export interface Held<R> {
  readonly row: R;
  checkedAt: number;
}

/** What a held post costs beyond its text: the object, its dates and short columns, the map entry. */
const ROW_OVERHEAD = 600;

function sizeOf(row: object): number {
  let size = ROW_OVERHEAD;
  for (const value of Object.values(row)) if (typeof value === 'string') size += value.length;
  return size;
}

/**
 * How many tags, and how many authors, are held. They are small and every page shows some, so they
 * are kept in plain maps, without an LRU's re-ordering on each of a page's ~70 look-ups.
 */
const RELATED_ROWS = 10_000;

/** `map.set` that drops the oldest entry of a full map first. */
function setBounded<V>(map: Map<string, V>, key: string, value: V): void {
  if (map.size >= RELATED_ROWS && !map.has(key)) map.delete(map.keys().next().value as string);
  map.set(key, value);
}

/** The bodies a read asked for, as part of a key: a row read without a body must not answer one that needs it. */
export function bodiesKey(bodies?: readonly PostBody[]): string {
  return bodies ? [...bodies].sort().join(',') : '*';
}

export class PublicMemo {
  private generation = -1;
  private readonly posts: ByteLru<Held<HeldPost> & { size: number }>;
  private readonly tags = new Map<string, Held<HeldTag>>();
  private readonly authors = new Map<string, Held<HeldAuthor>>();

  /** `maxBytes`: about how much text of posts it may hold, their bodies most of it. */
  constructor(maxBytes: number) {
    this.posts = new ByteLru(maxBytes);
  }

  /**
   * Whether the memo can serve and take rows for `generation`: a newer one than it has met becomes
   * its own, and its rows must then be found current again; an older one (a read that began before
   * a write this memo has already seen) is served by the tables instead.
   */
  at(generation: number): boolean {
    if (generation > this.generation) this.generation = generation;
    return generation === this.generation;
  }

  post(bodies: string, id: string): Held<HeldPost> | undefined {
    return this.posts.get(`${bodies}\u0000${id}`);
  }

  tag(id: string): Held<HeldTag> | undefined {
    return this.tags.get(id);
  }

  author(id: string): Held<HeldAuthor> | undefined {
    return this.authors.get(id);
  }

  /** `held` was found at the version it was read at, in a read of `generation`. */
  confirm(held: Held<unknown>, generation: number): void {
    if (this.at(generation)) held.checkedAt = generation;
  }

  /** Each `set…` holds the row only while the memo is still at `generation` (see `at`). */
  setPost(generation: number, bodies: string, post: HeldPost): void {
    if (this.at(generation)) this.posts.set(`${bodies}\u0000${post.id}`, { row: Object.freeze(post), checkedAt: generation, size: sizeOf(post) });
  }

  setTag(generation: number, tag: HeldTag): void {
    if (this.at(generation)) setBounded(this.tags, tag.id, { row: Object.freeze(tag), checkedAt: generation });
  }

  setAuthor(generation: number, author: HeldAuthor): void {
    if (this.at(generation)) setBounded(this.authors, author.id, { row: Object.freeze(author), checkedAt: generation });
  }
}
