import type { Post } from './api-types';
import type { BodyFormat } from './editor';

export type { Post } from './api-types';

/** A tag as a post's form holds it: a new one has only its name until the server gives it an id. */
export interface TagRef {
  id?: string;
  name: string;
  slug?: string;
}

export type PostType = 'post' | 'page';

export type { BodyFormat } from './editor';

/** What a post's body is: the format it has, or for a new post the site's `editor_default_format`. */
export function bodyFormatOf(post: Post | null, siteDefault: BodyFormat): BodyFormat {
  if (!post) return siteDefault;
  return typeof post.lexical === 'string' ? 'lexical' : 'mobiledoc';
}

/** The site's `editor_default_format` setting; mobiledoc when the service has none (it then takes only mobiledoc). */
export function defaultFormatOf(settings: readonly { key: string; value: unknown }[]): BodyFormat {
  return settings.find((s) => s.key === 'editor_default_format')?.value === 'lexical' ? 'lexical' : 'mobiledoc';
}

export const resourceOf = (type: PostType) => (type === 'post' ? 'posts' : 'pages');

export const STATUS_WORD: Record<Post['status'], string> = { draft: 'Draft', published: 'Published', scheduled: 'Scheduled' };

/** Quotes a value for an NQL filter. */
export function nqlString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** The fields the post editor edits; they travel as they are in a `PUT`. */
export interface PostForm {
  title: string;
  /** The body's format, which it is saved in: a lexical post stays lexical, a mobiledoc post mobiledoc. */
  format: BodyFormat;
  /** The body in `format` (a JSON string); null for a new post. */
  body: string | null;
  slug: string;
  custom_excerpt: string;
  tags: TagRef[];
  authors: { id: string; name: string }[];
  feature_image: string | null;
  published_at: string | null;
  featured: boolean;
  visibility: Post['visibility'];
  meta_title: string;
  meta_description: string;
  canonical_url: string;
  og_title: string;
  og_description: string;
  og_image: string | null;
  twitter_title: string;
  twitter_description: string;
  twitter_image: string | null;
  codeinjection_head: string;
  codeinjection_foot: string;
}

const TEXT_FIELDS = [
  'custom_excerpt',
  'meta_title',
  'meta_description',
  'canonical_url',
  'og_title',
  'og_description',
  'twitter_title',
  'twitter_description',
  'codeinjection_head',
  'codeinjection_foot',
] as const;

/** The form for a post as the API returned it, or for a new one (in the site's default format). */
export function formOf(post: Post | null, siteDefault: BodyFormat = 'mobiledoc'): PostForm {
  const text = (key: (typeof TEXT_FIELDS)[number]) => post?.[key] ?? '';
  const format = bodyFormatOf(post, siteDefault);
  return {
    title: post?.title ?? '',
    format,
    body: (format === 'lexical' ? post?.lexical : post?.mobiledoc) ?? null,
    slug: post?.slug ?? '',
    tags: post?.tags?.map((t) => ({ id: t.id, name: t.name, slug: t.slug })) ?? [],
    authors: post?.authors?.map((a) => ({ id: a.id, name: a.name })) ?? [],
    feature_image: post?.feature_image ?? null,
    published_at: post?.published_at ?? null,
    featured: post?.featured ?? false,
    visibility: post?.visibility ?? 'public',
    og_image: post?.og_image ?? null,
    twitter_image: post?.twitter_image ?? null,
    ...(Object.fromEntries(TEXT_FIELDS.map((key) => [key, text(key)])) as Record<(typeof TEXT_FIELDS)[number], string>),
  };
}

/**
 * The request body: empty texts are sent as null (no value), the slug only once there is one, and the
 * body under its own format's key only (the other format's key would switch the post's format).
 */
export function inputOf(form: PostForm): Record<string, unknown> {
  const input: Record<string, unknown> = {
    title: form.title,
    ...(form.body === null ? {} : { [form.format]: form.body }),
    tags: form.tags.map((t) => (t.id ? { id: t.id, name: t.name } : { name: t.name })),
    feature_image: form.feature_image,
    featured: form.featured,
    visibility: form.visibility,
    og_image: form.og_image,
    twitter_image: form.twitter_image,
  };
  if (form.slug.trim()) input.slug = form.slug.trim();
  if (form.authors.length) input.authors = form.authors.map((a) => ({ id: a.id }));
  if (form.published_at) input.published_at = form.published_at;
  for (const key of TEXT_FIELDS) input[key] = form[key].trim() ? form[key] : null;
  return input;
}
