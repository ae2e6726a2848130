/**
 * Which start and end times of a day can be booked, and why the others cannot. One rule for the
 * booking dialog's lists (unavailable times are shown disabled with their reason) and for the
 * server, which refuses a request with the same judgement (services/bookings/request.ts).
 *
 * A day is judged in the venue's time zone: its opening hours (weekly hours and a date override,
 * a night may close after midnight, and the late part of the night before counts too), "now" at
 * the venue, and the confirmed bookings near it, compared as instants so nights across a
 * daylight-saving change are measured in real time.
 */
import { dayState, fitsOpeningHours } from './availability';
import { conflict, invalid, OVERLAP_MESSAGE, type AppError } from './errors';
import { formatDayHours, hoursForDate, type WeeklyHours } from './hours';
import { DST_GAP_MESSAGE, bookingInstants, todayInZone } from './instants';
import type { DateOverride } from './pricing';
import { MINUTES_PER_DAY, TIME_CHOICES, TIME_STEP_MINUTES, minutesToTime, timeToMinutes } from './time';

/** Why a time cannot be booked, most fundamental first. */
export type TimeProblem = 'past_date' | 'closed' | 'past' | 'hours' | 'dst' | 'overlap';

/** The short reason shown next to a disabled time. */
export const TIME_PROBLEM_REASONS: Record<TimeProblem, string> = {
  past_date: 'In the past',
  closed: 'Not available on this date',
  past: 'In the past',
  hours: 'Outside opening hours',
  dst: 'Skipped by the daylight saving change',
  overlap: 'Overlaps a confirmed booking',
};

/** A confirmed booking near the day: its wall-clock times at the venue, or its stored instants. */
export type ConfirmedBooking =
  | { date: string; start_time: string; end_time: string }
  | { starts_at: Date | string; ends_at: Date | string };

export interface BookableDay {
  /** The booking's date at the venue (yyyy-MM-dd). */
  date: string;
  /** The venue's IANA time zone. */
  timeZone: string;
  now: Date;
  hours: WeeklyHours;
  /** Date overrides; those for the date and the day before are read. */
  overrides: readonly DateOverride[];
  /** Venues open to flexible hours accept times outside their opening hours. */
  flexibleHours: boolean;
  /** Confirmed bookings that may touch the day; others are harmless. */
  confirmed: readonly ConfirmedBooking[];
  /**
   * The rules that apply. A guest's request is judged by all of them (the default); the host's
   * Edit Booking only by overlaps and the clock change, as the server does.
   */
  rules?: { dates?: boolean; past?: boolean; hours?: boolean };
}

export interface TimeOption {
  time: string;
  available: boolean;
  problem?: TimeProblem;
  /** TIME_PROBLEM_REASONS[problem] when unavailable. */
  reason?: string;
  /** An end time on the day after the booking's date. */
  nextDay: boolean;
}

type Range = { start: number; end: number };

function confirmedRanges(day: BookableDay): Range[] {
  const ranges: Range[] = [];
  for (const b of day.confirmed) {
    if ('starts_at' in b) {
      ranges.push({ start: new Date(b.starts_at).getTime(), end: new Date(b.ends_at).getTime() });
      continue;
    }
    try {
      const { starts_at, ends_at } = bookingInstants(b.date, b.start_time, b.end_time, day.timeZone);
      ranges.push({ start: starts_at.getTime(), end: ends_at.getTime() });
    } catch {
      // A stored booking whose times the clock change made empty holds no time.
    }
  }
  return ranges;
}

const overlapsAny = (range: Range, ranges: readonly Range[]) =>
  ranges.some((r) => r.start < range.end && range.start < r.end);

/** Problems of the date itself (past at the venue, closed or unavailable that day), or null. */
export function dateProblem(day: BookableDay): TimeProblem | null {
  if (day.rules?.dates === false) return null;
  const state = dayState({
    date: day.date,
    today: todayInZone(day.timeZone, day.now),
    hours: day.hours,
    override: day.overrides.find((o) => o.date === day.date) ?? null,
  });
  if (state === 'past') return 'past_date';
  if (state === 'unavailable') return 'closed';
  return null;
}

/** Why `start`–`end` on the day cannot be booked, or null when it can. Ends before the start roll into the next day. */
export function bookingTimeProblem(day: BookableDay, start: string, end: string): TimeProblem | null {
  return dateProblem(day) ?? timeProblem(day, start, end, confirmedRanges(day));
}

