/** A guest's booking request (SPEC §4): validated against the venue and priced by the server. */
import { expiresAtFor } from '@/domain/payments';
import { currentFeeBpsSql } from '../earnings/platform-fee';
import { eq } from 'drizzle-orm';
import { canAs } from '@/domain/access';
import { bookingTimeError, dateProblem, timesProblem, type BookableDay } from '@/domain/bookable-times';
import { forbidden, invalid } from '@/domain/errors';
import { bookingInstants } from '@/domain/instants';
import { SYSTEM_LINES } from '@/domain/messages';
import { quoteBooking } from '@/domain/pricing';
import type { BookingRequest } from '@/domain/schemas';
import type { AppContext } from '../../context';
import { viewerRef, type Viewer } from '../../viewer';
import { bookings, profiles } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import {
  BOOKING_TEMPLATES,
  bookingSubmittedEmail,
  customerBookingConfirmationEmail,
} from '../../mail/booking-emails';
import { enqueueEmail } from '../../mail/outbox';
import { confirmedAround, lockBookableVenueDay } from '../availability/read';
import { appendSystemLine } from '../messages';
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
    const { venue, hours, overrides, override } = await lockBookableVenueDay(tx, input.venue_id, input.date);

    // The bookable-times rule the booking dialog lists its times with (decision 21).
    const day: BookableDay = {
      date: input.date,
      timeZone: venue.time_zone,
      now: ctx.now(),
      hours,
      overrides,
      flexibleHours: venue.open_to_flexible_hours,
      confirmed: await confirmedAround(tx, venue.id, input.date, venue.time_zone),
    };
    const ofDate = dateProblem(day);
    if (ofDate) throw bookingTimeError(day, ofDate);
    checkCapacity(input.guest_count, venue.capacity);
    if (!contactEmail) throw invalid(NO_CONTACT_EMAIL, 'contact_email');
    const ofTimes = timesProblem(day, input.start_time, input.end_time);
    if (ofTimes) throw bookingTimeError(day, ofTimes);
    const instants = bookingInstants(input.date, input.start_time, input.end_time, venue.time_zone);

    const quote = quoteBooking(
      { base_price: venue.base_price, pricing_type: venue.pricing_type, hours },
      input,
      override,
    );
    const [created] = await tx
      .insert(bookings)
      .values({
        // The fee rate of this booking, kept whatever the rate becomes later (issue 29).
        platform_fee_bps: currentFeeBpsSql(ctx),
        venue_id: venue.id,
        user_id: viewer.profile.id,
        date: input.date,
        start_time: input.start_time,
        end_time: input.end_time,
        ...instants,
        guest_count: input.guest_count,
        total_price: quote.total,
        status: 'pending',
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
