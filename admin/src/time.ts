/**
 * Dates as the site tells them: in its `timezone` setting, not the browser's. app.tsx sets the zone
 * when a session starts, screens/settings.tsx when it changes; every date shown and every date field
 * goes through here.
 */
let siteZone = 'Etc/UTC';

export function setSiteTimeZone(zone: string | null | undefined): void {
  siteZone = zone && isTimeZone(zone) ? zone : 'Etc/UTC';
}

export function siteTimeZone(): string {
  return siteZone;
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock fields of an instant in a zone. */
function wallClock(ms: number, zone: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(ms);
  const field = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: field('year'), month: field('month'), day: field('day'), hour: field('hour'), minute: field('minute'), second: field('second') };
}

/** How far the zone's clock is ahead of UTC at an instant, in ms. */
function offsetAt(ms: number, zone: string): number {
  const c = wallClock(ms, zone);
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - Math.floor(ms / 1000) * 1000;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An instant as a `datetime-local` value (`YYYY-MM-DDTHH:mm`) on the site's clock. */
export function toLocalInput(iso: string | null, zone = siteZone): string {
  if (!iso) return '';
  const ms = new Date(iso).getTime();
  if (Number.isNaN(ms)) return '';
  const c = wallClock(ms, zone);
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}T${pad(c.hour)}:${pad(c.minute)}`;
}

/**
 * A `datetime-local` value read on the site's clock, as an ISO instant. A time the clock skips (spring
 * forward) is read as the same distance past the gap, 02:30 as 03:30; one it repeats (fall back) as one
 * of its two instants.
 */
export function fromLocalInput(value: string, zone = siteZone): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, seconds = 0] = match.slice(1).map((part) => (part === undefined ? 0 : Number(part)));
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, seconds);
  if (Number.isNaN(asUtc)) return null;
  // the offset at the guess, then at the instant that gives: they differ only across a change of offset
  const first = asUtc - offsetAt(asUtc, zone);
  const again = asUtc - offsetAt(first, zone);
  const shows = [first, again].filter((ms) => ms + offsetAt(ms, zone) === asUtc);
  // none shows the time asked for: it falls in a gap
  return new Date(shows.length ? Math.min(...shows) : Math.max(first, again)).toISOString();
}

/** What a date field beside it is read in: the site's zone, named. */
export function zoneHint(zone = siteZone): string {
  return `Time in ${zone.replace(/_/g, ' ')}, the site's time zone`;
}

/** A date and time for people, on the site's clock. */
export function formatDate(value: string | null | undefined, zone = siteZone): string {
  if (!value) return '';
  return new Date(value).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone });
}
