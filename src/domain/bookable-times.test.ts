import { describe, expect, it } from 'vitest';
import {
  bookingTimeError,
  bookingTimeProblem,
  endOptions,
  firstBookableTimes,
  startOptions,
  type BookableDay,
  type TimeOption,
} from './bookable-times';
import { AppError, OVERLAP_MESSAGE } from './errors';
import { defaultHours, type WeeklyHours } from './hours';
import { DST_GAP_MESSAGE } from './instants';

const NY = 'America/New_York';
const LONDON = 'Europe/London';
const LONG_AGO = new Date('2020-01-01T00:00:00Z');

function withHours(patch: Partial<Record<keyof WeeklyHours, Partial<WeeklyHours['monday']>>>): WeeklyHours {
  const hours = defaultHours();
  for (const [day, value] of Object.entries(patch)) {
    hours[day as keyof WeeklyHours] = { ...hours[day as keyof WeeklyHours], ...value };
  }
  return hours;
}

const ALWAYS_OPEN = withHours(
  Object.fromEntries(
    ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [
      d,
      { open: '00:00', close: '00:00' },
    ]),
  ),
);

function day(over: Partial<BookableDay> = {}): BookableDay {
  return {
    date: '2030-06-05', // a Wednesday, 09:00–17:00 by default
    timeZone: NY,
    now: LONG_AGO,
    hours: defaultHours(),
    overrides: [],
    flexibleHours: false,
    confirmed: [],
    ...over,
  };
}

const at = (options: TimeOption[], time: string) => {
  const found = options.find((o) => o.time === time);
  if (!found) throw new Error(`no option ${time}`);
  return found;
};
const reasonAt = (options: TimeOption[], time: string) => at(options, time).reason ?? 'available';

describe('start and end options: opening hours', () => {
  it('lists all 96 starts, those outside 09:00–17:00 disabled with the reason', () => {
    const starts = startOptions(day());
    expect(starts).toHaveLength(96);
    expect(reasonAt(starts, '08:45')).toBe('Outside opening hours');
    expect(reasonAt(starts, '09:00')).toBe('available');
    expect(reasonAt(starts, '16:45')).toBe('available');
    expect(reasonAt(starts, '17:00')).toBe('Outside opening hours');
    expect(starts.filter((o) => o.available)).toHaveLength(32);
  });

  it('lists ends after the start in order, up to closing time', () => {
    const ends = endOptions(day(), '09:00');
    expect(ends).toHaveLength(95);
    expect(ends[0]!.time).toBe('09:15');
    expect(ends.at(-1)!.time).toBe('08:45');
    expect(ends.at(-1)!.nextDay).toBe(true);
    expect(reasonAt(ends, '17:00')).toBe('available');
    expect(reasonAt(ends, '17:15')).toBe('Outside opening hours');
  });

  it('a date override opens a closed day; a closed override closes an open one', () => {
    const closedSunday = withHours({ sunday: { closed: true } });
    const sunday = '2030-06-09';
    expect(startOptions(day({ date: sunday, hours: closedSunday })).every((o) => !o.available)).toBe(true);
    expect(reasonAt(startOptions(day({ date: sunday, hours: closedSunday })), '12:00')).toBe(
      'Not available on this date',
    );
    const reopened = day({
      date: sunday,
      hours: closedSunday,
      overrides: [{ date: sunday, price: 0, is_available: true, pricing_type: 'hourly_rate' }],
    });
    expect(reasonAt(startOptions(reopened), '12:00')).toBe('available');
    const shut = day({
      overrides: [{ date: '2030-06-05', price: 0, is_available: false, pricing_type: 'hourly_rate' }],
    });
    expect(startOptions(shut).some((o) => o.available)).toBe(false);
  });

  it('a venue open to flexible hours offers every time', () => {
    const starts = startOptions(day({ flexibleHours: true }));
    expect(starts.every((o) => o.available)).toBe(true);
  });
});

describe('past-midnight closing', () => {
  // Friday 20:00–02:00; Thursday closed, so Friday's small hours are not part of any night.
  const hours = withHours({ friday: { open: '20:00', close: '02:00' }, thursday: { closed: true } });
  const friday = '2030-06-07';

  it('ends run past midnight to the closing time and are marked next day', () => {
    const ends = endOptions(day({ date: friday, hours }), '22:00');
    expect(at(ends, '02:00')).toMatchObject({ available: true, nextDay: true });
    expect(reasonAt(ends, '02:15')).toBe('Outside opening hours');
    expect(at(ends, '23:00')).toMatchObject({ available: true, nextDay: false });
  });

  it('a start in the small hours belongs to the night before: closed Thursday, so 01:00 is outside', () => {
    const starts = startOptions(day({ date: friday, hours }));
    expect(reasonAt(starts, '01:00')).toBe('Outside opening hours');
    expect(reasonAt(starts, '20:00')).toBe('available');
    expect(reasonAt(starts, '23:45')).toBe('available');
  });

  it('Saturday 01:00 is the late part of Friday night', () => {
    const starts = startOptions(day({ date: '2030-06-08', hours }));
    expect(reasonAt(starts, '01:00')).toBe('available');
    expect(reasonAt(starts, '01:45')).toBe('available');
    expect(reasonAt(starts, '02:00')).toBe('Outside opening hours');
  });
});

