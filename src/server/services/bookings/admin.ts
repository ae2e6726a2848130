/** The admin's direct edit of any booking (SPEC §2 /edit-booking/:id). */
import { canOnBooking } from '@/domain/access';
import { adminOverride } from '@/domain/booking';
import { forbidden } from '@/domain/errors';
import { bookingInstants } from '@/domain/instants';
import { SYSTEM_LINES } from '@/domain/messages';
import type { AdminBookingEdit } from '@/domain/schemas';
import type { AppContext } from '../../context';
import { viewerRef, type Viewer } from '../../viewer';
import { inTransaction } from '../../db/transaction';
import { BOOKING_TEMPLATES, bookingAcceptedEmail, bookingRejectedEmail } from '../../mail/booking-emails';
import { enqueueEmail } from '../../mail/outbox';
import { appendSystemLine } from '../messages';
import { releaseToWaitlist } from '../waitlist/notify';
import { confirmation, lockVenueConfirmations, transitionIfUnchanged } from './lifecycle';
import {
  appUrl,
  bookingRef,
  checkCapacity,
  emailData,
  guestDashboardUrl,
  readableBooking,
  toView,
  type BookingView,
} from './shared';
import { recordAudit } from '../audit/record';

/**
 * The admin edits any booking: guests, times, price, status and notes. A change to confirmed
 * obeys the no-overlap rule like any other confirmation; the guest hears about a booking
 * becoming confirmed or cancelled.
 */
export async function adminUpdateBooking(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  input: AdminBookingEdit,
): Promise<BookingView> {
  return inTransaction(ctx.db, async (tx) => {
    const { row } = await readableBooking(tx, viewer, id);
    if (!canOnBooking(viewerRef(viewer), bookingRef(row), 'adminEdit')) {
      throw forbidden('Access denied. Admin privileges required.');
    }
    checkCapacity(input.guest_count, row.venue.capacity);
    const instants = bookingInstants(row.booking.date, input.start_time, input.end_time, row.venue.time_zone);
    if (input.status === 'confirmed') await lockVenueConfirmations(tx, row.booking.venue_id);
    const after = await transitionIfUnchanged(tx, row, adminOverride(row.booking, input.status), {
      guest_count: input.guest_count,
      start_time: input.start_time,
      end_time: input.end_time,
      ...instants,
      total_price: input.total_price,
      ...(input.host_notes !== undefined ? { host_notes: input.host_notes } : {}),
      ...(input.status === 'confirmed' && row.booking.status !== 'confirmed'
        ? confirmation(ctx.now(), row, instants.starts_at)
        : {}),
    });
    const before = row.booking.status;
    const terms = (b: typeof row.booking) => ({
      status: b.status,
      guest_count: b.guest_count,
      start_time: b.start_time,
      end_time: b.end_time,
      total_price: b.total_price,
      host_notes: b.host_notes,
    });
    await recordAudit(tx, viewer, {
      action: 'booking.edited_by_admin',
      subject: { type: 'booking', id },
      venue: { id: row.venue.id, host_id: row.host_id },
      summary: `Edited booking ${id.slice(0, 8)} at “${row.venue.name}”`,
      before: terms(row.booking),
      after: terms(after.booking),
    });
    await appendSystemLine(tx, id, SYSTEM_LINES.adminEdited(after.booking, input.status));
    // A confirmed booking that stops being confirmed, or moves, lets (some of) its old time go.
    const moved =
      after.booking.starts_at.getTime() !== row.booking.starts_at.getTime() ||
      after.booking.ends_at.getTime() !== row.booking.ends_at.getTime();
    if (before === 'confirmed' && (after.booking.status !== 'confirmed' || moved)) {
      await releaseToWaitlist(ctx, tx, row.booking.venue_id, row.booking);
    }
    if (input.status !== before && (input.status === 'confirmed' || input.status === 'cancelled')) {
      const data = emailData(after);
      await enqueueEmail(
        tx,
        input.status === 'confirmed' ? BOOKING_TEMPLATES.accepted : BOOKING_TEMPLATES.rejected,
        after.booking.contact_email,
        input.status === 'confirmed'
          ? bookingAcceptedEmail(data, guestDashboardUrl(ctx))
          : bookingRejectedEmail(data, null, appUrl(ctx, '/')),
      );
    }
    return toView(after, true);
  });
}
