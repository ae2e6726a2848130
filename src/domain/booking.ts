/**
 * The booking state machine (SPEC §4), status badges and small booking display rules.
 */
import type { PricingType } from './pricing';

export const BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled', 'edited'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_ACTORS = ['guest', 'host', 'admin'] as const;
export type BookingActor = (typeof BOOKING_ACTORS)[number];

export const BOOKING_ACTIONS = ['approve', 'reject', 'edit', 'approve_changes', 'reject_changes'] as const;
export type BookingAction = (typeof BOOKING_ACTIONS)[number];

export function isBookingStatus(value: unknown): value is BookingStatus {
  return typeof value === 'string' && (BOOKING_STATUSES as readonly string[]).includes(value);
}

/** `status` is a string, not BookingStatus: rows may hold values this code does not know. */
export type BookingState = { status: string; host_notes?: string | null };

export type TransitionResult = { ok: true; status: BookingStatus } | { ok: false; message: string };

export const BOOKING_MESSAGES = {
  cancelled: 'This booking is cancelled and can no longer be changed.',
  confirmed: 'This booking is already confirmed and can no longer be changed.',
  notPending: 'This booking can only be changed while it is pending.',
  venueOnly: 'Only the venue can approve, reject or edit a booking.',
  guestOnly: 'Only the guest can respond to changes.',
  notesRequired: 'Please add a note for the guest explaining the changes.',
  awaitingGuest: 'The guest must approve the changes before the booking can be confirmed.',
  noChanges: 'There are no changes to respond to.',
  unknownAction: 'Unknown action',
} as const;

/** Host notes that are not blank after trimming mark a booking the venue modified. */
export function hasHostNotes(booking: { host_notes?: string | null }): boolean {
  return (booking.host_notes ?? '').trim().length > 0;
}

/** Pending with host notes: the venue changed the booking and waits for the guest. */
export function isAwaitingGuest(booking: BookingState): boolean {
  return booking.status === 'pending' && hasHostNotes(booking);
}

const VENUE_ACTIONS: Partial<Record<BookingAction, BookingStatus>> = {
  approve: 'confirmed',
  reject: 'cancelled',
  edit: 'pending',
};

const GUEST_ACTIONS: Partial<Record<BookingAction, BookingStatus>> = {
  approve_changes: 'confirmed',
  reject_changes: 'cancelled',
};

function refused(message: string): TransitionResult {
  return { ok: false, message };
}

/** The rules except the notes an edit must carry (used to list which actions to offer). */
function transition(booking: BookingState, actor: BookingActor, action: BookingAction): TransitionResult {
  if (booking.status === 'cancelled') return refused(BOOKING_MESSAGES.cancelled);
  if (booking.status === 'confirmed') return refused(BOOKING_MESSAGES.confirmed);
  if (booking.status !== 'pending') return refused(BOOKING_MESSAGES.notPending);

  const venueTarget = VENUE_ACTIONS[action];
  if (venueTarget) {
    if (actor === 'guest') return refused(BOOKING_MESSAGES.venueOnly);
    if (action === 'approve' && hasHostNotes(booking)) return refused(BOOKING_MESSAGES.awaitingGuest);
    return { ok: true, status: venueTarget };
  }
  const guestTarget = GUEST_ACTIONS[action];
  if (guestTarget) {
    if (actor !== 'guest') return refused(BOOKING_MESSAGES.guestOnly);
    if (!hasHostNotes(booking)) return refused(BOOKING_MESSAGES.noChanges);
    return { ok: true, status: guestTarget };
  }
  return refused(BOOKING_MESSAGES.unknownAction);
}

/**
 * The status a booking moves to when `actor` takes `action` (SPEC §4), or why it may not.
 *
 * - host or admin, pending booking: approve → confirmed, reject → cancelled,
 *   edit → pending. For 'edit' pass the notes the host is sending as host_notes; they must
 *   not be blank. A booking the venue already modified cannot be approved by the venue:
 *   the guest answers the changes (a venue may still reject or edit it again).
 * - guest, pending booking with host notes: approve_changes → confirmed,
 *   reject_changes → cancelled.
 * - anything else is refused with a message fit for the API's error body.
 */
export function nextStatus(
  booking: BookingState,
  actor: BookingActor,
  action: BookingAction,
): TransitionResult {
  const result = transition(booking, actor, action);
  if (result.ok && action === 'edit' && !hasHostNotes(booking))
    return refused(BOOKING_MESSAGES.notesRequired);
  return result;
}

/** The actions to offer `actor` on a booking (edit is offered; its notes are asked for then). */
export function availableActions(booking: BookingState, actor: BookingActor): BookingAction[] {
  return BOOKING_ACTIONS.filter((action) => transition(booking, actor, action).ok);
}

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
