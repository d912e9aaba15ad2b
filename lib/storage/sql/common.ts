import type { SqlDriver } from './driver';
import { recordTemplate } from '../../util/record-template';
import type { BrowseResult, KnownTotal, OrderClause, PageRequest } from '../storage';

/** Text as PostgreSQL stores it: sent as UTF-8, in which an unpaired surrogate becomes U+FFFD. */
export function storedText(text: string): string {
  return text.isWellFormed() ? text : text.toWellFormed();
}

/** Escapes LIKE wildcards so a user's text matches only itself. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The first of `base`, `base-2`, `base-3`… not in use in `table.slug` (ignoring the row `exceptId`).
 * `table` is always a constant from this layer, never input.
 */
export async function freeSlug(db: SqlDriver, table: string, base: string, exceptId?: string): Promise<string> {
  const { rows } = await db.query<{ slug: string }>(`SELECT slug FROM ${table} WHERE (slug = $1 OR slug LIKE $2) AND id IS DISTINCT FROM $3`, [
    base,
    `${escapeLike(base)}-%`,
    exceptId ?? null,
  ]);
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** `ORDER BY` items for the clauses whose field is in `columns`; unknown fields are dropped silently. */
export function orderItems(order: OrderClause[] | undefined, columns: Record<string, string>): string[] {
  const items: string[] = [];
  for (const clause of order ?? []) {
    const column = Object.hasOwn(columns, clause.field) ? columns[clause.field] : undefined;
    if (!column) continue;
    items.push(`${column} ${clause.direction === 'asc' ? 'ASC' : 'DESC'}`);
  }
  return items;
}

/**
 * `LIMIT n OFFSET m` as numbers in the text, not parameters: with either a parameter PostgreSQL plans
 * the statement afresh on every run (its generic plan, made to return an unknown share of the rows,
 * always looks costlier than one made for the page at hand). A page of posts: 0.44 → 0.32 ms per
 * statement in PGlite. Each page size and offset is a statement of its own; the driver keeps the
 * most recent ones prepared.
 */
export function pageSql(page: PageRequest): string {
  let sql = '';
  if (page.limit !== null) sql += ` LIMIT ${wholeNumber(page.limit)}`;
  // limit × page can pass what bigint holds; a page that far past the end is simply empty
  if (page.offset > 0) sql += ` OFFSET ${wholeNumber(Math.min(page.offset, Number.MAX_SAFE_INTEGER))}`;
  return sql;
}

/** A number that is safe to write into SQL text: the page was validated long before, this makes sure. */
function wholeNumber(value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`not a page bound: ${value}`);
  return value;
}

/** How many entries PostgreSQL assumes a list parameter holds when it plans without seeing it. */
const ASSUMED_LIST_LENGTH = 10;

/**
 * `<column> = $n` for one value, `<column> = ANY($n::text[])` for several; the value or the list is
 * appended to `params`. PostgreSQL plans a prepared statement afresh on every run for as long as its
 * generic plan looks costlier than the plans made for the values at hand. Against a list it cannot see
 * it assumes 10 entries, so a run with fewer is planned anew each time, forever: ~0.2 ms of PGlite's
 * time for a post's tags (one id: 0.31 → 0.11 ms per statement; five posts' tags: 0.37 → 0.18 ms).
 * One id is therefore compared as a value, and a shorter list is padded to 10 with repeats of its last
 * id, which match nothing more; its plans then cost what the generic plan does, and PostgreSQL keeps
 * that one.
 */
export function equalsAny(column: string, values: readonly string[], params: unknown[]): string {
  if (values.length === 1) {
    params.push(values[0]);
    return `${column} = $${params.length}`;
  }
  const short = values.length > 1 && values.length < ASSUMED_LIST_LENGTH;
  params.push(short ? values.concat(Array<string>(ASSUMED_LIST_LENGTH - values.length).fill(values[values.length - 1])) : values);
  return `${column} = ANY($${params.length}::text[])`;
}

/**
 * `SET a = $1, b = $2` for the keys of `patch` that are known columns; the rest are ignored so that
 * no key can ever reach SQL text unless this layer named it.
 */
export function setClause(patch: Record<string, unknown>, columns: ReadonlySet<string>, params: unknown[]): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(patch)) {
    if (!columns.has(key) || value === undefined) continue;
    params.push(value);
    parts.push(`${key} = $${params.length}`);
  }
  return parts.join(', ');
}

export function insertSql(table: string, row: Record<string, unknown>, columns: readonly string[]) {
  const params = columns.map((c) => row[c] ?? null);
  const placeholders = columns.map((_, i) => `$${i + 1}`).join(', ');
  return { sql: `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${placeholders})`, params };
}

