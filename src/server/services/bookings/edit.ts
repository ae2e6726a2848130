/** The host's Edit Booking (SPEC §4): new terms sent back to the guest for approval. */
import { isAwaitingGuest } from '@/domain/booking';
import { bookingTimeError, timesProblem, type BookableDay } from '@/domain/bookable-times';
import { termChanges, termsOf } from '@/domain/booking-changes';
import { defaultHours } from '@/domain/hours';
import { bookingInstants } from '@/domain/instants';
import { SYSTEM_LINES } from '@/domain/messages';
import type { BookingEdit } from '@/domain/schemas';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import { inTransaction } from '../../db/transaction';
import { BOOKING_TEMPLATES, bookingEditedEmail } from '../../mail/booking-emails';
import { enqueueEmail } from '../../mail/outbox';
import { appendSystemLine } from '../messages';
import { confirmedAround } from '../availability/read';
import { forVenueAction, refusal, transitionIfUnchanged, transitionOrRefuse } from './lifecycle';
import { checkCapacity, emailData, guestDashboardUrl, toView, type BookingView } from './shared';

/**
 * The venue's host changes a pending booking and sends it back to the guest: → pending with host
 * notes. The terms before are stored with it (previous_terms), so the guest sees exactly what
 * changed; a second edit before the guest answers keeps the terms the guest had asked for.
 */
export async function editBooking(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  input: BookingEdit,
): Promise<BookingView> {
  return inTransaction(ctx.db, async (tx) => {
    const { row, actor } = await forVenueAction(tx, viewer, id, 'edit');
    const transition = transitionOrRefuse(
      { status: row.booking.status, host_notes: input.host_notes },
      actor,
      'edit',
    );
    checkCapacity(input.guest_count, row.venue.capacity);
    // The bookable-times rule (decision 21) with the host's freedom: only the clock change and
    // overlaps with the venue's other confirmed bookings are judged, as the Edit Booking dialog does.
    const day: BookableDay = {
      date: row.booking.date,
      timeZone: row.venue.time_zone,
      now: ctx.now(),
      hours: defaultHours(), // not judged: the host may move a booking outside the usual hours
      overrides: [],
      flexibleHours: true,
      confirmed: await confirmedAround(
        tx,
        row.booking.venue_id,
        row.booking.date,
        row.venue.time_zone,
        row.booking.id,
      ),
      rules: { dates: false, past: false, hours: false },
    };
    const problem = timesProblem(day, input.start_time, input.end_time);
    if (problem) throw bookingTimeError(day, problem);
    const instants = bookingInstants(row.booking.date, input.start_time, input.end_time, row.venue.time_zone);
    const previous =
      isAwaitingGuest(row.booking) && row.booking.previous_terms
        ? row.booking.previous_terms
        : termsOf(row.booking);
    const after = await transitionIfUnchanged(
      tx,
      row,
      transition,
      {
        previous_terms: previous,
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
      bookingEditedEmail(
        emailData(after),
        input.host_notes,
        guestDashboardUrl(ctx),
        termChanges(previous, termsOf(after.booking), after.venue.pricing_type),
      ),
    );
    return toView(after, true);
  });
}
