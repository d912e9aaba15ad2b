import type { TagRow } from '../../storage/rows';

/**
 * A new tag's row: what is given, and every other column at its default. The one place the defaults are
 * written, for a tag made by `POST tags/` (tags/operations.ts) and for one a post names that does not
 * exist yet (posts/relations.ts). A name starting with `#` makes an internal tag, as in the reference.
 */
export function newTagRow(given: Pick<TagRow, 'id' | 'name' | 'slug' | 'created_at'> & Partial<TagRow>): TagRow {
  return {
    description: null,
    feature_image: null,
    parent_id: null,
    visibility: given.name.startsWith('#') ? 'internal' : 'public',
    og_image: null,
    og_title: null,
    og_description: null,
    twitter_image: null,
    twitter_title: null,
    twitter_description: null,
    meta_title: null,
    meta_description: null,
    codeinjection_head: null,
    codeinjection_foot: null,
    canonical_url: null,
    accent_color: null,
    updated_at: given.created_at,
    ...given,
  };
}
