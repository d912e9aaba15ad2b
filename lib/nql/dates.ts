import type { NqlRelativeDate } from './ast';

// Dates are resolved in JavaScript, never by the database, so the SQL and in-memory backends see
// the very same instant and tests can inject the clock. Both results are limited to years
// 1..9999, which every backend (and PostgreSQL's timestamptz input) represents exactly.

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(?:(Z)|([+-])(\d{2}):?(\d{2}))?$/i;

/**
 * Parses `YYYY-MM-DD`, optionally followed by ` HH:MM[:SS[.fff]]` (or `T`) and `Z` / `±HH:MM`.
 * Without an offset the time is UTC. Fractions beyond milliseconds are truncated.
 */
export function parseDateText(text: string): Date | null {
  const m = DATE_TEXT.exec(text);
  if (m === null) return null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = m.slice(1, 7).map((part) => (part === undefined ? undefined : Number(part))) as number[];
  const millis = m[7] === undefined ? 0 : Number(m[7].slice(0, 3).padEnd(3, '0'));
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  let offsetMinutes = 0;
  if (m[9] !== undefined) {
    const hours = Number(m[10]);
    const minutes = Number(m[11]);
    if (hours > 23 || minutes > 59) return null;
    offsetMinutes = (m[9] === '-' ? -1 : 1) * (hours * 60 + minutes);
  }
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute - offsetMinutes, second, millis);
  return inRange(date);
}

function daysInMonth(year: number, month: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month, 0);
  return date.getUTCDate();
}

const UNIT_MS: Readonly<Record<string, number>> = {
  w: 7 * 86_400_000,
  d: 86_400_000,
  h: 3_600_000,
  m: 60_000,
  s: 1000,
};

/** `now-30d` against `now`; months and years are calendar steps in UTC (Jan 31 + 1M = Mar 3 or 2). */
export function resolveRelativeDate(value: NqlRelativeDate, now: Date): Date | null {
  if (!Number.isSafeInteger(value.amount)) return null;
  const amount = value.sign === '-' ? -value.amount : value.amount;
  const date = new Date(now.getTime());
  if (value.unit === 'M') date.setUTCMonth(date.getUTCMonth() + amount);
  else if (value.unit === 'y') date.setUTCFullYear(date.getUTCFullYear() + amount);
  else date.setTime(date.getTime() + amount * UNIT_MS[value.unit]);
  return inRange(date);
}

function inRange(date: Date): Date | null {
  const time = date.getTime();
  if (Number.isNaN(time)) return null;
  const year = date.getUTCFullYear();
  return year >= 1 && year <= 9999 ? date : null;
}
