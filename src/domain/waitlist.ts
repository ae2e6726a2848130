/**
 * The waitlist for a taken night (issue 14): a guest waits for a venue, date and time range
 * that overlaps a confirmed booking. When a confirmed booking lets its time go (cancelled,
 * released unpaid, moved by the admin), the entries that now fit are told, in the order they
 * joined. Pure rules, shared by the server (who to tell) and the web (what to show).
 */
import { bookingInstants } from './instants';
import { normalizeTime } from './time';

export const WAITLIST_MESSAGES = {
  guestsOnly: 'Only guests can join a waitlist.',
  duplicate: 'You are already on the waitlist for this time.',
  slotFree: 'This time is free now. Request it instead of joining the waitlist.',
  ownBooking: 'You already hold this time with a confirmed booking.',
  past: 'This date has passed. Please choose a future date.',
  begun: 'This start time has already passed. Please choose a later time.',
  unavailable: 'This date is not available for booking.',
  notFound: 'Waitlist entry not found',
} as const;

/** A wished time: the venue's wall-clock date and times (an end before the start is the next day). */
export interface WaitlistRange {
  date: string;
  start_time: string;
  end_time: string;
}

/** An entry as the notifier sees it: `seq` is the join order (lower joined first). */
export interface WaitlistCandidate extends WaitlistRange {
  seq: number;
}

export interface TimeRange {
  starts_at: Date;
  ends_at: Date;
}

/** Half-open ranges, as the no-overlap constraint: 20:00–22:00 and 22:00–00:00 do not overlap. */
export const rangesOverlap = (a: TimeRange, b: TimeRange) =>
  a.starts_at.getTime() < b.ends_at.getTime() && b.starts_at.getTime() < a.ends_at.getTime();

/** The instants of a wished range in the venue's zone, or null when a clock change empties it. */
export function waitlistInstants(entry: WaitlistRange, timeZone: string): TimeRange | null {
  try {
    return bookingInstants(entry.date, entry.start_time, entry.end_time, timeZone);
  } catch {
    return null;
  }
}

/**
 * Whether a wished time is held only by the viewer's own confirmed bookings: every confirmed
 * booking of the venue (`taken`) that overlaps it is one of `mine`. There is nothing to wait for
 * then: the server refuses the join (WAITLIST_MESSAGES.ownBooking) and the page offers none.
 * Confirmed bookings of a venue never overlap, so a booking is known by its date and times.
 */
export function heldOnlyByViewer(
  wished: WaitlistRange,
  taken: readonly WaitlistRange[],
  mine: readonly WaitlistRange[],
  timeZone: string,
): boolean {
  const range = waitlistInstants(wished, timeZone);
  if (!range) return false;
  const key = (r: WaitlistRange) => `${r.date} ${normalizeTime(r.start_time)} ${normalizeTime(r.end_time)}`;
  const own = new Set(mine.map(key));
  const holders = taken.filter((t) => {
    const held = waitlistInstants(t, timeZone);
    return held !== null && rangesOverlap(held, range);
  });
  return holders.length > 0 && holders.every((h) => own.has(key(h)));
}

/** An entry is current until its wished start: past dates (and begun times) are expired. */
export function isWaitlistEntryCurrent(entry: WaitlistRange, timeZone: string, now: Date): boolean {
  const range = waitlistInstants(entry, timeZone);
  return range !== null && range.starts_at.getTime() > now.getTime();
}

/**
 * Which waitlist entries fit a freed range: those whose wished time overlaps `freed`, overlaps
 * none of the venue's `confirmed` bookings (as they are after the change) and has not begun at
 * `now` — in the order they joined. Ranges are computed in the venue's `timeZone`, so nights
 * past midnight and daylight-saving nights are compared as real instants.
 */
export function entriesThatFit<T extends WaitlistCandidate>(
  entries: readonly T[],
  freed: TimeRange,
  confirmed: readonly TimeRange[],
  timeZone: string,
  now: Date,
): T[] {
  return entries
    .filter((entry) => {
      const range = waitlistInstants(entry, timeZone);
      if (!range || range.starts_at.getTime() <= now.getTime()) return false;
      if (!rangesOverlap(range, freed)) return false;
      return !confirmed.some((c) => rangesOverlap(range, c));
    })
    .sort((a, b) => a.seq - b.seq);
}

/** Waitlisted guests per date (the host's calendar), current entries only. */
export function demandByDate(
  entries: readonly WaitlistRange[],
  timeZone: string,
  now: Date,
): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const e of entries) {
    if (!isWaitlistEntryCurrent(e, timeZone, now)) continue;
    counts[e.date] = (counts[e.date] ?? 0) + 1;
  }
  return counts;
}
