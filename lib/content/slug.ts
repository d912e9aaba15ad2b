import { transliterate } from 'transliteration';

const MAX_LENGTH = 185;

/**
 * Paths the public site or the admin already uses (Ghost's protected and reserved slugs plus our
 * own routes such as /p/<uuid>/); a post or tag with one of these slugs would be unreachable.
 */
const RESERVED: ReadonlySet<string> = new Set([
  'admin',
  'amp',
  'app',
  'apps',
  'archive',
  'archives',
  'assets',
  'author',
  'authors',
  'categories',
  'category',
  'content',
  'dashboard',
  'edit',
  'email',
  'feed',
  'ghost',
  'ghost-admin',
  'login',
  'logout',
  'members',
  'p',
  'page',
  'pages',
  'post',
  'posts',
  'preview',
  'public',
  'register',
  'rss',
  'search',
  'setup',
  'signin',
  'signout',
  'signup',
  'sitemap',
  'tag',
  'tags',
  'unsubscribe',
  'user',
  'users',
  'webmentions',
  'well-known',
  'wp-admin',
  'wp-login',
]);

export function isReservedSlug(slug: string): boolean {
  return RESERVED.has(slug);
}

function cut(slug: string): string {
  return slug.length <= MAX_LENGTH ? slug : slug.slice(0, MAX_LENGTH).replace(/-+$/, '');
}

function base(text: string): string {
  const ascii = transliterate(String(text ?? ''));
  return cut(
    ascii
      .toLowerCase()
      // An apostrophe joins a word rather than splitting it: "Don't" → "dont", as Ghost does.
      .replace(/['’‘`]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, ''),
  );
}

/**
 * URL slug of a title: transliterated to ASCII, lower-case, other characters → `-`, collapsed and
 * trimmed, at most 185 characters and never ending in `-`. A reserved result gets `-<suffix>`
 * (`rss` → `rss-post`), as Ghost does. Uniqueness is the caller's job (`-2`, `-3`…).
 *
 * Returns '' when nothing sluggable is left (emoji-only or all-symbol titles): the caller decides the
 * fallback (e.g. 'untitled', or the record's id).
 */
export function slugify(text: string, reservedSuffix = 'post'): string {
  const slug = base(text);
  return isReservedSlug(slug) ? `${slug}-${reservedSuffix}` : slug;
}

/**
 * Tag slug: as slugify, but names starting with `#` (Ghost's internal tags) get `hash-` in front:
 * `#Foo` → `hash-foo`, a bare `#` → `hash`. Reserved results get `-tag`.
 */
export function tagSlug(name: string): string {
  const value = String(name ?? '');
  if (!value.startsWith('#')) return slugify(value, 'tag');
  const rest = base(value.slice(1));
  return cut(rest === '' ? 'hash' : `hash-${rest}`);
}
