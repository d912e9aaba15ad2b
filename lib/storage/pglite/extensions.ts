import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/**
 * The extensions every PGlite database of pressroom loads: the migrations create them (016: unaccent,
 * which folds accents for search), so a database must load them before it runs a statement that uses them.
 */
export const PGLITE_EXTENSIONS = { unaccent };