/** The time-of-day rules only (the date itself is judged by dateProblem). */
export function timesProblem(day: BookableDay, start: string, end: string): TimeProblem | null {
  return timeProblem(day, start, end, confirmedRanges(day));
}

function timeProblem(day: BookableDay, start: string, end: string, ranges: Range[]): TimeProblem | null {
  const rules = day.rules ?? {};
  if (
    rules.hours !== false &&
    !day.flexibleHours &&
    !fitsOpeningHours(day.hours, day.overrides, day.date, start, end)
  ) {
    return 'hours';
  }
  let range: Range;
  try {
    const instants = bookingInstants(day.date, start, end, day.timeZone);
    range = { start: instants.starts_at.getTime(), end: instants.ends_at.getTime() };
  } catch {
    return 'dst';
  }
  if (rules.past !== false && range.start <= day.now.getTime()) return 'past';
  if (overlapsAny(range, ranges)) return 'overlap';
  return null;
}

function option(time: string, problem: TimeProblem | null, nextDay: boolean): TimeOption {
  return problem
    ? { time, available: false, problem, reason: TIME_PROBLEM_REASONS[problem], nextDay }
    : { time, available: true, nextDay };
}

/**
 * Every start time of the day (00:00 … 23:45). A start is available when at least the shortest
 * booking (one grid step) from it could be booked: open, not begun, not overlapping.
 */
export function startOptions(day: BookableDay): TimeOption[] {
  const ofDate = dateProblem(day);
  const ranges = confirmedRanges(day);
  return TIME_CHOICES.map((time) => {
    if (ofDate) return option(time, ofDate, false);
    const step = minutesToTime(timeToMinutes(time) + TIME_STEP_MINUTES);
    return option(time, timeProblem(day, time, step, ranges), false);
  });
}

/**
 * Every end time after `start`, in order: one grid step later up to 23 h 45 later (an end at or
 * before the start's clock time is on the next day), each judged as the booking start–end.
 */
export function endOptions(day: BookableDay, start: string): TimeOption[] {
  const ofDate = dateProblem(day);
  const ranges = confirmedRanges(day);
  const from = timeToMinutes(start);
  const options: TimeOption[] = [];
  for (let m = from + TIME_STEP_MINUTES; m < from + MINUTES_PER_DAY; m += TIME_STEP_MINUTES) {
    const time = minutesToTime(m);
    const nextDay = m >= MINUTES_PER_DAY;
    options.push(option(time, ofDate ?? timeProblem(day, start, time, ranges), nextDay));
  }
  return options;
}

/**
 * Times to offer first: the first available start from the day's opening time on (a venue open
 * to flexible hours still starts at its opening time, not at midnight), and the longest run of
 * available ends after it, up to three hours. Null when no start of the day can be booked.
 */
export function firstBookableTimes(day: BookableDay): { start: string; end: string } | null {
  const starts = startOptions(day);
  const opening = TIME_CHOICES.indexOf(hoursForDate(day.hours, day.date).open);
  const from = Math.max(0, opening);
  const ordered = [...starts.slice(from), ...starts.slice(0, from)];
  const start = ordered.find((o) => o.available)?.time;
  if (!start) return null;
  let end: string | null = null;
  for (const o of endOptions(day, start).slice(0, 180 / TIME_STEP_MINUTES)) {
    if (!o.available) break;
    end = o.time;
  }
  return end ? { start, end } : null;
}

/**
 * The error the server answers for a problem (the messages the API has always given; an overlap
 * is a 409 conflict, the rest 400).
 */
export function bookingTimeError(day: Pick<BookableDay, 'hours' | 'date'>, problem: TimeProblem): AppError {
  switch (problem) {
    case 'past_date':
      return invalid('This date has passed. Please choose a future date.', 'date');
    case 'closed':
      return invalid('This date is not available for booking.', 'date');
    case 'hours': {
      const open = formatDayHours({ ...hoursForDate(day.hours, day.date), closed: false });
      return invalid(`Please choose a time within the venue's opening hours (${open}).`, 'start_time');
    }
    case 'dst':
      return invalid(DST_GAP_MESSAGE, 'end_time');
    case 'past':
      return invalid('This start time has already passed. Please choose a later time.', 'start_time');
    case 'overlap':
      return conflict(OVERLAP_MESSAGE, 'BOOKING_OVERLAP');
  }
}
