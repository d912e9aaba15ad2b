import { ByteLru } from '../../util/byte-lru';
import type { PostRow, TagRow } from '../rows';
import type { PostBody, PublicAuthor } from '../storage';

// Rows of public content as one generation of it holds them: published posts, and the tags and
// authors they show. As with counts (count-memo.ts), every change the Content API could show moves
// the generation inside the writing transaction, so a published post's row, its tags and its
// authors are the same in every snapshot of one generation, on every instance sharing the database.
// A read that has itself read generation g may take them from here instead of from the tables: a
// page then costs one statement, its walk, instead of four, and none of them reads the bodies out
// of TOAST. The first read of a generation fills what it finds missing.
//
// Rules for callers: only reads of published content outside transactions; a row is held only as
// read with `status = 'published'`; and what a read holds it must never change, since every later
// read of the generation is handed the same objects.

/** A published post as read for the memo: its row with its tags' and authors' ids, in order. */
export type HeldPost = PostRow & { tag_ids: string[]; author_ids: string[] };

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
  private readonly posts: ByteLru<{ post: HeldPost; size: number }>;
  private readonly tags = new Map<string, TagRow>();
  private readonly authors = new Map<string, PublicAuthor>();

  /** `maxBytes`: about how much text of posts it may hold, their bodies most of it. */
  constructor(maxBytes: number) {
    this.posts = new ByteLru(maxBytes);
  }

  /**
   * Whether the memo can serve and take rows of `generation`: a newer one than it holds drops them
   * all; an older one (a read that began before a write this memo has already seen) is served by
   * the tables instead.
   */
  at(generation: number): boolean {
    if (generation > this.generation) {
      this.generation = generation;
      this.posts.clear();
      this.tags.clear();
      this.authors.clear();
    }
    return generation === this.generation;
  }

  post(bodies: string, id: string): HeldPost | undefined {
    return this.posts.get(`${bodies}\u0000${id}`)?.post;
  }

  tag(id: string): TagRow | undefined {
    return this.tags.get(id);
  }

  author(id: string): PublicAuthor | undefined {
    return this.authors.get(id);
  }

  /** Each `set…` holds the row only while the memo is still at `generation` (see `at`). */
  setPost(generation: number, bodies: string, post: HeldPost): void {
    if (this.at(generation)) this.posts.set(`${bodies}\u0000${post.id}`, { post: Object.freeze(post), size: sizeOf(post) });
  }

  setTag(generation: number, tag: TagRow): void {
    if (this.at(generation)) setBounded(this.tags, tag.id, Object.freeze(tag));
  }

  setAuthor(generation: number, author: PublicAuthor): void {
    if (this.at(generation)) setBounded(this.authors, author.id, Object.freeze(author));
  }
}
