import { badRequest, validation } from '../core/errors';

export const DEFAULT_LIMIT = 15;

export interface Pagination {
  /** null → every record */
  limit: number | null;
  page: number;
}

export interface OrderItem {
  field: string;
  direction: 'asc' | 'desc';
}

/** The one value of a query parameter; a parameter given twice is ambiguous and refused. */
export function single(query: URLSearchParams, name: string): string | null {
  const values = query.getAll(name);
  if (values.length > 1) {
    throw badRequest(`Query parameter '${name}' may be given only once.`, { context: `It was given ${values.length} times.` });
  }
  return values.length ? values[0] : null;
}

/** Comma-separated, trimmed, lower-cased, de-duplicated; `null` when absent. */
export function list(query: URLSearchParams, name: string): string[] | null {
  const value = single(query, name);
  if (value === null) return null;
  const items = value
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  return [...new Set(items)];
}

const POSITIVE_INTEGER = /^\d{1,15}$/;

export function pagination(query: URLSearchParams): Pagination {
  const rawLimit = single(query, 'limit');
  const rawPage = single(query, 'page');
  let limit: number | null = DEFAULT_LIMIT;
  if (rawLimit !== null && rawLimit !== '') {
    if (rawLimit.trim().toLowerCase() === 'all') limit = null;
    else if (POSITIVE_INTEGER.test(rawLimit.trim())) {
      const n = Number(rawLimit.trim());
      limit = n === 0 ? DEFAULT_LIMIT : n;
    } else {
      throw validation(`Validation (isInt) failed for limit: '${rawLimit.slice(0, 100)}' is not a whole number or 'all'.`, {
        property: 'limit',
      });
    }
  }
  let page = 1;
  if (rawPage !== null && rawPage !== '') {
    if (!POSITIVE_INTEGER.test(rawPage.trim()) || Number(rawPage.trim()) < 1) {
      throw validation(`Validation (isInt) failed for page: '${rawPage.slice(0, 100)}' is not a whole number of at least 1.`, {
        property: 'page',
      });
    }
    page = Number(rawPage.trim());
  }
  return { limit, page };
}

/** `published_at desc, title asc` → items; malformed clauses are ignored, as unknown fields are. */
export function order(query: URLSearchParams): OrderItem[] {
  const raw = single(query, 'order');
  if (!raw) return [];
  const items: OrderItem[] = [];
  for (const clause of raw.split(',')) {
    const [field, direction, ...rest] = clause.trim().split(/\s+/);
    if (!field || rest.length) continue;
    const dir = (direction ?? 'asc').toLowerCase();
    if (dir !== 'asc' && dir !== 'desc') continue;
    items.push({ field: field.toLowerCase(), direction: dir });
  }
  return items;
}

export function paginationMeta(p: Pagination, total: number) {
  const pages = p.limit === null ? 1 : Math.max(1, Math.ceil(total / p.limit));
  return {
    pagination: {
      page: p.page,
      // with `limit=all`, the string "all", as the reference reports it (reference-behaviour §7)
      limit: p.limit ?? ('all' as const),
      pages,
      total,
      next: p.page < pages ? p.page + 1 : null,
      prev: p.page > 1 ? p.page - 1 : null,
    },
  };
}
