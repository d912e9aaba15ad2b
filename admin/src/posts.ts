/** A post or page as the Admin API returns it (v3, mobiledoc). */
export interface Post {
  id: string;
  uuid: string;
  title: string;
  slug: string;
  mobiledoc: string | null;
  status: 'draft' | 'published' | 'scheduled';
  visibility: string;
  featured: boolean;
  feature_image: string | null;
  custom_excerpt: string | null;
  published_at: string | null;
  updated_at: string;
  created_at: string;
  url: string;
  tags: TagRef[];
  authors: { id: string; name: string; slug: string }[];
  [field: string]: unknown;
}

export interface TagRef {
  id?: string;
  name: string;
  slug?: string;
}

export type PostType = 'post' | 'page';

export const resourceOf = (type: PostType) => (type === 'post' ? 'posts' : 'pages');

export const STATUS_WORD: Record<Post['status'], string> = { draft: 'Draft', published: 'Published', scheduled: 'Scheduled' };

/** Quotes a value for an NQL filter. */
export function nqlString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}
