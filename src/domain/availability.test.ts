import { describe, expect, it } from 'vitest';
import {
  DAY_STATE_LABELS,
  bookingRange,
  bookingsOverlap,
  dayState,
  fitsOpeningHours,
  isDateBookable,
  isPastDate,
  isWithinOpeningHours,
  takenTimeSlots,
  timesOverlap,
  todayInZone,
  type DayStateInput,
} from './availability';
import { defaultHours } from './hours';

const TODAY = '2025-03-15'; // a Saturday

function input(patch: Partial<DayStateInput> = {}): DayStateInput {
  return { date: TODAY, today: TODAY, hours: defaultHours(), override: null, ...patch };
}

const sundayClosed = () => {
  const hours = defaultHours();
  hours.sunday.closed = true;
  return hours;
};

describe('dayState', () => {
  it('labels every state', () => {
    expect(Object.keys(DAY_STATE_LABELS).sort()).toEqual(['available', 'override', 'past', 'unavailable']);
  });
  it.each<[string, Partial<DayStateInput>, string]>([
    ['a date before today is past', { date: '2025-03-14' }, 'past'],
    [
      'past wins over an override',
      { date: '2025-03-14', override: { date: '2025-03-14', is_available: true } },
      'past',
    ],
    ['past wins over a closed day', { date: '2025-03-09', hours: sundayClosed() }, 'past'],
    ['today on an open day is available', {}, 'available'],
    ['a future open day is available', { date: '2025-03-20' }, 'available'],
    ['a closed weekday is unavailable', { date: '2025-03-16', hours: sundayClosed() }, 'unavailable'],
    [
      'an unavailable override closes an open day',
      { date: '2025-03-17', override: { date: '2025-03-17', is_available: false } },
      'unavailable',
    ],
    [
      'an available override opens a closed day',
      { date: '2025-03-16', hours: sundayClosed(), override: { date: '2025-03-16', is_available: true } },
      'override',
    ],
    [
      'an available override on an open day marks custom terms',
      { date: '2025-03-17', override: { date: '2025-03-17', is_available: true } },
      'override',
    ],
    [
      'an override of another date is ignored',
      { date: '2025-03-16', hours: sundayClosed(), override: { date: '2025-03-17', is_available: true } },
      'unavailable',
    ],
  ])('%s', (_name, patch, expected) => {
    expect(dayState(input(patch))).toBe(expected);
  });
  it('isDateBookable is true for available and override days only', () => {
    expect(isDateBookable(input())).toBe(true);
    expect(isDateBookable(input({ override: { date: TODAY, is_available: true } }))).toBe(true);
    expect(isDateBookable(input({ override: { date: TODAY, is_available: false } }))).toBe(false);
    expect(isDateBookable(input({ date: '2025-03-14' }))).toBe(false);
    expect(isDateBookable(input({ date: '2025-03-16', hours: sundayClosed() }))).toBe(false);
  });
});

describe('isWithinOpeningHours', () => {
  const day = (open: string, close: string, closed = false) => ({ open, close, closed });
  it.each<[string, string, string, string, boolean]>([
    // same-day hours 09:00–17:00
    ['09:00', '17:00', '09:00', '17:00', true],
    ['09:00', '17:00', '10:00', '12:00', true],
    ['09:00', '17:00', '08:45', '10:00', false],
    ['09:00', '17:00', '16:00', '17:15', false],
    ['09:00', '17:00', '16:00', '01:00', false],
    ['09:00', '17:00', '17:00', '18:00', false],
    ['09:00', '17:00', '07:00', '08:00', false],
    // hours past midnight 20:00–02:00
    ['20:00', '02:00', '20:00', '02:00', true],
    ['20:00', '02:00', '22:00', '01:00', true],
    ['20:00', '02:00', '23:00', '00:00', true],
    ['20:00', '02:00', '00:30', '01:30', true],
    ['20:00', '02:00', '01:00', '02:00', true],
    ['20:00', '02:00', '19:45', '22:00', false],
    ['20:00', '02:00', '22:00', '02:15', false],
    ['20:00', '02:00', '01:00', '03:00', false],
    ['20:00', '02:00', '03:00', '05:00', false],
    ['20:00', '02:00', '12:00', '14:00', false],
    // closing at midnight
    ['18:00', '00:00', '22:00', '00:00', true],
    ['18:00', '00:00', '23:00', '00:15', false],
    // open around the clock (close === open)
    ['00:00', '00:00', '22:00', '00:00', true],
    ['00:00', '00:00', '00:00', '23:45', true],
    ['00:00', '00:00', '22:00', '04:00', false], // the next day's hours decide after midnight
    ['10:00', '10:00', '09:00', '11:00', false],
    ['10:00', '10:00', '10:00', '09:45', true],
  ])('hours %s–%s, booking %s–%s → %s', (open, close, start, end, expected) => {
    expect(isWithinOpeningHours(day(open, close), start, end)).toBe(expected);
  });
  it('is false on a closed day', () => {
    expect(isWithinOpeningHours(day('09:00', '17:00', true), '10:00', '11:00')).toBe(false);
  });
  it('is false for a zero-length booking', () => {
    expect(isWithinOpeningHours(day('09:00', '17:00'), '10:00', '10:00')).toBe(false);
  });
});

