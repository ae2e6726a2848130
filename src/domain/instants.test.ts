import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import {
  DST_GAP_MESSAGE,
  bookingInstants,
  hasBegun,
  hoursUntil,
  isPastDate,
  todayInZone,
  venueToday,
  wallClock,
  zonedInstant,
} from './instants';

const NY = 'America/New_York';
const LONDON = 'Europe/London';
const iso = (d: Date) => d.toISOString();
const hoursBetween = (r: { starts_at: Date; ends_at: Date }) => hoursUntil(r.ends_at, r.starts_at);

describe('zonedInstant on ordinary days', () => {
  it('reads a wall clock in the zone’s standard and summer offsets', () => {
    expect(iso(zonedInstant('2027-01-15', '20:00', NY))).toBe('2027-01-16T01:00:00.000Z'); // EST −5
    expect(iso(zonedInstant('2027-07-15', '20:00', NY))).toBe('2027-07-16T00:00:00.000Z'); // EDT −4
    expect(iso(zonedInstant('2027-01-15', '20:00', LONDON))).toBe('2027-01-15T20:00:00.000Z'); // GMT
    expect(iso(zonedInstant('2027-07-15', '20:00', LONDON))).toBe('2027-07-15T19:00:00.000Z'); // BST +1
    expect(iso(zonedInstant('2027-07-15', '00:00', 'UTC'))).toBe('2027-07-15T00:00:00.000Z');
  });

  it('is the inverse of wallClock', () => {
    for (const zone of [NY, LONDON, 'Asia/Kolkata', 'Australia/Lord_Howe']) {
      const instant = zonedInstant('2027-05-02', '21:45', zone);
      expect(wallClock(instant, zone)).toEqual({ date: '2027-05-02', time: '21:45' });
    }
  });
});

describe('spring forward (clocks skip an hour)', () => {
  it('America/New_York 2027-03-14: 01:30 → 03:30 lasts one real hour', () => {
    const slot = bookingInstants('2027-03-14', '01:30', '03:30', NY);
    expect(iso(slot.starts_at)).toBe('2027-03-14T06:30:00.000Z'); // 01:30 EST
    expect(iso(slot.ends_at)).toBe('2027-03-14T07:30:00.000Z'); // 03:30 EDT
    expect(hoursBetween(slot)).toBe(1);
  });

  it('America/New_York: a 23:00–03:00 booking that night lasts three real hours', () => {
    const night = bookingInstants('2027-03-13', '23:00', '03:00', NY);
    expect(iso(night.starts_at)).toBe('2027-03-14T04:00:00.000Z'); // 23:00 EST
    expect(iso(night.ends_at)).toBe('2027-03-14T07:00:00.000Z'); // 03:00 EDT
    expect(hoursBetween(night)).toBe(3);
  });

  it('a skipped time moves forward by the gap (02:30 names 03:30 EDT)', () => {
    expect(iso(zonedInstant('2027-03-14', '02:30', NY))).toBe('2027-03-14T07:30:00.000Z');
    expect(wallClock(zonedInstant('2027-03-14', '02:30', NY), NY)).toEqual({
      date: '2027-03-14',
      time: '03:30',
    });
  });

  it('refuses a booking the skipped hour makes empty (02:00–03:00 does not exist)', () => {
    const attempt = () => bookingInstants('2027-03-14', '02:00', '03:00', NY);
    expect(attempt).toThrow(AppError);
    expect(attempt).toThrow(DST_GAP_MESSAGE);
    try {
      attempt();
    } catch (err) {
      expect(err).toMatchObject({ code: 'invalid', field: 'end_time' });
    }
    expect(() => bookingInstants('2027-03-28', '01:00', '02:00', LONDON)).toThrow(DST_GAP_MESSAGE);
  });

  it('Europe/London 2027-03-28: 00:30 → 02:30 lasts one real hour; 23:00–03:00 lasts three', () => {
    const slot = bookingInstants('2027-03-28', '00:30', '02:30', LONDON);
    expect(iso(slot.starts_at)).toBe('2027-03-28T00:30:00.000Z'); // GMT
    expect(iso(slot.ends_at)).toBe('2027-03-28T01:30:00.000Z'); // BST
    expect(hoursBetween(slot)).toBe(1);
    expect(iso(zonedInstant('2027-03-28', '01:30', LONDON))).toBe('2027-03-28T01:30:00.000Z'); // = 02:30 BST
    const night = bookingInstants('2027-03-27', '23:00', '03:00', LONDON);
    expect(iso(night.starts_at)).toBe('2027-03-27T23:00:00.000Z');
    expect(iso(night.ends_at)).toBe('2027-03-28T02:00:00.000Z');
    expect(hoursBetween(night)).toBe(3);
  });
});

