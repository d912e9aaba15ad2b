/** Admin API timestamps: ISO 8601 UTC with milliseconds. */
export function adminDate(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

/** Content API timestamps carry an explicit `+00:00` offset (contract §2.10). */
export function contentDate(date: Date | null): string | null {
  return date ? date.toISOString().replace('Z', '+00:00') : null;
}

/** Parses a client's timestamp; null for anything that is not a real date. */
export function parseDate(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}/.test(value)) return null;
  const date = new Date(value);
  // year 0 (or earlier, via an offset) is a JavaScript date but not one PostgreSQL accepts in ISO form
  return Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1 ? null : date;
}