describe('past times, judged at the venue', () => {
  it('a date before the venue’s today is in the past at every time', () => {
    const starts = startOptions(day({ date: '2030-06-04', now: new Date('2030-06-05T16:00:00Z') }));
    expect(starts.every((o) => o.problem === 'past_date' && o.reason === 'In the past')).toBe(true);
  });

  it('today: times that have begun are in the past, later ones are not', () => {
    // 14:00 EDT on 5 June.
    const starts = startOptions(day({ now: new Date('2030-06-05T18:00:00Z') }));
    expect(reasonAt(starts, '13:45')).toBe('In the past');
    expect(reasonAt(starts, '14:00')).toBe('In the past');
    expect(reasonAt(starts, '14:15')).toBe('available');
  });

  it('uses the venue’s date, not UTC’s: 22:00 on 3 June in New York is 4 June in UTC', () => {
    const now = new Date('2030-06-04T02:00:00Z');
    const starts = startOptions(day({ date: '2030-06-03', hours: ALWAYS_OPEN, now }));
    expect(reasonAt(starts, '21:45')).toBe('In the past');
    expect(reasonAt(starts, '22:15')).toBe('available');
    // In Tokyo the same instant is 11:00 on 4 June: 3 June is over there.
    const tokyo = startOptions(day({ date: '2030-06-03', timeZone: 'Asia/Tokyo', hours: ALWAYS_OPEN, now }));
    expect(tokyo.every((o) => o.problem === 'past_date')).toBe(true);
  });

  it('the host’s edit does not judge past or hours, only overlaps', () => {
    const edit = day({
      now: new Date('2030-06-05T18:00:00Z'),
      rules: { dates: false, past: false, hours: false },
    });
    expect(startOptions(edit).every((o) => o.available)).toBe(true);
  });
});

describe('confirmed bookings', () => {
  const confirmed = [{ date: '2030-06-05', start_time: '12:00', end_time: '14:00' }];

  it('starts inside a confirmed booking are taken; the edges are free (half-open)', () => {
    const starts = startOptions(day({ confirmed }));
    expect(reasonAt(starts, '11:45')).toBe('available');
    expect(reasonAt(starts, '12:00')).toBe('Overlaps a confirmed booking');
    expect(reasonAt(starts, '13:45')).toBe('Overlaps a confirmed booking');
    expect(reasonAt(starts, '14:00')).toBe('available');
  });

  it('ends that would run into a confirmed booking are taken', () => {
    const ends = endOptions(day({ confirmed }), '10:00');
    expect(reasonAt(ends, '12:00')).toBe('available');
    expect(reasonAt(ends, '12:15')).toBe('Overlaps a confirmed booking');
    expect(reasonAt(ends, '16:00')).toBe('Overlaps a confirmed booking');
  });

  it('a booking of the night before that runs past midnight holds the small hours', () => {
    const night = day({
      date: '2030-06-08',
      hours: ALWAYS_OPEN,
      confirmed: [{ date: '2030-06-07', start_time: '22:00', end_time: '01:00' }],
    });
    const starts = startOptions(night);
    expect(reasonAt(starts, '00:45')).toBe('Overlaps a confirmed booking');
    expect(reasonAt(starts, '01:00')).toBe('available');
  });

  it('accepts stored instants as well as wall-clock times', () => {
    const stored = day({
      confirmed: [{ starts_at: '2030-06-05T16:00:00.000Z', ends_at: new Date('2030-06-05T17:00:00Z') }],
    });
    // 16:00Z is 12:00 EDT.
    expect(reasonAt(startOptions(stored), '12:30')).toBe('Overlaps a confirmed booking');
    expect(reasonAt(startOptions(stored), '13:00')).toBe('available');
  });
});

