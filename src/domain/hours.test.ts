import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  WEEK_DAYS,
  defaultHours,
  formatDayHours,
  hoursForDate,
  normalizeWeeklyHours,
  openDays,
  openOnDate,
  readDayHours,
  setAllDays,
  weekDayBit,
  type WeeklyHours,
} from './hours';
import { dayHoursSchema, weeklyHoursSchema } from './schemas/hours';

describe('defaultHours', () => {
  it('is Mon–Fri 09:00–17:00 and Sat–Sun 10:00–18:00, price 0, hourly, open', () => {
    const hours = defaultHours();
    expect(Object.keys(hours)).toEqual([...WEEK_DAYS]);
    for (const day of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const) {
      expect(hours[day]).toEqual({
        open: '09:00',
        close: '17:00',
        closed: false,
        price: 0,
        pricing_type: 'hourly_rate',
      });
    }
    for (const day of ['saturday', 'sunday'] as const) {
      expect(hours[day]).toEqual({
        open: '10:00',
        close: '18:00',
        closed: false,
        price: 0,
        pricing_type: 'hourly_rate',
      });
    }
  });
  it('returns a fresh object each time', () => {
    const a = defaultHours();
    a.monday.open = '20:00';
    expect(defaultHours().monday.open).toBe('09:00');
  });
});

describe('setAllDays', () => {
  it('sets every day’s times and keeps closed flags and prices', () => {
    const hours = defaultHours();
    hours.sunday.closed = true;
    hours.friday.price = 250;
    hours.friday.pricing_type = 'minimum_spend';
    const result = setAllDays(hours, '20:00', '02:00');
    for (const day of WEEK_DAYS) {
      expect(result[day].open).toBe('20:00');
      expect(result[day].close).toBe('02:00');
    }
    expect(result.sunday.closed).toBe(true);
    expect(result.friday).toMatchObject({ price: 250, pricing_type: 'minimum_spend' });
  });
  it('does not mutate its input', () => {
    const hours = defaultHours();
    setAllDays(hours, '20:00', '02:00');
    expect(hours).toEqual(defaultHours());
  });
});

describe('hoursForDate', () => {
  it('picks the weekday of the date', () => {
    const hours = defaultHours();
    hours.saturday.open = '21:00';
    expect(hoursForDate(hours, '2025-03-15').open).toBe('21:00');
    expect(hoursForDate(hours, '2025-03-17').open).toBe('09:00');
  });
});

describe('formatDayHours', () => {
  it('shows times in 12-hour format, or Closed', () => {
    expect(formatDayHours(defaultHours().monday)).toBe('9:00 AM - 5:00 PM');
    expect(formatDayHours({ ...defaultHours().monday, open: '20:00', close: '02:00' })).toBe(
      '8:00 PM - 2:00 AM',
    );
    expect(formatDayHours({ ...defaultHours().monday, closed: true })).toBe('Closed');
  });
});

describe('weeklyHoursSchema', () => {
  it('accepts the default hours', () => {
    expect(weeklyHoursSchema.parse(defaultHours())).toEqual(defaultHours());
  });
  it('fills closed, price and pricing_type defaults', () => {
    const bare = Object.fromEntries(WEEK_DAYS.map((d) => [d, { open: '20:00', close: '02:00' }]));
    const parsed = weeklyHoursSchema.parse(bare);
    expect(parsed.monday).toEqual({
      open: '20:00',
      close: '02:00',
      closed: false,
      price: 0,
      pricing_type: 'hourly_rate',
    });
  });
  it('requires every day', () => {
    const { sunday: _sunday, ...sixDays } = defaultHours();
    const result = weeklyHoursSchema.safeParse(sixDays);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['sunday'],
      message: 'Opening hours are required for every day of the week.',
    });
  });
  it.each([
    [{ open: '9:00' }, 'Opening time must be on the 15-minute grid (HH:MM).'],
    [{ close: '17:10' }, 'Closing time must be on the 15-minute grid (HH:MM).'],
    [{ price: -1 }, 'Day price cannot be negative.'],
    [{ price: 10.005 }, 'Day price must be in whole cents.'],
    [{ price: '10' }, 'Day price must be a number.'],
    [{ pricing_type: 'free' }, 'Pricing type must be hourly_rate or minimum_spend.'],
    [{ closed: 'yes' }, 'Closed must be true or false.'],
  ])('rejects a day with %j', (patch, message) => {
    const hours = { ...defaultHours(), tuesday: { ...defaultHours().tuesday, ...patch } };
    const result = weeklyHoursSchema.safeParse(hours);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
    expect(result.error?.issues[0]?.path[0]).toBe('tuesday');
  });
  it('rejects a non-object', () => {
    expect(weeklyHoursSchema.safeParse('24/7').error?.issues[0]?.message).toBe('Opening hours are required.');
  });
  it('strips unknown keys', () => {
    const parsed = dayHoursSchema.parse({ ...defaultHours().monday, note: 'x' });
    expect(parsed).not.toHaveProperty('note');
  });
});

