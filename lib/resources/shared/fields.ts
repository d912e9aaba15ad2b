import { z } from 'zod';
import type { Api, Version } from '../../core/context';
import { nullableText } from './response';

/**
 * The vocabulary of a record's field table (lib/resources/posts/fields.ts): one entry per field, in
 * the order answers show them, from which storage columns, input and response schemas, serialisers
 * and Ghost export/import are derived.
 */

/** Versions in the order they came: a field shown or writable `since` one is in every later one. */
const VERSION_ORDER: Record<Version, number> = { v2: 2, v3: 3, v5: 5 };

/** The PostgreSQL type of a column (migrations/). */
export type SqlType = 'text' | 'uuid' | 'boolean' | 'integer' | 'timestamptz';

/** From which version on a field is shown, or in exactly which versions (a field a later version dropped). */
export type ShownFrom = Version | readonly Version[];

/** From which version on (or in which versions) each API shows a field; an API not named never shows it. */
export type Shown = Partial<Record<Api, ShownFrom>>;

export interface WriteSpec {
  /** What a client may send (the input schema makes every field optional). */
  schema: z.ZodType;
  /** The first version that accepts it; every version by default. */
  since?: Version;
  /** Copied as sent by a write and compared for edit collisions (posts/operations.ts); else handled by name there. */
  copied?: true;
  /** The value a new record takes when the input leaves a copied field out. */
  default?: string | boolean | null;
  /** Only a new record takes it; an edit leaves it as it is (a webhook's `secret`, its `integration_id`). */
  onCreate?: true;
}

export interface FieldSpec {
  /** The key in answers and inputs, and the column's name when stored. */
  name: string;
  /**
   * How the table keeps it: `write` a column writes set and reads return; `read` a column reads
   * return and the store maintains; `site-data` a column only Ghost export and import use; absent,
   * not a column (a relation or a value made for the answer).
   */
  stored?: 'write' | 'read' | 'site-data';
  sql?: SqlType;
  /** A text column that is never null (NOT NULL in migrations/): its row value is a string. */
  notNull?: true;
  /**
   * A body format: shown only when `formats` asks for it; `source`, a post's editable source
   * (mobiledoc or lexical, one of them null), shown when `formats` asks for `mobiledoc`.
   */
  body?: true | 'source';
  /** Made by the serialiser by name (not a column's value). */
  computed?: true;
  /** A timestamp that may be null on this API. */
  nullable?: Api;
  show?: Shown;
  /** The value's schema in answers (timestamps and computed fields are described by the resource's response.ts). */
  answer?: z.ZodType;
  write?: WriteSpec;
  /** Which table of a Ghost export carries it. */
  ghost?: 'posts' | 'posts_meta' | 'tags' | 'users';
  /** The filter parameter may name it (lib/storage/sql/filter-fields.ts). */
  filter?: true;
}

/** Keeps the table's literal types, so the input type and the column names are derived from it. */
export function defineFields<const T extends readonly FieldSpec[]>(fields: T): T {
  return fields;
}

/**
 * A nullable text column a client may write (by `schema`), copied as sent, null when a new record leaves
 * it out: most of a tag's and a user's fields (lib/resources/tags/fields.ts, users/fields.ts).
 */
export function copiedText<
  const N extends string,
  Z extends z.ZodType,
  const S extends Shown,
  const G extends NonNullable<FieldSpec['ghost']>,
  const F extends boolean,
>(name: N, schema: Z, show: S, ghost: G, filter: F) {
  return {
    name,
    stored: 'write',
    sql: 'text',
    show,
    answer: nullableText,
    write: { schema, copied: true, default: null },
    ghost,
    ...((filter ? { filter: true } : {}) as F extends true ? { filter: true } : object),
  } as const;
}

export function since(version: Version, first: Version | undefined): boolean {
  return first !== undefined && VERSION_ORDER[version] >= VERSION_ORDER[first];
}

/** Whether `version` is among the versions `first` names. */
export function shownAt(first: ShownFrom | undefined, version: Version): boolean {
  return typeof first === 'object' ? first.includes(version) : since(version, first);
}

