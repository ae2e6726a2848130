/**
 * Calendar dates as 'yyyy-MM-dd' strings (the wire and column format of bookings.date and
 * venue_availability.date), and IANA time zones. Everything here is pure calendar
 * arithmetic in UTC, so results never depend on the machine's local time zone. Dates are
 * written in English from the tables below, not with a date library or Intl: the same text on
 * the server and in the browser (hydration), and no date library in the home page's scripts.
 */

/** Weekday keys of venue.hours, Monday first (how weekdays are listed, SPEC §9). */
export const WEEK_DAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

/** The booking calendar's column order: Sunday first (SPEC §9). */
export const CALENDAR_WEEK_DAYS: readonly WeekDay[] = ['sunday', ...WEEK_DAYS.slice(0, 6)];

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function dateParts(date: string): [number, number, number] | null {
  const match = ISO_DATE.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = new Date(Date.UTC(year, month - 1, day));
  // Rejects 2025-02-30, month 13, day 00 …: a real date survives the round trip.
  if (utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day)
    return null;
  return [year, month, day];
}

function requireParts(date: string): [number, number, number] {
  const parts = dateParts(date);
  if (!parts) throw new RangeError(`Invalid date: "${date}" (expected yyyy-MM-dd)`);
  return parts;
}

/** Dates the product accepts as input: anything outside is a typo, and arithmetic on it overflows. */
export const MIN_INPUT_YEAR = 1900;
export const MAX_INPUT_YEAR = 2999;

/** True for a real calendar date written 'yyyy-MM-dd', in the years 1900–2999. */
export function isIsoDate(date: string): boolean {
  const parts = dateParts(date);
  return parts !== null && parts[0] >= MIN_INPUT_YEAR && parts[0] <= MAX_INPUT_YEAR;
}

/** The weekday of a 'yyyy-MM-dd' date. */
export function weekDayOf(date: string): WeekDay {
  const [year, month, day] = requireParts(date);
  const sundayFirst = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return WEEK_DAYS[(sundayFirst + 6) % 7]!;
}

/** 'monday' → 'Monday'. */
export function dayLabel(day: WeekDay): string {
  return day.charAt(0).toUpperCase() + day.slice(1);
}

/** The date `days` days after (or before, when negative) a 'yyyy-MM-dd' date. */
export function addDaysToDate(date: string, days: number): string {
  const [year, month, day] = requireParts(date);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const [y1, m1, d1] = requireParts(from);
  const [y2, m2, d2] = requireParts(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / 86_400_000);
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The weekday, month name, day and year of a 'yyyy-MM-dd' date. */
function dateWords(date: string): { weekDay: string; month: string; day: number; year: string } {
  const [year, month, day] = requireParts(date);
  return {
    weekDay: dayLabel(weekDayOf(date)),
    month: MONTH_NAMES[month - 1]!,
    day,
    year: String(year).padStart(4, '0'),
  };
}

/** 'Saturday, March 15, 2025' (payment success page, emails). */
export function formatLongDate(date: string): string {
  const { weekDay, month, day, year } = dateWords(date);
  return `${weekDay}, ${month} ${day}, ${year}`;
}

/** 'Sat, Mar 15, 2025' (booking lists, filter chips). */
export function formatShortDate(date: string): string {
  const { weekDay, month, day, year } = dateWords(date);
  return `${weekDay.slice(0, 3)}, ${month.slice(0, 3)} ${day}, ${year}`;
}

/**
 * The canonical name of an IANA time zone ('america/new_york' → 'America/New_York'),
 * or null when the runtime's Intl does not know it. Offsets such as '+01:00' are refused.
 */
export function canonicalTimeZone(timeZone: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(timeZone)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export function isValidTimeZone(timeZone: string): boolean {
  return canonicalTimeZone(timeZone) !== null;
}

/** IANA zones the runtime knows, for a time-zone picker ('UTC' included). */
export function timeZoneChoices(): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}