/**
 * Rows of a relation grouped by the id they hang on (`key`), each without that column. Each is copied
 * from a template made once (record-template.ts): a rest pattern (`({ post_id, ...rest })`) per row
 * takes V8's slow path, and adding the columns one by one makes a slow dictionary object.
 */
export function groupWithout<T extends object, K extends keyof T>(rows: T[], key: K): Map<string, Omit<T, K>[]> {
  const map = new Map<string, Omit<T, K>[]>();
  if (rows.length === 0) return map;
  const columns = (Object.keys(rows[0]) as (keyof T & string)[]).filter((column) => column !== key);
  const template = recordTemplate(columns);
  for (const row of rows) {
    const rest: Record<string, unknown> = { ...template };
    for (const column of columns) rest[column] = row[column];
    const id = String(row[key]);
    const list = map.get(id);
    if (list) list.push(rest as Omit<T, K>);
    else map.set(id, [rest as Omit<T, K>]);
  }
  return map;
}

export interface BrowseSpec {
  /** `tags t`: a constant of this layer, never input. */
  from: string;
  select: string;
  /** SQL conditions, and-ed; their values are already in `params`. */
  where: string[];
  params: unknown[];
  /** ORDER BY items, one per entry (`expression [ASC|DESC] [NULLS FIRST|LAST]`), ending in a unique column so pages never overlap. */
  order: string[];
  /** Values only the ORDER BY uses, numbered after `params`. */
  orderParams?: unknown[];
  page: PageRequest;
  /**
   * A unique column of `from` (`p.id`). Given, the page is found by walking the order for this column
   * alone, and only then are the page's rows read in full: the rows a walk passes over (those the
   * conditions reject, those an offset skips) can then be read from an index that covers the walk,
   * where otherwise each is read in full from the table.
   */
  pageKey?: string;
}

/** `FROM … WHERE …` of a browse, shared by its page and its count. */
export function browseBody(spec: Pick<BrowseSpec, 'from' | 'where'>): string {
  return `FROM ${spec.from}${spec.where.length ? ` WHERE ${spec.where.join(' AND ')}` : ''}`;
}

/** The rows of one page. */
export async function pageRows<R>(db: SqlDriver, spec: BrowseSpec): Promise<R[]> {
  const params = [...spec.params, ...(spec.orderParams ?? [])];
  const order = spec.order.join(', ');
  const walk = `${browseBody(spec)} ORDER BY ${order}${pageSql(spec.page)}`;
  const sql = spec.pageKey
    ? `SELECT ${spec.select} FROM ${spec.from} WHERE ${spec.pageKey} = ANY(ARRAY(SELECT ${spec.pageKey} ${walk})) ORDER BY ${order}`
    : `SELECT ${spec.select} ${walk}`;
  return (await db.query<R>(sql, params)).rows;
}

/** `SELECT count(*) <body>`: `body` is `FROM … WHERE …` with its `$n` in `params`. */
export async function count(db: SqlDriver, body: string, params: unknown[]): Promise<number> {
  const { rows } = await db.query<{ total: number }>(`SELECT count(*)::int AS total ${body}`, params);
  return rows[0]?.total ?? 0;
}

/** The generation of public content (migrations/014) as a column of another statement, from that statement's snapshot. */
const GENERATION_COLUMN = '(SELECT value FROM content_generation WHERE id = 1) AS generation_';

/**
 * One page of rows and the total they were paged from, as two queries over the same conditions. A page
 * past the middle is walked from the end (`fromTheEnd`), by the total counted first (or `known`), and
 * kept only if the walk saw the generation the total was counted at; else the page is walked from the front.
 */
export async function browsePage<R>(db: SqlDriver, spec: BrowseSpec, known?: KnownTotal): Promise<BrowseResult<R>> {
  const body = browseBody(spec);
  if (spec.page.offset > 0 && spec.page.limit !== null) {
    const counted = known ?? (await countAt(db, body, spec.params));
    // past the end, as the total says: nothing to walk to
    if (spec.page.offset >= counted.total) return { rows: [], total: counted.total };
    const backwards = fromTheEnd(spec, counted.total);
    if (!backwards) return { rows: await pageRows<R>(db, spec), total: counted.total };
    const rows = await pageRows<R & { generation_?: string | number }>(db, { ...backwards, select: `${backwards.select}, ${GENERATION_COLUMN}` });
    // the content changed since the total was counted: the page is found afresh from the front
    if (rows.length === backwards.page.limit && Number(rows[0]?.generation_) === counted.generation) {
      for (const row of rows) delete row.generation_;
      return { rows: rows.reverse(), total: counted.total };
    }
  } else if (known) {
    return { rows: await pageRows<R>(db, spec), total: known.total };
  }
  const [rows, total] = await Promise.all([pageRows<R>(db, spec), count(db, body, spec.params)]);
  return { rows, total };
}

