import type { TagRow } from '../../storage/rows';
import { TAG_FIELDS } from './fields';

/** The value each copied field of a new tag takes when not given (fields.ts's `write.default`). */
const DEFAULTS = Object.fromEntries(
  TAG_FIELDS.flatMap((field) => ('write' in field && 'default' in field.write ? [[field.name, field.write.default]] : [])),
) as Partial<TagRow>;

/**
 * A new tag's row: what is given, and every other column at its default. The one place the defaults are
 * written, for a tag made by `POST tags/` (tags/operations.ts) and for one a post names that does not
 * exist yet (posts/relations.ts). A name starting with `#` makes an internal tag, as in the reference.
 */
export function newTagRow(given: Pick<TagRow, 'id' | 'name' | 'slug' | 'created_at'> & Partial<TagRow>): TagRow {
  return {
    ...(DEFAULTS as Omit<TagRow, 'id' | 'name' | 'slug' | 'parent_id' | 'visibility' | 'created_at' | 'updated_at'>),
    parent_id: null,
    visibility: given.name.startsWith('#') ? 'internal' : 'public',
    updated_at: given.created_at,
    ...given,
  };
}
