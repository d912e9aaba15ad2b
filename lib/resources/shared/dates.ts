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
  return Number.isNaN(date.getTime()) ? null : date;
}
