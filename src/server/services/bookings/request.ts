/** A guest's booking request (SPEC §4): validated against the venue and priced by the server. */
import { expiresAtFor } from '@/domain/payments';
import { eq } from 'drizzle-orm';
import { canAs } from '@/domain/access';
import { dayState, fitsOpeningHours } from '@/domain/availability';
import { addDaysToDate } from '@/domain/calendar';
import { OVERLAP_MESSAGE, conflict, forbidden, invalid, notFound } from '@/domain/errors';
import { formatDayHours, hoursForDate, normalizeWeeklyHours } from '@/domain/hours';
import { bookingInstants, hasBegun, venueToday } from '@/domain/instants';
import { SYSTEM_LINES } from '@/domain/messages';
import { quoteBooking } from '@/domain/pricing';
import type { BookingRequest } from '@/domain/schemas';
import { viewerRef, type AppContext, type Viewer } from '../../context';
import { bookings, profiles, venues } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import {
  BOOKING_TEMPLATES,
  bookingSubmittedEmail,
  customerBookingConfirmationEmail,
} from '../../mail/booking-emails';
import { enqueueEmail } from '../../mail/outbox';
import { findConfirmedOverlap, overridesBetween } from '../availability/read';
import { appendSystemLine } from '../messages';
import { VENUE_NOT_FOUND } from '../venues/shared';
import {
  NO_CONTACT_EMAIL,
  checkCapacity,
  emailData,
  guestDashboardUrl,
  manageBookingsUrl,
  selectBookings,
  toView,
  type BookingView,
} from './shared';

/** A guest asks for a booking: validated against the venue and priced by the server. */
export async function requestBooking(
  ctx: AppContext,
  viewer: Viewer,
  input: BookingRequest,
): Promise<BookingView> {
  if (!canAs(viewerRef(viewer), 'requestBooking')) throw forbidden('Only guests can do that.');
  const contactEmail = viewer.profile.email.trim();
  return inTransaction(ctx.db, async (tx) => {
    // FOR SHARE: the venue's time zone (which the instants below are computed in) cannot change
    // until this request is stored; a time zone change moves the bookings it finds (updateVenue).
    const [venue] = await tx.select().from(venues).where(eq(venues.id, input.venue_id)).for('share');
    if (!venue || !venue.is_active) throw notFound(VENUE_NOT_FOUND);

    const hours = normalizeWeeklyHours(venue.hours);
    const overrides = await overridesBetween(tx, venue.id, addDaysToDate(input.date, -1), input.date);
    const override = overrides.find((o) => o.date === input.date);

    const today = venueToday(venue, ctx.now());
    const state = dayState({ date: input.date, today, hours, override });
    if (state === 'past') throw invalid('This date has passed. Please choose a future date.', 'date');
    if (state === 'unavailable') throw invalid('This date is not available for booking.', 'date');
    checkCapacity(input.guest_count, venue.capacity);
    if (!contactEmail) throw invalid(NO_CONTACT_EMAIL, 'contact_email');
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
    if (hasBegun(instants.starts_at, ctx.now())) {
      throw invalid('This start time has already passed. Please choose a later time.', 'start_time');
    }
    if (await findConfirmedOverlap(tx, venue.id, instants))
      throw conflict(OVERLAP_MESSAGE, 'BOOKING_OVERLAP');

    const quote = quoteBooking(
      { base_price: venue.base_price, pricing_type: venue.pricing_type, hours },
      input,
      override,
    );
    const [created] = await tx
      .insert(bookings)
      .values({
        venue_id: venue.id,
        user_id: viewer.profile.id,
        date: input.date,
        start_time: input.start_time,
        end_time: input.end_time,
        ...instants,
        guest_count: input.guest_count,
        total_price: quote.total,
        status: 'pending',
        approval_status: 'pending',
        special_requests: input.special_requests,
        contact_email: contactEmail,
        contact_phone: input.contact_phone ?? viewer.profile.phone ?? null,
        // Decision record 13: an unanswered request expires (the timed-transitions worker).
        expires_at: expiresAtFor(ctx.now(), instants.starts_at),
      })
      .returning();

    const [row] = await selectBookings(tx).where(eq(bookings.id, created!.id));
    await appendSystemLine(tx, created!.id, SYSTEM_LINES.requested(created!));
    const data = emailData(row!);
    const [host] = await tx
      .select({ email: profiles.email })
      .from(profiles)
      .where(eq(profiles.id, venue.host_id));
    if (host?.email.trim()) {
      await enqueueEmail(
        tx,
        BOOKING_TEMPLATES.submitted,
        host.email,
        bookingSubmittedEmail(data, manageBookingsUrl(ctx, venue.id)),
      );
    }
    await enqueueEmail(
      tx,
      BOOKING_TEMPLATES.customerConfirmation,
      contactEmail,
      customerBookingConfirmationEmail(data, guestDashboardUrl(ctx)),
    );
    return toView(row!, false);
  });
}
