import { describe, expect, it } from 'vitest';
import { formatDate, fromLocalInput, toLocalInput } from '../../admin/src/time';

// The admin client's dates on the site's clock (its `timezone` setting), whatever the machine's zone.

describe('dates on the site clock', () => {
  it('shows an instant as the site clock reads it, in summer and in winter', () => {
    expect(toLocalInput('2026-01-15T15:30:00.000Z', 'America/New_York')).toBe('2026-01-15T10:30');
    expect(toLocalInput('2026-07-04T13:00:00.000Z', 'America/New_York')).toBe('2026-07-04T09:00');
    expect(toLocalInput('2026-07-04T13:00:00.000Z', 'Asia/Kolkata')).toBe('2026-07-04T18:30');
    expect(toLocalInput('2026-12-31T23:59:00.000Z', 'Etc/UTC')).toBe('2026-12-31T23:59');
    expect(toLocalInput(null, 'Etc/UTC')).toBe('');
  });

  it('reads a field on the site clock back to the same instant', () => {
    expect(fromLocalInput('2026-01-15T10:30', 'America/New_York')).toBe('2026-01-15T15:30:00.000Z');
    expect(fromLocalInput('2026-07-04T09:00', 'America/New_York')).toBe('2026-07-04T13:00:00.000Z');
    expect(fromLocalInput('2026-07-04T18:30', 'Asia/Kolkata')).toBe('2026-07-04T13:00:00.000Z');
    expect(fromLocalInput('2026-03-01T00:00', 'Pacific/Auckland')).toBe('2026-02-28T11:00:00.000Z');
    for (const iso of ['2026-03-08T06:59:00.000Z', '2026-03-08T07:00:00.000Z', '2026-11-01T05:30:00.000Z', '2026-11-01T07:00:00.000Z']) {
      expect(fromLocalInput(toLocalInput(iso, 'America/New_York'), 'America/New_York')).toBe(iso);
    }
  });

  it('reads a time the clock skips as past the gap, and refuses what is not a date', () => {
    expect(fromLocalInput('2026-03-08T02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(fromLocalInput('2026-03-29T02:30', 'Europe/Paris')).toBe('2026-03-29T01:30:00.000Z');
    expect(fromLocalInput('', 'Etc/UTC')).toBeNull();
    expect(fromLocalInput('tomorrow', 'Etc/UTC')).toBeNull();
  });

  it('formats dates for people in the site zone', () => {
    expect(formatDate('2026-01-15T15:30:00.000Z', 'America/New_York')).toContain('10:30');
    expect(formatDate('2026-01-15T15:30:00.000Z', 'Asia/Tokyo')).toContain('12:30');
    expect(formatDate(null)).toBe('');
  });
});
