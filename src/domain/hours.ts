/**
 * Weekly opening hours and per-day pricing (venue.hours): an object keyed monday..sunday.
 */
import { z } from 'zod';
import { WEEK_DAYS, dayLabel, weekDayOf, type WeekDay } from './calendar';
import { PRICING_TYPES, isWholeCents, type PricingType } from './pricing';
import { formatTimeRange, isOnTimeGrid } from './time';

export { WEEK_DAYS, dayLabel, weekDayOf, type WeekDay };

export type DayHours = {
  open: string;
  close: string;
  closed: boolean;
  price: number;
  pricing_type: PricingType;
};

export type WeeklyHours = Record<WeekDay, DayHours>;

const WEEKDAY_DEFAULT = { open: '09:00', close: '17:00' };
const WEEKEND_DEFAULT = { open: '10:00', close: '18:00' };

/** The default for a new venue (SPEC §3): Mon–Fri 09:00–17:00, Sat–Sun 10:00–18:00, price 0, hourly. */
export function defaultDayHours(day: WeekDay): DayHours {
  const times = day === 'saturday' || day === 'sunday' ? WEEKEND_DEFAULT : WEEKDAY_DEFAULT;
  return { ...times, closed: false, price: 0, pricing_type: 'hourly_rate' };
}

export function defaultHours(): WeeklyHours {
  return mapDays((day) => defaultDayHours(day));
}

/** The same opening and closing time on every day; closed flags and prices are kept. */
export function setAllDays(hours: WeeklyHours, open: string, close: string): WeeklyHours {
  return mapDays((day) => ({ ...hours[day], open, close }));
}

/** The hours that apply to a 'yyyy-MM-dd' date. */
export function hoursForDate(hours: WeeklyHours, date: string): DayHours {
  return hours[weekDayOf(date)];
}

/** 'Closed' or '9:00 AM - 5:00 PM'. */
export function formatDayHours(day: DayHours): string {
  return day.closed ? 'Closed' : formatTimeRange(day.open, day.close);
}

function mapDays(fn: (day: WeekDay) => DayHours): WeeklyHours {
  return Object.fromEntries(WEEK_DAYS.map((day) => [day, fn(day)])) as WeeklyHours;
}

const gridTime = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .refine(isOnTimeGrid, `${label} must be on the 15-minute grid (HH:MM).`);

export const dayHoursSchema = z.object(
  {
    open: gridTime('Opening time'),
    close: gridTime('Closing time'),
    closed: z.boolean({ error: 'Closed must be true or false.' }).default(false),
    price: z
      .number({ error: 'Day price must be a number.' })
      .min(0, 'Day price cannot be negative.')
      .max(1_000_000, 'Day price must be at most $1,000,000.')
      .refine(isWholeCents, 'Day price must be in whole cents.')
      .default(0),
    pricing_type: z
      .enum(PRICING_TYPES, { error: 'Pricing type must be hourly_rate or minimum_spend.' })
      .default('hourly_rate'),
  },
  { error: 'Opening hours are required for every day of the week.' },
);

export const weeklyHoursSchema = z.object(
  Object.fromEntries(WEEK_DAYS.map((day) => [day, dayHoursSchema])) as Record<WeekDay, typeof dayHoursSchema>,
  { error: 'Opening hours are required.' },
);

/**
 * Reads stored hours leniently: any missing or malformed day gets the default for that
 * day, so a damaged or partial JSON value never breaks pricing or the calendar.
 */
export function normalizeWeeklyHours(raw: unknown): WeeklyHours {
  const source = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  return mapDays((day) => {
    const parsed = dayHoursSchema.safeParse(source[day]);
    return parsed.success ? parsed.data : defaultDayHours(day);
  });
}

/** A weekday's bit in venues.open_days: 1 for Monday, 2 for Tuesday, … 64 for Sunday. */
export function weekDayBit(day: WeekDay): number {
  return 1 << WEEK_DAYS.indexOf(day);
}

/** The weekdays that are not closed, as the bits of venues.open_days (the date filter's column). */
export function openDays(hours: WeeklyHours): number {
  return WEEK_DAYS.reduce((bits, day) => (hours[day].closed ? bits : bits | weekDayBit(day)), 0);
}
