import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { format } from 'date-fns';
import {
  CALENDAR_WEEK_DAYS,
  WEEK_DAYS,
  addDaysToDate,
  canonicalTimeZone,
  dayLabel,
  daysBetween,
  formatLongDate,
  formatShortDate,
  isIsoDate,
  isValidTimeZone,
  timeZoneChoices,
  weekDayOf,
} from './calendar';

describe('week days', () => {
  it('lists Monday first and the calendar Sunday first', () => {
    expect(WEEK_DAYS).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
    expect(CALENDAR_WEEK_DAYS).toEqual([
      'sunday',
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
    ]);
  });
  it('labels days', () => {
    expect(dayLabel('monday')).toBe('Monday');
    expect(WEEK_DAYS.map(dayLabel)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
  });
});

describe('weekDayOf', () => {
  it.each([
    ['2025-03-15', 'saturday'],
    ['2025-03-16', 'sunday'],
    ['2025-03-17', 'monday'],
    ['2024-02-29', 'thursday'],
    ['2000-01-01', 'saturday'],
    ['1970-01-01', 'thursday'],
    ['2025-12-31', 'wednesday'],
    ['2026-01-01', 'thursday'],
    ['2025-03-09', 'sunday'], // US DST starts
    ['2025-10-26', 'sunday'], // EU DST ends
  ])('%s is a %s', (date, day) => {
    expect(weekDayOf(date)).toBe(day);
  });
  it('throws on a malformed date', () => {
    expect(() => weekDayOf('2025-02-30')).toThrow(RangeError);
    expect(() => weekDayOf('15/03/2025')).toThrow(RangeError);
  });
});

describe('isIsoDate', () => {
  it.each(['2025-03-15', '2024-02-29', '2000-02-29', '1999-12-31'])('accepts %s', (d) => {
    expect(isIsoDate(d)).toBe(true);
  });
  it.each([
    '2025-02-29',
    '1900-02-29',
    '2025-13-01',
    '2025-00-10',
    '2025-04-31',
    '2025-04-00',
    '2025-4-1',
    '25-04-01',
    '2025-04-01T00:00',
    '',
    'today',
  ])('rejects %j', (d) => {
    expect(isIsoDate(d)).toBe(false);
  });
});

describe('date arithmetic', () => {
  it('adds days across months, years and DST changes', () => {
    expect(addDaysToDate('2025-03-15', 1)).toBe('2025-03-16');
    expect(addDaysToDate('2025-03-31', 1)).toBe('2025-04-01');
    expect(addDaysToDate('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDaysToDate('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDaysToDate('2025-03-08', 2)).toBe('2025-03-10');
    expect(addDaysToDate('2025-03-15', 0)).toBe('2025-03-15');
  });
  it('counts days between dates', () => {
    expect(daysBetween('2025-03-15', '2025-03-16')).toBe(1);
    expect(daysBetween('2025-03-16', '2025-03-15')).toBe(-1);
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    expect(daysBetween('2025-03-01', '2025-04-01')).toBe(31);
  });
});

describe('date formatting', () => {
  it('formats long and short dates', () => {
    expect(formatLongDate('2025-03-15')).toBe('Saturday, March 15, 2025');
    expect(formatLongDate('2026-01-01')).toBe('Thursday, January 1, 2026');
    expect(formatShortDate('2025-03-15')).toBe('Sat, Mar 15, 2025');
  });

  it('writes every date as date-fns did (EEEE, MMMM d, yyyy and EEE, MMM d, yyyy in UTC)', () => {
    const day = 86_400_000;
    const first = Date.UTC(1900, 0, 1);
    const last = Date.UTC(2999, 11, 31);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: (last - first) / day }), (n) => {
        const utc = new Date(first + n * day);
        const iso = utc.toISOString().slice(0, 10);
        // The same calendar day at local midnight, which date-fns's format reads.
        const local = new Date(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate());
        expect(formatLongDate(iso)).toBe(format(local, 'EEEE, MMMM d, yyyy'));
        expect(formatShortDate(iso)).toBe(format(local, 'EEE, MMM d, yyyy'));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('time zones', () => {
  it('canonicalizes known IANA zones', () => {
    expect(canonicalTimeZone('America/New_York')).toBe('America/New_York');
    expect(canonicalTimeZone('america/new_york')).toBe('America/New_York');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('Europe/London')).toBe('Europe/London');
  });
  it('refuses unknown zones and offsets', () => {
    expect(canonicalTimeZone('Mars/Olympus_Mons')).toBeNull();
    expect(canonicalTimeZone('+01:00')).toBeNull();
    expect(canonicalTimeZone('')).toBeNull();
    expect(canonicalTimeZone('America/New York')).toBeNull();
    expect(isValidTimeZone('Asia/Tokyo')).toBe(true);
    expect(isValidTimeZone('Nowhere')).toBe(false);
  });
  it('lists zones for a picker, UTC included', () => {
    const zones = timeZoneChoices();
    expect(zones).toContain('UTC');
    expect(zones).toContain('America/Los_Angeles');
    expect(zones.every(isValidTimeZone)).toBe(true);
  });
});

describe('input years are bounded', () => {
  it('accepts 1900–2999 and refuses years whose arithmetic would overflow', () => {
    expect(isIsoDate('1900-01-01')).toBe(true);
    expect(isIsoDate('2999-12-31')).toBe(true);
    expect(isIsoDate('1899-12-31')).toBe(false);
    expect(isIsoDate('9999-12-31')).toBe(false);
    expect(isIsoDate('0000-01-01')).toBe(false);
  });
});
