/**
 * Weekly opening hours and per-day pricing (venue.hours): an object keyed monday..sunday.
 */
import { WEEK_DAYS, dayLabel, weekDayOf, type WeekDay } from './calendar';
import { PRICING_TYPES, isWholeCents, type PricingType } from './pricing-types';
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

/**
 * Reads stored hours leniently: any missing or malformed day gets the default for that
 * day, so a damaged or partial JSON value never breaks pricing or the calendar.
 */
export function normalizeWeeklyHours(raw: unknown): WeeklyHours {
  const source = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  return mapDays((day) => readDayHours(source[day]) ?? defaultDayHours(day));
}

/**
 * One stored day as `dayHoursSchema` (schemas/hours.ts) would accept it, or null: the same
 * rules, written out so that reading hours (the venue page, pricing) needs no zod. A test holds
 * the two to the same answers.
 */
export function readDayHours(raw: unknown): DayHours | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const {
    open,
    close,
    closed = false,
    price = 0,
    pricing_type = 'hourly_rate',
  } = raw as Record<string, unknown>;
  if (typeof open !== 'string' || !isOnTimeGrid(open)) return null;
  if (typeof close !== 'string' || !isOnTimeGrid(close)) return null;
  if (typeof closed !== 'boolean') return null;
  if (typeof price !== 'number' || !(price >= 0 && price <= 1_000_000) || !isWholeCents(price)) return null;
  if (!(PRICING_TYPES as readonly unknown[]).includes(pricing_type)) return null;
  return { open, close, closed, price, pricing_type: pricing_type as PricingType };
}

/** A weekday's bit in venues.open_days: 1 for Monday, 2 for Tuesday, … 64 for Sunday. */
export function weekDayBit(day: WeekDay): number {
  return 1 << WEEK_DAYS.indexOf(day);
}

/**
 * Whether a venue is open on a date: its date override decides when it has one, else whether its
 * weekday is open. The one statement of the rule; the list search's SQL (services/venues/search.ts)
 * states it for the database, and tests/venues-index.test.ts checks the two agree.
 */
export function openOnDate(weekdayOpen: boolean, override: boolean | null | undefined): boolean {
  return override ?? weekdayOpen;
}

/** The weekdays that are not closed, as the bits of venues.open_days (the date filter's column). */
export function openDays(hours: WeeklyHours): number {
  return WEEK_DAYS.reduce((bits, day) => (hours[day].closed ? bits : bits | weekDayBit(day)), 0);
}