describe('timesOverlap', () => {
  it.each<[string, string, string, string, boolean]>([
    ['20:00', '22:00', '22:00', '00:00', false],
    ['22:00', '00:00', '20:00', '22:00', false],
    ['20:00', '22:00', '21:45', '23:00', true],
    ['20:00', '23:00', '21:00', '22:00', true],
    ['21:00', '22:00', '20:00', '23:00', true],
    ['22:00', '02:00', '23:00', '00:30', true],
    ['22:00', '02:00', '23:45', '00:00', true],
    ['22:00', '02:00', '01:00', '03:00', false], // 01:00 on the same date is early that morning
    ['10:00', '12:00', '14:00', '16:00', false],
    ['20:00', '22:00', '20:00', '22:00', true],
    ['23:00', '01:00', '22:00', '23:00', false],
    ['23:00', '01:00', '00:30', '02:00', false],
  ])('%s–%s vs %s–%s → %s', (a0, a1, b0, b1, expected) => {
    expect(timesOverlap(a0, a1, b0, b1)).toBe(expected);
    expect(timesOverlap(b0, b1, a0, a1)).toBe(expected);
  });
});

describe('bookingRange / bookingsOverlap', () => {
  it('places a booking on an absolute minute line', () => {
    expect(bookingRange({ date: '1970-01-01', start_time: '01:00', end_time: '02:00' })).toEqual({
      start: 60,
      end: 120,
    });
    expect(bookingRange({ date: '1970-01-02', start_time: '22:00', end_time: '02:00' })).toEqual({
      start: 1440 + 1320,
      end: 1440 + 1560,
    });
  });
  it('finds overlaps across midnight into the next date', () => {
    const late = { date: '2025-03-15', start_time: '22:00', end_time: '02:00' };
    expect(bookingsOverlap(late, { date: '2025-03-16', start_time: '01:00', end_time: '03:00' })).toBe(true);
    expect(bookingsOverlap(late, { date: '2025-03-16', start_time: '02:00', end_time: '03:00' })).toBe(false);
    expect(bookingsOverlap(late, { date: '2025-03-15', start_time: '01:00', end_time: '03:00' })).toBe(false);
    expect(bookingsOverlap(late, { date: '2025-03-15', start_time: '23:00', end_time: '23:30' })).toBe(true);
    expect(bookingsOverlap(late, { date: '2025-03-14', start_time: '22:00', end_time: '02:00' })).toBe(false);
  });
  it('handles month ends', () => {
    expect(
      bookingsOverlap(
        { date: '2025-03-31', start_time: '23:00', end_time: '01:00' },
        { date: '2025-04-01', start_time: '00:30', end_time: '01:30' },
      ),
    ).toBe(true);
  });
});

describe('takenTimeSlots', () => {
  it('lists blocking bookings sorted, normalized, deduplicated and labelled', () => {
    expect(
      takenTimeSlots([
        { start_time: '22:00:00', end_time: '02:00:00', status: 'confirmed' },
        { start_time: '18:00', end_time: '20:00', status: 'confirmed' },
        { start_time: '18:00', end_time: '20:00', status: 'confirmed' },
        { start_time: '12:00', end_time: '13:00', status: 'cancelled' },
        { start_time: '14:00', end_time: '15:00', status: 'pending' },
        { start_time: '09:00', end_time: '10:00' },
      ]),
    ).toEqual([
      { start: '09:00', end: '10:00', label: '9:00 AM - 10:00 AM' },
      { start: '18:00', end: '20:00', label: '6:00 PM - 8:00 PM' },
      { start: '22:00', end: '02:00', label: '10:00 PM - 2:00 AM' },
    ]);
  });
  it('is empty without bookings', () => {
    expect(takenTimeSlots([])).toEqual([]);
  });
});

