import type { PostBody } from '../storage';
import type { PostRow } from '../rows';
import { POST_FIELDS } from '../../resources/posts/fields';
import { storedNames } from '../../resources/shared/fields';

/** The columns of `posts` a write sets (lib/resources/posts/fields.ts declares them). */
export const POST_COLUMNS = storedNames(POST_FIELDS, 'write');

/**
 * The columns of a read post (a PostRow): the written ones and the denormalised primary ids. The
 * arrays of tag and author ids that follow them in the table (migrations/009) serve filters only and
 * are never read into a row.
 */
export const ROW_COLUMNS: readonly (keyof PostRow)[] = storedNames(POST_FIELDS, 'write', 'read');

const EVERY_COLUMN = ROW_COLUMNS.map((column) => `p.${column}`).join(', ');

/**
 * The select list of a post read over `posts p`; given `bodies`, the body columns not asked for are
 * left out.
 */
export function postColumns(bodies?: readonly PostBody[]): string {
  if (!bodies) return EVERY_COLUMN;
  // null rather than absent: the row keeps its type, and the serializer never reads a format it was not asked for
  const body = (name: PostBody, column: string = name) => (bodies.includes(name) ? `p.${column}` : `NULL::text AS ${column}`);
  return ROW_COLUMNS.map((column) => {
    if (column === 'mobiledoc' || column === 'html') return body(column);
    // a post's editable source is mobiledoc or lexical, whichever it has (migrations/019): read together
    if (column === 'lexical') return body('mobiledoc', column);
    return `p.${column}`;
  }).join(', ');
}