describe('normalizeWeeklyHours', () => {
  it('keeps valid days and replaces missing or broken ones with defaults', () => {
    const stored = {
      monday: { open: '20:00', close: '02:00', closed: false, price: 100, pricing_type: 'hourly_rate' },
      tuesday: { open: 'late' },
      friday: null,
    };
    const hours: WeeklyHours = normalizeWeeklyHours(stored);
    expect(hours.monday).toEqual(stored.monday);
    expect(hours.tuesday).toEqual(defaultHours().tuesday);
    expect(hours.friday).toEqual(defaultHours().friday);
    expect(hours.sunday).toEqual(defaultHours().sunday);
  });
  it('gives default hours for anything that is not an object', () => {
    expect(normalizeWeeklyHours(null)).toEqual(defaultHours());
    expect(normalizeWeeklyHours('x')).toEqual(defaultHours());
  });
});

describe('day prices are bounded', () => {
  it('refuses a day price above $1,000,000', () => {
    const h = defaultHours();
    h.monday.price = 1e20;
    const r = weeklyHoursSchema.safeParse(h);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Day price must be at most $1,000,000.');
  });
});

describe('weekDayBit and openDays (venues.open_days)', () => {
  it('gives Monday bit 1 up to Sunday bit 64', () => {
    expect(WEEK_DAYS.map(weekDayBit)).toEqual([1, 2, 4, 8, 16, 32, 64]);
  });
  it('sets the bit of every day that is not closed', () => {
    const hours = defaultHours();
    expect(openDays(hours)).toBe(127);
    hours.monday = { ...hours.monday, closed: true };
    hours.sunday = { ...hours.sunday, closed: true };
    expect(openDays(hours)).toBe(127 - 1 - 64);
    for (const day of WEEK_DAYS) hours[day] = { ...hours[day], closed: true };
    expect(openDays(hours)).toBe(0);
  });
});

describe('openOnDate', () => {
  it('follows the weekday when the date has no override', () => {
    expect(openOnDate(true, undefined)).toBe(true);
    expect(openOnDate(false, null)).toBe(false);
  });
  it('lets the override decide either way', () => {
    expect(openOnDate(false, true)).toBe(true);
    expect(openOnDate(true, false)).toBe(false);
    expect(openOnDate(true, true)).toBe(true);
    expect(openOnDate(false, false)).toBe(false);
  });
});

describe('readDayHours (normalizeWeeklyHours without zod)', () => {
  const schemaAnswer = (raw: unknown) => {
    const parsed = dayHoursSchema.safeParse(raw);
    return parsed.success ? parsed.data : null;
  };

  it.each([
    [
      { open: '09:00', close: '17:00' },
      { open: '09:00', close: '17:00', closed: false, price: 0, pricing_type: 'hourly_rate' },
    ],
    [
      { open: '22:00', close: '02:00', closed: true, price: 12.5, pricing_type: 'minimum_spend', note: 'x' },
      { open: '22:00', close: '02:00', closed: true, price: 12.5, pricing_type: 'minimum_spend' },
    ],
    [{ open: '09:10', close: '17:00' }, null],
    [{ open: '09:00' }, null],
    [{ open: '09:00', close: '17:00', closed: 'yes' }, null],
    [{ open: '09:00', close: '17:00', price: -1 }, null],
    [{ open: '09:00', close: '17:00', price: 1_000_000.01 }, null],
    [{ open: '09:00', close: '17:00', price: 1.005 }, null],
    [{ open: '09:00', close: '17:00', price: Number.NaN }, null],
    [{ open: '09:00', close: '17:00', price: '10' }, null],
    [{ open: '09:00', close: '17:00', pricing_type: 'flat' }, null],
    [{ open: '09:00', close: '17:00', closed: null }, null],
    [['09:00', '17:00'], null],
    [null, null],
    ['09:00-17:00', null],
  ])('reads %j as the schema does', (raw, expected) => {
    expect(readDayHours(raw)).toEqual(expected);
    expect(readDayHours(raw)).toEqual(schemaAnswer(raw));
  });

  it('agrees with dayHoursSchema on any value', () => {
    const time = fc.oneof(
      fc.constantFrom('00:00', '09:15', '23:45', '24:00', '9:00', '09:07', ''),
      fc.string({ maxLength: 6 }),
      fc.integer(),
    );
    const field = <T>(arb: fc.Arbitrary<T>) =>
      fc.oneof(arb, fc.constant(undefined), fc.constant(null), fc.string());
    const day = fc.record(
      {
        open: time,
        close: time,
        closed: field(fc.boolean()),
        price: field(
          fc.oneof(
            fc.integer({ min: -5, max: 1_000_005 }),
            fc.double({ noDefaultInfinity: false }),
            fc.integer({ min: 0, max: 10_000_000 }).map((c) => c / 100),
          ),
        ),
        pricing_type: field(fc.constantFrom('hourly_rate', 'minimum_spend', 'flat')),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(day, fc.anything()), (raw) => {
        expect(readDayHours(raw)).toEqual(schemaAnswer(raw));
      }),
      { numRuns: 2000 },
    );
  });
});
