/** The host's Edit Booking (SPEC §4): new terms sent back to the guest for approval. */
import { OVERLAP_MESSAGE, conflict } from '@/domain/errors';
import { bookingInstants } from '@/domain/instants';
import { SYSTEM_LINES } from '@/domain/messages';
import type { BookingEdit } from '@/domain/schemas';
import type { AppContext, Viewer } from '../../context';
import { inTransaction } from '../../db/transaction';
import { BOOKING_TEMPLATES, bookingEditedEmail } from '../../mail/booking-emails';
import { enqueueEmail } from '../../mail/outbox';
import { appendSystemLine } from '../messages';
import { findConfirmedOverlap } from '../availability/read';
import { forVenueAction, refusal, swap, transitionOrRefuse } from './lifecycle';
import { checkCapacity, emailData, guestDashboardUrl, toView, type BookingView } from './shared';

/** The venue's host changes a pending booking and sends it back to the guest: → pending with host notes. */
export async function editBooking(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  input: BookingEdit,
): Promise<BookingView> {
  return inTransaction(ctx.db, async (tx) => {
    const { row, actor } = await forVenueAction(tx, viewer, id, 'edit');
    const status = transitionOrRefuse(
      { status: row.booking.status, host_notes: input.host_notes },
      actor,
      'edit',
    );
    checkCapacity(input.guest_count, row.venue.capacity);
    const instants = bookingInstants(row.booking.date, input.start_time, input.end_time, row.venue.time_zone);
    if (await findConfirmedOverlap(tx, row.booking.venue_id, instants, row.booking.id)) {
      throw conflict(OVERLAP_MESSAGE, 'BOOKING_OVERLAP');
    }
    const after = await swap(
      tx,
      row,
      {
        status,
        guest_count: input.guest_count,
        start_time: input.start_time,
        end_time: input.end_time,
        ...instants,
        total_price: input.total_price,
        host_notes: input.host_notes,
      },
      (fresh) => refusal(actor, 'edit')({ ...fresh, host_notes: input.host_notes }),
    );
    await appendSystemLine(tx, id, SYSTEM_LINES.edited(after.booking, input.host_notes));
    await enqueueEmail(
      tx,
      BOOKING_TEMPLATES.edited,
      after.booking.contact_email,
      bookingEditedEmail(emailData(after), input.host_notes, guestDashboardUrl(ctx)),
    );
    return toView(after, true);
  });
}
