// A card's fields as the reference's generated node classes read them: a falsy value takes the default
// (`data[name] || default`), a boolean field only a missing one (`data[name] ?? default`). Values come from
// API clients, so a field of the wrong type is read as its default rather than trusted.

/** A card node, or an object field of one (bookmark metadata). */
export type Fields = Record<string, unknown>;

export function str(node: Fields, name: string, fallback = ''): string {
  const value = node[name] || fallback;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return fallback;
}

export function num(node: Fields, name: string): number | null {
  const value = node[name];
  if (typeof value === 'number' && Number.isFinite(value) && value !== 0) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) && Number(value) !== 0) return Number(value);
  return null;
}

export function bool(node: Fields, name: string, fallback: boolean): boolean {
  const value = node[name] ?? fallback;
  return typeof value === 'boolean' ? value : Boolean(value);
}

export function obj(node: Fields, name: string): Record<string, unknown> {
  const value = node[name];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