describe('todayInZone', () => {
  const instant = new Date('2025-03-15T03:30:00Z');
  it('gives the calendar date in the zone', () => {
    expect(todayInZone('UTC', instant)).toBe('2025-03-15');
    expect(todayInZone('America/New_York', instant)).toBe('2025-03-14');
    expect(todayInZone('America/Los_Angeles', instant)).toBe('2025-03-14');
    expect(todayInZone('Asia/Tokyo', instant)).toBe('2025-03-15');
    expect(todayInZone('Pacific/Kiritimati', new Date('2025-03-14T10:00:00Z'))).toBe('2025-03-15');
  });
  it('handles the year boundary', () => {
    expect(todayInZone('Europe/Berlin', new Date('2024-12-31T23:30:00Z'))).toBe('2025-01-01');
    expect(todayInZone('America/Chicago', new Date('2025-01-01T05:59:00Z'))).toBe('2024-12-31');
  });
  it('defaults to now', () => {
    expect(todayInZone('UTC')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
  it('throws for an unknown zone', () => {
    expect(() => todayInZone('Mars/Base')).toThrow(RangeError);
  });
  it('judges past dates in the venue’s zone', () => {
    expect(isPastDate('2025-03-14', 'America/New_York', instant)).toBe(false);
    expect(isPastDate('2025-03-14', 'UTC', instant)).toBe(true);
    expect(isPastDate('2025-03-15', 'UTC', instant)).toBe(false);
  });
});

describe('fitsOpeningHours (the rule the server enforces for non-flexible venues)', () => {
  const week = (over: Partial<Record<string, { open: string; close: string; closed?: boolean }>>) => {
    const h = defaultHours();
    for (const [day, v] of Object.entries(over))
      Object.assign(h[day as keyof typeof h], { closed: false, ...v });
    return h;
  };
  // 2026-12-04 is a Friday, 2026-12-05 a Saturday.
  const late = week({
    friday: { open: '20:00', close: '02:00' },
    saturday: { open: '20:00', close: '02:00' },
  });

  it.each([
    ['inside the evening', '2026-12-04', '21:00', '23:00', true],
    ['across midnight to closing', '2026-12-04', '22:00', '02:00', true],
    ['past closing', '2026-12-04', '22:00', '02:15', false],
    ['before opening', '2026-12-04', '19:45', '21:00', false],
    ["after midnight, in the previous night's span", '2026-12-05', '00:30', '01:30', true],
    ["after midnight, past the previous night's closing", '2026-12-05', '01:30', '02:30', false],
    ['zero length', '2026-12-04', '21:00', '21:00', false],
  ])('%s', (_label, date, start, end, expected) => {
    expect(fitsOpeningHours(late, [], date, start, end)).toBe(expected);
  });

  it('a closed day is not open, an available override opens it, an unavailable one closes it', () => {
    const closedSat = week({ saturday: { open: '20:00', close: '23:00', closed: true } });
    expect(fitsOpeningHours(closedSat, [], '2026-12-05', '20:00', '22:00')).toBe(false);
    const open = [{ date: '2026-12-05', price: 0, is_available: true, pricing_type: null }];
    expect(fitsOpeningHours(closedSat, open, '2026-12-05', '20:00', '22:00')).toBe(true);
    const shut = [{ date: '2026-12-04', price: 0, is_available: false, pricing_type: null }];
    expect(fitsOpeningHours(late, shut, '2026-12-04', '21:00', '23:00')).toBe(false);
    // Friday shut by an override: its late span no longer covers Saturday 00:30.
    expect(fitsOpeningHours(late, shut, '2026-12-05', '00:30', '01:30')).toBe(false);
  });

  it('a day open around the clock (close = open) runs from its opening to the next midnight', () => {
    const allDay = week({ monday: { open: '00:00', close: '00:00' } });
    expect(fitsOpeningHours(allDay, [], '2026-12-07', '00:00', '23:45')).toBe(true);
    expect(fitsOpeningHours(allDay, [], '2026-12-07', '22:00', '02:00')).toBe(false);
  });
});
