import type { Payload } from '../../types';

// Payloads come from API clients, so every field is read defensively rather than trusted to be typed.

export function text(payload: Payload, key: string): string {
  const value = payload[key];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** A positive integer dimension, or null. */
export function dimension(payload: Payload, key: string): number | null {
  const value = payload[key];
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number) || number <= 0) return null;
  return Math.round(number);
}

export function flag(payload: Payload, key: string): boolean {
  return payload[key] === true || payload[key] === 'true';
}

export function object(payload: Payload, key: string): Payload {
  const value = payload[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Payload) : {};
}

/** One of the allowed values (compared lower-case), else the fallback. */
export function oneOf<T extends string>(payload: Payload, key: string, allowed: readonly T[], fallback: T): T {
  const value = text(payload, key).toLowerCase();
  return (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}