describe('fall back (clocks repeat an hour)', () => {
  it('America/New_York 2027-11-07: 01:30 happens twice and means the first (EDT)', () => {
    const first = new Date('2027-11-07T05:30:00.000Z');
    const second = new Date('2027-11-07T06:30:00.000Z');
    expect(wallClock(first, NY)).toEqual({ date: '2027-11-07', time: '01:30' });
    expect(wallClock(second, NY)).toEqual({ date: '2027-11-07', time: '01:30' });
    expect(iso(zonedInstant('2027-11-07', '01:30', NY))).toBe(iso(first));
  });

  it('America/New_York: 01:00–02:00 that night lasts two real hours; 23:00–03:00 lasts five', () => {
    const slot = bookingInstants('2027-11-07', '01:00', '02:00', NY);
    expect(iso(slot.starts_at)).toBe('2027-11-07T05:00:00.000Z'); // 01:00 EDT
    expect(iso(slot.ends_at)).toBe('2027-11-07T07:00:00.000Z'); // 02:00 EST
    expect(hoursBetween(slot)).toBe(2);
    const night = bookingInstants('2027-11-06', '23:00', '03:00', NY);
    expect(iso(night.starts_at)).toBe('2027-11-07T03:00:00.000Z');
    expect(iso(night.ends_at)).toBe('2027-11-07T08:00:00.000Z');
    expect(hoursBetween(night)).toBe(5);
  });

  it('Europe/London 2027-10-31: 01:30 happens twice and means the first (BST)', () => {
    expect(wallClock(new Date('2027-10-31T00:30:00.000Z'), LONDON).time).toBe('01:30');
    expect(wallClock(new Date('2027-10-31T01:30:00.000Z'), LONDON).time).toBe('01:30');
    expect(iso(zonedInstant('2027-10-31', '01:30', LONDON))).toBe('2027-10-31T00:30:00.000Z');
    const night = bookingInstants('2027-10-30', '23:00', '03:00', LONDON);
    expect(iso(night.starts_at)).toBe('2027-10-30T22:00:00.000Z'); // 23:00 BST
    expect(iso(night.ends_at)).toBe('2027-10-31T03:00:00.000Z'); // 03:00 GMT
    expect(hoursBetween(night)).toBe(5);
  });

  it('a booking inside the repeated hour keeps its length (01:00–01:45 is 45 minutes)', () => {
    const slot = bookingInstants('2027-11-07', '01:00', '01:45', NY);
    expect(slot.ends_at.getTime() - slot.starts_at.getTime()).toBe(45 * 60_000);
  });
});

describe('bookings past midnight', () => {
  it('ends on the next day when the end time is earlier than the start', () => {
    const late = bookingInstants('2027-06-30', '22:00', '02:00', NY);
    expect(iso(late.starts_at)).toBe('2027-07-01T02:00:00.000Z');
    expect(iso(late.ends_at)).toBe('2027-07-01T06:00:00.000Z');
  });

  it('crosses a month and a year end', () => {
    const newYear = bookingInstants('2027-12-31', '21:00', '03:00', LONDON);
    expect(iso(newYear.ends_at)).toBe('2028-01-01T03:00:00.000Z');
  });
});

describe('today and now at the venue', () => {
  // 04:30 UTC on 14 March 2027: still the 13th in New York, already the 14th in London.
  const now = new Date('2027-03-14T04:30:00.000Z');

  it('todayInZone and venueToday answer the venue’s date, not the server’s', () => {
    expect(todayInZone(NY, now)).toBe('2027-03-13');
    expect(todayInZone(LONDON, now)).toBe('2027-03-14');
    expect(venueToday({ time_zone: NY }, now)).toBe('2027-03-13');
    expect(venueToday({ time_zone: 'Pacific/Kiritimati' }, now)).toBe('2027-03-14');
  });

  it('a date has passed only when it is before the venue’s today', () => {
    expect(isPastDate('2027-03-13', NY, now)).toBe(false);
    expect(isPastDate('2027-03-13', LONDON, now)).toBe(true);
    expect(isPastDate('2027-03-12', NY, now)).toBe(true);
  });

  it('a booking has begun at and after its start instant', () => {
    const { starts_at } = bookingInstants('2027-03-13', '23:00', '03:00', NY);
    expect(hasBegun(starts_at, new Date(starts_at.getTime() - 1))).toBe(false);
    expect(hasBegun(starts_at, starts_at)).toBe(true);
    expect(hasBegun(starts_at, now)).toBe(true);
    expect(hoursUntil(starts_at, new Date('2027-03-13T04:00:00.000Z'))).toBe(24);
  });

  it('throws for an unknown zone', () => {
    expect(() => todayInZone('Not/AZone', now)).toThrow(RangeError);
  });
});
