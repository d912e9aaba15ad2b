import { NqlFieldError } from './errors';

// A field map is the allow-list of filterable properties of one resource: anything not listed is
// an NqlFieldError. It is declarative SQL: the compiler only ever combines these trusted
// fragments with `$n` placeholders.

export type FieldType = 'string' | 'number' | 'boolean' | 'date';

/**
 * A to-many relation. A comparison on it holds when any related row passes, its negation when
 * none does; compiled as `(<key> IN (SELECT <link> FROM <from> WHERE <test>)) IS [NOT] TRUE`, or,
 * when the outer row keeps its related ids itself, as a test of that array (see `ids`).
 */
export interface FieldRelation {
  /** The outer row's key, e.g. `p.id`. */
  readonly key: string;
  /** The related rows' tables with their aliases, e.g. `posts_tags pt JOIN tags t ON t.id = pt.tag_id`. */
  readonly from: string;
  /** The column of `from` that holds the outer key, e.g. `pt.post_id`. */
  readonly link: string;
  /**
   * The outer row's own list of its related ids, for the form
   * `[NOT] arrayoverlap(<column>, ARRAY(SELECT <id> FROM <target> WHERE <test>))`: the related ids
   * are looked up once per query, and each outer row is tested without touching another table.
   * The column must be a NOT NULL array of the type of `id`, holding exactly the ids `from` links
   * the row to.
   */
  readonly ids?: {
    /** The array column, e.g. `p.tag_ids`. */
    readonly column: string;
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
  /** Present for a to-one property read through the outer row's foreign key; `sql` is over `lookup.target`. */
  readonly lookup?: FieldLookup;
}

/**
 * A to-one property read through a foreign key of the outer row, e.g. the primary tag's slug over
 * `p.primary_tag_id`. Its value is null when no related row counts (the key is null, or the row fails
 * `where`). Compiled as `<key> IN (SELECT <id> FROM <target> WHERE …)` rather than as a subquery per
 * outer row: the set is looked up once per query, and the key's index can lead to the outer rows.
 */
export interface FieldLookup {
  /** The outer row's foreign key, e.g. `p.primary_tag_id`. */
  readonly key: string;
  /** The related table with its alias, e.g. `tags ptag`. */
  readonly target: string;
  /** The related table's key, e.g. `ptag.id`. */
  readonly id: string;
  /** What a related row must satisfy to count at all, e.g. `ptag.visibility = 'public'`. */
  readonly where?: string;
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
  return map.fields[resolveProperty(map, property)];
}

/** The field name a property means after alias resolution; throws NqlFieldError when there is none. */
export function resolveProperty<F>(map: PropertyMap<F>, property: string): string {
  const aliases = map.aliases ?? {};
  const name = Object.hasOwn(aliases, property) ? aliases[property] : property;
  if (!Object.hasOwn(map.fields, name)) throw new NqlFieldError(property);
  return name;
}