describe('daylight saving nights', () => {
  it('New York spring forward: an hour the clock skips cannot be booked on its own', () => {
    const d = day({ date: '2030-03-10', hours: ALWAYS_OPEN });
    expect(reasonAt(endOptions(d, '02:00'), '03:00')).toBe('Skipped by the daylight saving change');
    expect(bookingTimeProblem(d, '02:00', '03:00')).toBe('dst');
    expect(bookingTimeProblem(d, '01:00', '04:00')).toBeNull();
  });

  it('New York spring forward: a booking across the gap is measured in real time for overlaps', () => {
    // 01:00 EST – 03:30 EDT is 05:00Z–07:30Z.
    const d = day({
      date: '2030-03-10',
      hours: ALWAYS_OPEN,
      confirmed: [{ starts_at: '2030-03-10T06:00:00Z', ends_at: '2030-03-10T07:15:00Z' }],
    });
    const starts = startOptions(d);
    expect(reasonAt(starts, '00:45')).toBe('available');
    expect(reasonAt(starts, '01:00')).toBe('Overlaps a confirmed booking'); // 06:00Z
    expect(reasonAt(starts, '03:00')).toBe('Overlaps a confirmed booking'); // 07:00Z
    expect(reasonAt(starts, '03:15')).toBe('available'); // 07:15Z
  });

  it('New York fall back: the repeated hour means its first occurrence', () => {
    // A confirmed booking in the second 01:00–02:00 (EST): 06:00Z–07:00Z.
    const d = day({
      date: '2030-11-03',
      hours: ALWAYS_OPEN,
      confirmed: [{ starts_at: '2030-11-03T06:00:00Z', ends_at: '2030-11-03T07:00:00Z' }],
    });
    const starts = startOptions(d);
    expect(reasonAt(starts, '01:30')).toBe('available'); // 05:30Z, the first 01:30
    expect(reasonAt(starts, '02:00')).toBe('available'); // 07:00Z
    const ends = endOptions(d, '00:00');
    expect(reasonAt(ends, '01:45')).toBe('available'); // 05:45Z
    expect(reasonAt(ends, '02:00')).toBe('Overlaps a confirmed booking'); // 07:00Z
  });

  it('London spring forward: 01:00–02:00 does not exist on 31 March', () => {
    const d = day({ date: '2030-03-31', timeZone: LONDON, hours: ALWAYS_OPEN });
    expect(reasonAt(endOptions(d, '01:00'), '02:00')).toBe('Skipped by the daylight saving change');
    expect(reasonAt(endOptions(d, '00:30'), '02:00')).toBe('available');
  });

  it('London fall back: "now" in the repeated hour judges the first occurrence', () => {
    // 00:45Z is 01:45 BST, the first 01:45 of 27 October.
    const d = day({
      date: '2030-10-27',
      timeZone: LONDON,
      hours: ALWAYS_OPEN,
      now: new Date('2030-10-27T00:45:00Z'),
    });
    const starts = startOptions(d);
    expect(reasonAt(starts, '01:30')).toBe('In the past');
    expect(reasonAt(starts, '01:45')).toBe('In the past');
    expect(reasonAt(starts, '02:00')).toBe('available'); // 02:00 GMT
  });
});

describe('firstBookableTimes', () => {
  it('offers the first free start and up to three free hours after it', () => {
    expect(firstBookableTimes(day())).toEqual({ start: '09:00', end: '12:00' });
    const busy = day({ confirmed: [{ date: '2030-06-05', start_time: '09:00', end_time: '10:00' }] });
    expect(firstBookableTimes(busy)).toEqual({ start: '10:00', end: '13:00' });
    const short = day({ confirmed: [{ date: '2030-06-05', start_time: '10:30', end_time: '11:00' }] });
    expect(firstBookableTimes(short)).toEqual({ start: '09:00', end: '10:30' });
  });

  it('starts at the opening time, even for a venue open to flexible hours', () => {
    const night = withHours({ wednesday: { open: '20:00', close: '02:00' } });
    expect(firstBookableTimes(day({ hours: night }))).toEqual({ start: '20:00', end: '23:00' });
    expect(firstBookableTimes(day({ hours: night, flexibleHours: true }))).toEqual({
      start: '20:00',
      end: '23:00',
    });
    // Later today: the first start that has not begun.
    const late = day({ hours: night, now: new Date('2030-06-06T01:10:00Z') }); // 21:10 EDT
    expect(firstBookableTimes(late)).toEqual({ start: '21:15', end: '00:15' });
  });

  it('is null when nothing can be booked', () => {
    expect(firstBookableTimes(day({ date: '2030-06-01', now: new Date('2030-06-05T00:00:00Z') }))).toBeNull();
  });
});

describe('bookingTimeError', () => {
  const hours = defaultHours();
  it.each([
    ['past_date', 400, 'This date has passed. Please choose a future date.'],
    ['closed', 400, 'This date is not available for booking.'],
    ['hours', 400, "Please choose a time within the venue's opening hours (9:00 AM - 5:00 PM)."],
    ['dst', 400, DST_GAP_MESSAGE],
    ['past', 400, 'This start time has already passed. Please choose a later time.'],
    ['overlap', 409, OVERLAP_MESSAGE],
  ] as const)('%s answers the API’s message', (problem, status, message) => {
    const error = bookingTimeError({ hours, date: '2030-06-05' }, problem);
    expect(error).toBeInstanceOf(AppError);
    expect(error.message).toBe(message);
    expect(error.code).toBe(status === 409 ? 'conflict' : 'invalid');
  });
});
