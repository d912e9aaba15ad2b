import { NqlFieldError } from './errors';

// A field map is the allow-list of filterable properties of one resource: anything not listed is
// an NqlFieldError. It is declarative SQL: the compiler only ever combines these trusted
// fragments with `$n` placeholders.

export type FieldType = 'string' | 'number' | 'boolean' | 'date';

/**
 * A to-many relation. A comparison on it holds when any related row passes, its negation when
 * none does; compiled as `(<key> IN (SELECT <link> FROM <from> WHERE <test>)) IS [NOT] TRUE`, or,
 * when the caller asks for probes and the relation has one, as a lookup per outer row (see `probe`).
 */
export interface FieldRelation {
  /** The outer row's key, e.g. `p.id`. */
  readonly key: string;
  /** The related rows' tables with their aliases, e.g. `posts_tags pt JOIN tags t ON t.id = pt.tag_id`. */
  readonly from: string;
  /** The column of `from` that holds the outer key, e.g. `pt.post_id`. */
  readonly link: string;
  /**
   * The relation split at its link table, for the per-row form
   * `(SELECT true FROM <through> WHERE <link> = <key> AND <via> = ANY (ARRAY(SELECT <id> FROM <target> WHERE <test>)) LIMIT 1) IS [NOT] TRUE`:
   * the related ids are looked up once per query, then each outer row costs one index probe of the
   * link table. `through` and `target` together must be what `from` joins.
   */
  readonly probe?: {
    /** The link table with its alias, e.g. `posts_tags pt`. */
    readonly through: string;
    /** The link table's column naming the related row, e.g. `pt.tag_id`. */
    readonly via: string;
    /** The related table with its alias, e.g. `tags t`. */
    readonly target: string;
    /** The related table's key, e.g. `t.id`. */
    readonly id: string;
  };
}

export interface FieldDef {
  /**
   * The property's value in SQL: a column (`p.slug`) or any expression (`p.type = 'page'`, a
   * scalar subquery `SELECT ... `); the compiler parenthesises anything but a bare column. For
   * relations it refers to the aliases of `relation.from`. Strings must be text-like
   * (varchar/text; cast others, e.g. `p.uuid::text`), dates timestamptz, numbers integers.
   */
  readonly sql: string;
  readonly type: FieldType;
  /** Present for to-many properties: a comparison holds when any related row matches. */
  readonly relation?: FieldRelation;
}

/** The shape shared by FieldMap and the in-memory AccessorMap. */
export interface PropertyMap<F> {
  readonly fields: Readonly<Record<string, F>>;
  /** Shortcut names (`tag`) to field names (`tags.slug`); resolved once, not transitively. */
  readonly aliases?: Readonly<Record<string, string>>;
}

export type FieldMap = PropertyMap<FieldDef>;

/** Finds a property's definition after alias resolution; own keys only, so `constructor` or `__proto__` are unknown too. */
export function lookupProperty<F>(map: PropertyMap<F>, property: string): F {
  const aliases = map.aliases ?? {};
  const name = Object.hasOwn(aliases, property) ? aliases[property] : property;
  if (!Object.hasOwn(map.fields, name)) throw new NqlFieldError(property);
  return map.fields[name];
}
