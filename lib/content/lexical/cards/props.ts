import type { LexicalNode } from '../types';

// A card's fields as the reference's generated node classes read them: a falsy value takes the default
// (`data[name] || default`), a boolean field only a missing one (`data[name] ?? default`). Values come from
// API clients, so a field of the wrong type is read as its default rather than trusted.

export function str(node: LexicalNode, name: string, fallback = ''): string {
  const value = node[name] || fallback;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return fallback;
}

export function num(node: LexicalNode, name: string): number | null {
  const value = node[name];
  if (typeof value === 'number' && Number.isFinite(value) && value !== 0) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) && Number(value) !== 0) return Number(value);
  return null;
}

export function bool(node: LexicalNode, name: string, fallback: boolean): boolean {
  const value = node[name] ?? fallback;
  return typeof value === 'boolean' ? value : Boolean(value);
}

export function obj(node: LexicalNode, name: string): Record<string, unknown> {
  const value = node[name];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