/** Whether `api` at `version` shows the field. */
export function shown(field: FieldSpec, api: Api, version: Version): boolean {
  return shownAt(field.show?.[api], version);
}

/** Whether a write at `version` may send the field. */
export function writable(field: FieldSpec, version: Version): boolean {
  return field.write !== undefined && since(version, field.write.since ?? 'v2');
}

type Writable<T extends readonly FieldSpec[]> = Extract<T[number], { write: WriteSpec }>;

/** The input shape of a write: every writable field of the table, with its schema's type. */
export type InputShape<T extends readonly FieldSpec[]> = { [F in Writable<T> as F['name']]: F['write']['schema'] };

/** The zod shape a write at `version` accepts (all fields optional: see `z.object(…).partial()`). */
export function inputShape<T extends readonly FieldSpec[]>(fields: T, version: Version): InputShape<T> {
  const shape: Record<string, z.ZodType> = {};
  for (const field of fields) if (writable(field, version)) shape[field.name] = (field.write as WriteSpec).schema;
  return shape as InputShape<T>;
}

/** Names of the fields a storage class holds, in the table's order. */
export type StoredName<T extends readonly FieldSpec[], S extends FieldSpec['stored']> = Extract<T[number], { stored: S }>['name'];

export function storedNames<T extends readonly FieldSpec[], S extends NonNullable<FieldSpec['stored']>>(fields: T, ...classes: S[]): StoredName<T, S>[] {
  return fields.filter((field) => field.stored !== undefined && (classes as string[]).includes(field.stored)).map((field) => field.name) as StoredName<T, S>[];
}

/** Each version and the versions from it on (VERSION_ORDER's order, at the type level). */
export interface VersionsFrom {
  v2: 'v2' | 'v3' | 'v5';
  v3: 'v3' | 'v5';
  v5: 'v5';
}

/** Whether `S` (a field's ShownFrom) names `V`, at the type level. */
export type ShowsAt<S, V extends Version> = S extends readonly Version[]
  ? V extends S[number]
    ? true
    : false
  : S extends Version
    ? V extends VersionsFrom[S]
      ? true
      : false
    : false;

/** The fields of a table that `A` at `V` shows. */
export type ShownField<T extends readonly FieldSpec[], A extends Api, V extends Version> = T[number] extends infer F
  ? F extends { show: { [K in A]: infer S } }
    ? ShowsAt<S, V> extends true
      ? F
      : never
    : never
  : never;

/**
 * The zod shape of an answer as `A` at `V` shows a record: a field's `answer` schema (optional for a
 * body format), timestamps as `Timestamp` (nullable where the field says so), computed fields as
 * `Computed` describes them.
 */
export type AnswerShape<T extends readonly FieldSpec[], A extends Api, V extends Version, Timestamp extends z.ZodType, Computed> = {
  [F in ShownField<T, A, V> as F['name']]: F extends { computed: true }
    ? F['name'] extends keyof Computed
      ? Computed[F['name']]
      : never
    : F extends { sql: 'timestamptz' }
      ? F extends { nullable: A }
        ? z.ZodNullable<Timestamp>
        : Timestamp
      : F extends { answer: infer S extends z.ZodType }
        ? F extends { body: true | 'source' }
          ? z.ZodOptional<S>
          : S
        : never;
};

/** A stored column's value in a row (lib/storage/rows.ts): by its SQL type, null unless the table says otherwise. */
type RowValue<F> = F extends { sql: 'boolean' }
  ? boolean
  : F extends { sql: 'integer' }
    ? number
    : F extends { sql: 'timestamptz' }
      ? F extends { nullable: Api }
        ? Date | null
        : Date
      : F extends { notNull: true }
        ? string
        : string | null;

/** The row of a record as the storage reads it: every column of the storage classes `S`, typed by RowValue. */
export type RowOf<T extends readonly FieldSpec[], S extends FieldSpec['stored']> = {
  [F in Extract<T[number], { stored: S }> as F['name']]: RowValue<F>;
};
