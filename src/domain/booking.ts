/**
 * Status badges and small booking display rules; the state machine itself (SPEC §4) is
 * booking-lifecycle.ts, re-exported here.
 */
import type { PricingType } from './pricing';

export * from './booking-lifecycle';
import { hasHostNotes, isAwaitingGuest, type BookingState } from './booking-lifecycle';

export type BadgeTone = 'success' | 'warning' | 'danger' | 'info' | 'muted';

/** Badge text on host and admin pages (SPEC §4, word for word). */
export function bookingBadge(booking: BookingState): string {
  switch (booking.status) {
    case 'confirmed':
      return 'Confirmed';
    case 'pending':
      return hasHostNotes(booking)
        ? 'Pending Customer Approval (Modified)'
        : 'Pending Confirmation from Venue';
    case 'cancelled':
      return 'Cancelled';
    case 'edited':
      return 'Edited';
    default:
      return 'Unknown';
  }
}

/** Badge text on the guest's My Bookings page. */
export function guestBookingBadge(booking: BookingState): string {
  return isAwaitingGuest(booking) ? 'Modified - Action Required' : bookingBadge(booking);
}

export function bookingBadgeTone(booking: BookingState): BadgeTone {
  switch (booking.status) {
    case 'confirmed':
      return 'success';
    case 'pending':
      return hasHostNotes(booking) ? 'warning' : 'info';
    case 'cancelled':
      return 'danger';
    case 'edited':
      return 'info';
    default:
      return 'muted';
  }
}

/** The first 8 characters of an id, as shown in lists and toasts. */
export function shortId(id: string): string {
  return id.slice(0, 8);
}

/** Why a guest count does not fit the venue (min 1, max its capacity), or null when it does. */
export function guestCountProblem(guestCount: number, capacity: number): string | null {
  if (!Number.isInteger(guestCount)) return 'Guest count must be a whole number.';
  if (guestCount < 1) return 'Guest count must be at least 1.';
  if (guestCount > capacity) return `This venue allows up to ${capacity} guests.`;
  return null;
}

type PaymentView = { status: string; payment_intent_id?: string | null };

/** A confirmed booking without a payment yet: the guest is asked to pay or put a card on file. */
export function needsPayment(booking: PaymentView): boolean {
  return booking.status === 'confirmed' && !booking.payment_intent_id;
}

/** Guest's pay button: 'Put Card on File' for minimum spend, else 'Pay Now'. */
export function payButtonLabel(pricingType: PricingType): string {
  return pricingType === 'minimum_spend' ? 'Put Card on File' : 'Pay Now';
}

/** The host's payment line under 'Booking Confirmed' (null unless confirmed). */
export function hostPaymentStatus(booking: PaymentView, pricingType: PricingType): string | null {
  if (booking.status !== 'confirmed') return null;
  if (!booking.payment_intent_id) return 'Waiting for customer payment';
  return pricingType === 'minimum_spend'
    ? 'Card on File - Event Fully Confirmed'
    : 'Payment Completed by Customer';
}
