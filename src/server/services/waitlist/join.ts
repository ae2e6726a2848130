/**
 * A guest joins the waitlist of a taken time (issue 14, decision record 19). The wished time is
 * checked as a request would be (a future, open date; within the opening hours unless the venue
 * is flexible; not begun) and must overlap a confirmed booking now: a free time is requested,
 * not waited for (409), and a time only the guest themself holds is refused (409). The same
 * guest, venue, date and times twice is refused (409).
 */
import { and, eq, sql } from 'drizzle-orm';
import { canAs } from '@/domain/access';
import { dayState, fitsOpeningHours } from '@/domain/availability';
import { conflict, forbidden, invalid } from '@/domain/errors';
import { formatDayHours, hoursForDate } from '@/domain/hours';
import { bookingInstants, hasBegun, venueToday } from '@/domain/instants';
import type { WaitlistJoin } from '@/domain/schemas';
import { WAITLIST_MESSAGES } from '@/domain/waitlist';
import type { AppContext } from '../../context';
import { viewerRef, type Viewer } from '../../viewer';
import { bookings, waitlistEntries } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { lockBookableVenueDay } from '../availability/read';
import { entryViews, type WaitlistEntryView } from './queries';

export async function joinWaitlist(
  ctx: AppContext,
  viewer: Viewer,
  input: WaitlistJoin,
): Promise<WaitlistEntryView> {
  if (!canAs(viewerRef(viewer), 'joinWaitlist')) throw forbidden(WAITLIST_MESSAGES.guestsOnly);
  return inTransaction(ctx.db, async (tx) => {
    const { venue, hours, overrides, override } = await lockBookableVenueDay(tx, input.venue_id, input.date);
    const state = dayState({ date: input.date, today: venueToday(venue, ctx.now()), hours, override });
    if (state === 'past') throw invalid(WAITLIST_MESSAGES.past, 'date');
    if (state === 'unavailable') throw invalid(WAITLIST_MESSAGES.unavailable, 'date');
    if (
      !venue.open_to_flexible_hours &&
      !fitsOpeningHours(hours, overrides, input.date, input.start_time, input.end_time)
    ) {
      const day = hoursForDate(hours, input.date);
      throw invalid(
        `Please choose a time within the venue's opening hours (${formatDayHours({ ...day, closed: false })}).`,
        'start_time',
      );
    }
    const instants = bookingInstants(input.date, input.start_time, input.end_time, venue.time_zone);
    if (hasBegun(instants.starts_at, ctx.now())) throw invalid(WAITLIST_MESSAGES.begun, 'start_time');
    // Who holds the wished time now: nobody → request it; only this guest → nothing to wait for.
    const holders = await tx
      .select({ user_id: bookings.user_id })
      .from(bookings)
      .where(
        and(
          eq(bookings.venue_id, venue.id),
          eq(bookings.status, 'confirmed'),
          sql`tstzrange(${bookings.starts_at}, ${bookings.ends_at}, '[)') && tstzrange(${instants.starts_at.toISOString()}::timestamptz, ${instants.ends_at.toISOString()}::timestamptz, '[)')`,
        ),
      );
    if (holders.length === 0) throw conflict(WAITLIST_MESSAGES.slotFree, 'SLOT_FREE');
    if (holders.every((h) => h.user_id === viewer.profile.id)) {
      throw conflict(WAITLIST_MESSAGES.ownBooking, 'OWN_BOOKING');
    }

    // A second join of the same time meets waitlist_entries_guest_range_idx: 409 (db/errors.ts).
    const [created] = await tx
      .insert(waitlistEntries)
      .values({
        venue_id: venue.id,
        user_id: viewer.profile.id,
        date: input.date,
        start_time: input.start_time,
        end_time: input.end_time,
      })
      .returning();
    const [view] = await entryViews(tx, [created!], ctx.now());
    return view!;
  });
}
