/**
 * Instants in a venue's time zone: a venue's wall-clock date and time ↔ the instant it names,
 * "today" and "now" at the venue, and the instants of a booking (which may run past midnight).
 * Pure: the current time is always passed in.
 *
 * Daylight-saving rule (the "compatible" rule of Temporal): a wall-clock time that happens
 * twice (clocks go back) means its first occurrence; one that never happens (clocks go forward)
 * moves forward by the gap. It is computed here from the zone's UTC offsets as Intl reports
 * them, not by a library whose choice for the repeated hour depends on the zone (date-fns/tz's
 * TZDate picks the second 01:30 in Europe/London but the first in America/New_York).
 */
import { addDaysToDate } from './calendar';
import { invalid } from './errors';
import { crossesMidnight, timeToMinutes } from './time';

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock fields of an instant in a zone (throws RangeError for an unknown zone). */
function wallFields(epochMs: number, timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(epochMs).map((x) => [x.type, x.value]));
  return p as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;
}

/** The zone's offset from UTC at an instant, in milliseconds (wall clock minus UTC). */
function offsetAt(epochMs: number, timeZone: string): number {
  const p = wallFields(epochMs, timeZone);
  const wall = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return wall - Math.floor(epochMs / 1000) * 1000;
}

/** The instant of a wall-clock date (yyyy-MM-dd) and time (HH:MM) in an IANA zone. */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const minutes = timeToMinutes(time);
  // The wall clock read as if it were UTC; the real instant is this minus the offset in force.
  const local = Date.UTC(year, month - 1, day, Math.floor(minutes / 60), minutes % 60);
  // A zone changes its offset at most once within a day either side, so the instant uses the
  // offset of the day before or of the day after (equal on days without a change).
  const before = offsetAt(local - DAY_MS, timeZone);
  const after = offsetAt(local + DAY_MS, timeZone);
  const fits = (offset: number) => offsetAt(local - offset, timeZone) === offset;
  const candidates = [local - before, local - after].filter((t, i) => fits(i === 0 ? before : after));
  // Repeated (two fit): the first occurrence. Skipped (none fits): the offset before the change,
  // which lands after the gap, i.e. the time moved forward by the gap.
  return new Date(candidates.length > 0 ? Math.min(...candidates) : local - before);
}

export const DST_GAP_MESSAGE =
  'That time does not exist on this date because of the daylight saving time change. Please choose other times.';

/**
 * A booking's start and end instants: date + start_time, and date (plus one day when the
 * booking crosses midnight) + end_time, in the venue's zone. A range the clock change makes
 * empty is refused.
 */
export function bookingInstants(
  date: string,
  startTime: string,
  endTime: string,
  timeZone: string,
): { starts_at: Date; ends_at: Date } {
  const starts_at = zonedInstant(date, startTime, timeZone);
  const endDate = crossesMidnight(startTime, endTime) ? addDaysToDate(date, 1) : date;
  const ends_at = zonedInstant(endDate, endTime, timeZone);
  if (ends_at.getTime() <= starts_at.getTime()) throw invalid(DST_GAP_MESSAGE, 'end_time');
  return { starts_at, ends_at };
}

/** The wall-clock date and time (HH:MM) of an instant in a zone. */
export function wallClock(instant: Date, timeZone: string): { date: string; time: string } {
  const p = wallFields(instant.getTime(), timeZone);
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** The calendar date 'yyyy-MM-dd' at `now` in an IANA time zone (throws RangeError for an unknown zone). */
export function todayInZone(timeZone: string, now: Date = new Date()): string {
  return wallClock(now, timeZone).date;
}

/** True when `date` is before today in the zone (past dates cannot be booked or overridden). */
export function isPastDate(date: string, timeZone: string, now: Date = new Date()): boolean {
  return date < todayInZone(timeZone, now);
}

/** The venue's today (yyyy-MM-dd) at `now`. */
export const venueToday = (venue: { time_zone: string }, now: Date) => todayInZone(venue.time_zone, now);

/** Whether an instant (a booking's start) is at or before `now`: it has begun, or is over. */
export const hasBegun = (instant: Date, now: Date) => instant.getTime() <= now.getTime();

/** Hours (with their fraction) from `now` until `instant`; negative when it has passed. */
export const hoursUntil = (instant: Date, now: Date) => (instant.getTime() - now.getTime()) / 3_600_000;