/**
 * ORDER BY items as columns of a subquery (`values`: `expression AS o0_, …`; `columns`: `o0_, …`) and
 * the same order over those columns (`sorted`: `o0_ DESC, …`, perhaps of a table), so that a statement
 * sorts by values worked out below it.
 */
export function sortValues(order: readonly string[]): { values: string; columns: string; sorted: (table?: string) => string } {
  // (ORDER_ITEM matches any item: an expression, then perhaps a direction and where nulls go)
  const items = order.map((item) => ORDER_ITEM.exec(item.trim()) ?? [item, item]);
  const values = items.map(([, expression], i) => `${expression} AS o${i}_`).join(', ');
  const columns = items.map((_, i) => `o${i}_`).join(', ');
  const sorted = (table?: string) =>
    items.map(([, , direction, nulls], i) => `${table ? `${table}.` : ''}o${i}_ ${direction ?? 'ASC'}${nulls ? ` NULLS ${nulls}` : ''}`).join(', ');
  return { values, columns, sorted };
}

/** `count` with the generation of its snapshot. */
async function countAt(db: SqlDriver, body: string, params: unknown[]): Promise<KnownTotal> {
  const { rows } = await db.query<{ total: number; generation_: string | number }>(`SELECT count(*)::int AS total, ${GENERATION_COLUMN} ${body}`, params);
  return { total: rows[0]?.total ?? 0, generation: Number(rows[0]?.generation_ ?? -1) };
}

/**
 * For a page in the second half of a browse of `total` rows, the same page read by walking the order
 * backwards from the end: an OFFSET is a walk over every row it skips (the last of 100k posts took
 * 80 ms to reach from the front). Undefined for a page nearer the front, or an order that cannot be
 * reversed.
 */
function fromTheEnd(spec: BrowseSpec, total: number): BrowseSpec | undefined {
  const { offset, limit } = spec.page;
  if (limit === null) return undefined;
  const end = Math.min(offset + limit, total);
  if (total - end >= offset) return undefined;
  const order = reversedOrder(spec.order);
  return order && { ...spec, order, page: { limit: end - offset, offset: total - end } };
}

const ORDER_ITEM = /^(.+?)(?:\s+(ASC|DESC))?(?:\s+NULLS\s+(FIRST|LAST))?$/is;

/**
 * ORDER BY items that list the same rows last to first. Nulls move to the other end too: PostgreSQL
 * puts them last in ascending order and first in descending order unless told otherwise.
 */
export function reversedOrder(order: readonly string[]): string[] | undefined {
  const reversed: string[] = [];
  for (const item of order) {
    const match = ORDER_ITEM.exec(item.trim());
    if (!match) return undefined;
    const [, expression, direction = 'ASC', nulls] = match;
    const descending = direction.toUpperCase() === 'DESC';
    const nullsFirst = nulls ? nulls.toUpperCase() === 'FIRST' : descending;
    reversed.push(`${expression} ${descending ? 'ASC' : 'DESC'} NULLS ${nullsFirst ? 'LAST' : 'FIRST'}`);
  }
  return reversed;
}

/**
 * `a = $1 AND b = $2` for the given keys (those in `caseInsensitive` compared with lower()), or null
 * when no key is given. Keys are column names of this layer's choosing, never input. The values are
 * appended to `params` (and numbered after what it already holds).
 */
export function matchConditions(keys: Record<string, string | undefined>, caseInsensitive: readonly string[] = [], params: unknown[] = []) {
  const conditions: string[] = [];
  for (const [column, value] of Object.entries(keys)) {
    if (value === undefined) continue;
    params.push(value);
    conditions.push(caseInsensitive.includes(column) ? `lower(${column}) = lower($${params.length})` : `${column} = $${params.length}`);
  }
  return conditions.length ? { where: conditions.join(' AND '), params } : null;
}

/**
 * Several lookups in one statement: `(SELECT <i> AS ord, id FROM <table> WHERE <key set i> LIMIT 1)
 * UNION ALL …`, one branch per key set that gives a key; null when none does. Join it on `id` to read
 * the rows; `ord` tells which key set found each. `table` is a constant of this layer, never input.
 */
export function matchEachSql(
  table: string,
  keySets: Record<string, string | undefined>[],
  caseInsensitive: readonly string[],
  params: unknown[],
): string | null {
  const branches: string[] = [];
  keySets.forEach((keys, ord) => {
    const match = matchConditions(keys, caseInsensitive, params);
    if (match) branches.push(`(SELECT ${ord} AS ord, id FROM ${table} WHERE ${match.where} LIMIT 1)`);
  });
  return branches.length ? branches.join(' UNION ALL ') : null;
}
