/**
 * What a booking card says about money, derived from the booking view's payment fields
 * (payment_status, paid/refunded cents, deadlines, cancellation). `payment_intent_id` keeps
 * SPEC's meaning: the server set it because the booking is paid or its card is on file.
 */
import { isPastDate } from '@/domain/availability';
import type { Booking } from '@/domain/contract';
import type { BookingPaymentStatus } from '@/domain/contract/payments';

export function paymentStatusOf(booking: Booking): BookingPaymentStatus {
  if (booking.payment_status) return booking.payment_status;
  if (!booking.payment_intent_id) return 'unpaid';
  return booking.venue.pricing_type === 'minimum_spend' ? 'card_on_file' : 'paid';
}

export const isMinimumSpend = (booking: Booking) => booking.venue.pricing_type === 'minimum_spend';

/** A confirmed booking nothing has been paid (or saved) for yet: show the pay prompt. */
export function awaitsPayment(booking: Booking): boolean {
  return (
    booking.status === 'confirmed' && !booking.payment_intent_id && paymentStatusOf(booking) === 'unpaid'
  );
}

/** Whether the event's date has passed at the venue (nothing is left to cancel then). */
const eventPassed = (booking: Booking) => isPastDate(booking.date, booking.venue.time_zone, new Date());

/** Cancel Booking for the guest: a pending or confirmed booking whose date has not passed. */
export function guestMayCancel(booking: Booking): boolean {
  return (booking.status === 'pending' || booking.status === 'confirmed') && !eventPassed(booking);
}

/** Cancel Booking for the venue's host: a confirmed booking whose date has not passed. */
export function hostMayCancel(booking: Booking): boolean {
  return booking.status === 'confirmed' && !eventPassed(booking);
}

const REASONS: Record<string, string> = {
  expired: 'The venue did not answer the request in time.',
  payment_not_received: 'Payment was not received in time.',
};

/** "Cancelled by you: …" on the guest's card, "Cancelled by the guest: …" on the host's. */
export function cancellationLine(booking: Booking, audience: 'guest' | 'venue'): string | null {
  if (booking.status !== 'cancelled' || !booking.cancelled_by) return null;
  const who =
    booking.cancelled_by === 'system'
      ? 'Cancelled automatically'
      : booking.cancelled_by === 'guest'
        ? audience === 'guest'
          ? 'Cancelled by you'
          : 'Cancelled by the guest'
        : booking.cancelled_by === 'host'
          ? audience === 'guest'
            ? 'Cancelled by the venue'
            : 'Cancelled by you'
          : 'Cancelled by Velvet support';
  const reason = booking.cancellation_reason?.trim();
  if (!reason) return `${who}.`;
  return `${who}: ${REASONS[reason] ?? reason}`;
}
