// The words in which public content changes and answers depend on it. The database's triggers write
// the same strings (lib/storage/sql/migrations/014-content-changes.ts); answers carry them in `Cache-Tag`.

/** What a kind of list is called in its keys. */
export type ListKind = 'posts' | 'pages' | 'tags' | 'authors';

export const keys = {
  /** A published (or formerly published) post or page: any of its columns, tags or authors. */
  post: (id: string) => `post:${id}`,
  /** A tag, as every answer showing it shows it. */
  tag: (id: string) => `tag:${id}`,
  /** The public columns of a user who authors posts. */
  author: (id: string) => `author:${id}`,
  /** The site's settings. */
  settings: 'settings',
  /**
   * Which records a list of this kind holds and in which order: a publish, an unpublish, a delete, a
   * change of status, published_at, featured, visibility, tags or authors of a published post; a new,
   * changed or deleted tag or author.
   */
  list: (kind: ListKind) => `list:${kind}`,
  /**
   * Which posts (or pages) with this tag, or by this author, a list holds and in which order: a list
   * whose filter requires the tag depends on this, not on every list change (slugs in lower case).
   */
  listBy: (kind: 'posts' | 'pages', by: 'tag' | 'author', slug: string) => `list:${kind}:${by}:${slug.toLowerCase()}`,
  /** Any change to any published post (or page): lists filtered or ordered by other columns depend on it. */
  any: (kind: 'posts' | 'pages') => `any:${kind}`,
} as const;

/** What an answer that named no keys depends on: every change. */
export const EVERYTHING = '*';

/** The header an answer names its keys in, comma-separated, as CDNs read it. */
export const CACHE_TAG = 'cache-tag';

/** The `Cache-Tag` header for answers depending on these keys. */
export function dependsOn(all: Iterable<string>): Record<string, string> {
  return { [CACHE_TAG]: [...new Set(all)].join(',') };
}

/**
 * What an answer showing these tags or authors depends on: each of them, and the lists of posts and
 * pages, since which of them the Content API shows, and their counts of posts, follow publishing.
 * `list`: whether the answer is a list of them, which a new, changed or deleted one of them moves.
 */
export function peopleAndTagKeys(kind: 'tags' | 'authors', ids: Iterable<string>, list: boolean): Record<string, string> {
  const key = kind === 'tags' ? keys.tag : keys.author;
  return dependsOn([...(list ? [keys.list(kind)] : []), keys.list('posts'), keys.list('pages'), ...[...ids].map(key)]);
}
