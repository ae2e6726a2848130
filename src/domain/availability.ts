/**
 * Calendar availability: day states, opening-hours containment and time overlaps. "Today" in a
 * venue's time zone is in instants.ts.
 */
import { addDaysToDate, daysBetween } from './calendar';
import { hoursForDate, openOnDate, type DayHours, type WeeklyHours } from './hours';
import type { DateOverride } from './pricing';
import { MINUTES_PER_DAY, durationMinutes, formatTimeRange, normalizeTime, timeToMinutes } from './time';

/**
 * past: before the venue's today (not clickable); available (green); unavailable (red);
 * override: available on custom terms set for that date (purple dot).
 */
export type DayState = 'past' | 'available' | 'unavailable' | 'override';

export const DAY_STATE_LABELS: Record<DayState, string> = {
  past: 'Past',
  available: 'Available',
  unavailable: 'Unavailable',
  override: 'Custom Availability',
};

export type DayStateInput = {
  date: string;
  /** The venue's today, from todayInZone(venue.time_zone). */
  today: string;
  hours: WeeklyHours;
  override?: Pick<DateOverride, 'date' | 'is_available'> | null;
};

/** A specific-date override wins over the weekly rule; an override for another date is ignored. */
export function dayState({ date, today, hours, override }: DayStateInput): DayState {
  if (date < today) return 'past';
  if (override && override.date === date) return override.is_available ? 'override' : 'unavailable';
  return hoursForDate(hours, date).closed ? 'unavailable' : 'available';
}

export function isDateBookable(input: DayStateInput): boolean {
  const state = dayState(input);
  return state === 'available' || state === 'override';
}

/**
 * Whether a booking [start, end) lies inside the day's opening hours [open, close).
 * close <= open means the venue closes after midnight (20:00–02:00); close === open means
 * open around the clock. A booking may cross midnight too (22:00–01:00). Clock times are
 * read within the day's opening span, so in a 20:00–02:00 venue 00:30–01:30 is the late
 * part of that night. A zero-length booking or a closed day is never within hours.
 */
export function isWithinOpeningHours(
  dayHours: Pick<DayHours, 'open' | 'close' | 'closed'>,
  start: string,
  end: string,
): boolean {
  if (dayHours.closed) return false;
  const length = durationMinutes(start, end);
  if (length === 0) return false;
  const window = durationMinutes(dayHours.open, dayHours.close) || MINUTES_PER_DAY;
  const offset = durationMinutes(dayHours.open, start);
  return offset + length <= window;
}

/** A day's opening span in minutes from `date`'s midnight (shifted by `dayOffset` days), or null when closed. */
function openSpan(hours: WeeklyHours, date: string, override: DateOverride | undefined, dayOffset: number) {
  const day = hoursForDate(hours, date);
  if (!openOnDate(!day.closed, override?.is_available)) return null;
  const start = dayOffset * MINUTES_PER_DAY + timeToMinutes(day.open);
  return [start, start + (durationMinutes(day.open, day.close) || MINUTES_PER_DAY)] as const;
}

/**
 * Whether a booking starting at `start` on `date` lies inside the venue's opening hours: inside
 * that day's span (which may close after midnight), or inside the late part of the previous
 * day's span (00:30 on a Saturday falls in Friday night's 20:00–02:00). Date overrides decide
 * whether a day is open. The server enforces this for venues not open to flexible hours; the
 * booking dialog warns with the same rule.
 */
export function fitsOpeningHours(
  hours: WeeklyHours,
  overrides: readonly DateOverride[],
  date: string,
  start: string,
  end: string,
): boolean {
  const length = durationMinutes(start, end);
  if (length === 0) return false;
  const from = timeToMinutes(start);
  const to = from + length;
  const previous = addDaysToDate(date, -1);
  const spans = [
    openSpan(
      hours,
      date,
      overrides.find((o) => o.date === date),
      0,
    ),
    openSpan(
      hours,
      previous,
      overrides.find((o) => o.date === previous),
      -1,
    ),
  ];
  return spans.some((span) => span !== null && span[0] <= from && to <= span[1]);
}

/** A booking as a half-open interval of minutes from the booking date's midnight. */
function sameDayInterval(start: string, end: string): [number, number] {
  const from = timeToMinutes(start);
  return [from, from + durationMinutes(start, end)];
}

/**
 * Whether two bookings on the same date overlap. Each runs from its start on that date to
 * its end, rolling over midnight; intervals are half-open, so 20:00–22:00 and 22:00–00:00
 * do not overlap.
 */
export function timesOverlap(aStart: string, aEnd: string, bStart: string, bEnd: string): boolean {
  const [a0, a1] = sameDayInterval(aStart, aEnd);
  const [b0, b1] = sameDayInterval(bStart, bEnd);
  return a0 < b1 && b0 < a1;
}

export type TimedBooking = { date: string; start_time: string; end_time: string };

/** Minutes from 1970-01-01 00:00 (calendar time, no zone) for the start and end of a booking. */
export function bookingRange(booking: TimedBooking): { start: number; end: number } {
  const start = daysBetween('1970-01-01', booking.date) * MINUTES_PER_DAY + timeToMinutes(booking.start_time);
  return { start, end: start + durationMinutes(booking.start_time, booking.end_time) };
}

/** Whether two bookings overlap, on the same or neighbouring dates (22:00–02:00 vs next day 01:00–03:00). */
export function bookingsOverlap(a: TimedBooking, b: TimedBooking): boolean {
  const ra = bookingRange(a);
  const rb = bookingRange(b);
  return ra.start < rb.end && rb.start < ra.end;
}

/** Booking statuses that hold a venue's time (and that must never overlap). */
export const BLOCKING_STATUSES: readonly string[] = ['confirmed'];

export type TimeSlot = { start: string; end: string; label: string };

/**
 * Booked times to show on a date: bookings whose status blocks the venue (a booking
 * without status counts as blocking), sorted by start, duplicates removed.
 */
export function takenTimeSlots(
  bookings: readonly { start_time: string; end_time: string; status?: string | null }[],
): TimeSlot[] {
  const unique = new Map<string, { start: string; end: string }>();
  for (const b of bookings) {
    if (b.status != null && !BLOCKING_STATUSES.includes(b.status)) continue;
    const slot = { start: normalizeTime(b.start_time), end: normalizeTime(b.end_time) };
    unique.set(`${slot.start}-${slot.end}`, slot);
  }
  return [...unique.values()]
    .sort(
      (a, b) =>
        timeToMinutes(a.start) - timeToMinutes(b.start) || timeToMinutes(a.end) - timeToMinutes(b.end),
    )
    .map((slot) => ({ ...slot, label: formatTimeRange(slot.start, slot.end) }));
}

/** "Today" in a venue's zone lives with the other instants; re-exported for existing imports. */
export { isPastDate, todayInZone } from './instants';
