/**
 * The booking lifecycle's machinery (SPEC §4): every status change is a compare-and-swap on the
 * row as it was read, refused with the state machine's message; confirmations of one venue take
 * turns; and who may act on a booking for the venue or as its guest.
 */
import { eq, sql } from 'drizzle-orm';
import { canOnBooking } from '@/domain/access';
import {
  BOOKING_MESSAGES,
  bookingTransition,
  nextStatus,
  type BookingAction,
  type BookingActor,
  type Transition,
} from '@/domain/booking';
import { conflict, forbidden, notFound } from '@/domain/errors';
import { paymentDueAtFor } from '@/domain/payments';
import { viewerRef, type Viewer } from '../../viewer';
import type { Tx } from '../../db/client';
import { bookings, type Booking } from '../../db/schema';
import { applyTransition, type TransitionChanges } from './transition';
import {
  BOOKING_CHANGED,
  BOOKING_NOT_FOUND,
  bookingRef,
  readableBooking,
  selectBookings,
  type BookingRow,
} from './shared';

/**
 * Confirmations of one venue take turns (a transaction-scoped advisory lock), so concurrent
 * confirmations meet the exclusion constraint one after the other and the losers get a clean
 * 23P01 instead of a deadlock. The constraint itself stays the rule. A change of the venue's
 * time zone (which moves the instants of its bookings) takes the same turn.
 */
export async function lockVenueConfirmations(tx: Tx, venueId: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`velvet.booking-confirm.${venueId}`}, 0))`,
  );
}

type BookingChanges = Omit<TransitionChanges, 'status'>;

/** A booking becoming confirmed: when, and (hourly) the deadline to pay before it is released. */
export function confirmation(
  now: Date,
  row: { booking: { starts_at: Date }; venue: { pricing_type: string } },
  startsAt: Date = row.booking.starts_at,
): BookingChanges {
  return {
    confirmed_at: now,
    payment_due_at: row.venue.pricing_type === 'hourly_rate' ? paymentDueAtFor(now, startsAt) : null,
  };
}

/**
 * Compare-and-swap through applyTransition: writes the transition and `changes` only if the
 * booking is still as it was read (same status and same updated_at). Otherwise answers 409 with
 * why it cannot be done now (the state machine's message) or that someone else changed it.
 */
export async function transitionIfUnchanged(
  tx: Tx,
  row: BookingRow,
  transition: Transition,
  changes: BookingChanges,
  recheck?: (fresh: Booking) => string | null,
): Promise<BookingRow> {
  const changed = await applyTransition(
    tx,
    row.booking,
    transition,
    changes,
    sql`${bookings.updated_at} = ${row.version}::timestamptz`,
  );
  if (!changed) {
    const [fresh] = await tx.select().from(bookings).where(eq(bookings.id, row.booking.id));
    if (!fresh) throw notFound(BOOKING_NOT_FOUND);
    throw conflict(recheck?.(fresh) ?? BOOKING_CHANGED, 'BOOKING_CHANGED');
  }
  const [after] = await selectBookings(tx).where(eq(bookings.id, row.booking.id));
  return after!;
}

/**
 * Whether the booking is still the version the caller's page showed: its updated_at as JSON
 * carried it (to the millisecond). transitionIfUnchanged then checks the row was not changed since it was
 * read, to the microsecond, so together they are one compare-and-swap on what the caller saw.
 */
export const isSeenVersion = (booking: Pick<Booking, 'updated_at'>, seen: Date) =>
  booking.updated_at.getTime() === seen.getTime();

/** The domain's transition for this action, or 409 with its refusal. */
export function transitionOrRefuse(
  booking: { status: string; host_notes?: string | null },
  actor: BookingActor,
  action: BookingAction,
): Transition {
  const result = bookingTransition(booking, actor, action);
  if (!result.ok) throw conflict(result.message, 'INVALID_TRANSITION');
  return result;
}

export const refusal = (actor: BookingActor, action: BookingAction) => (fresh: Booking) => {
  const result = nextStatus(fresh, actor, action);
  return result.ok ? null : result.message;
};

/**
 * Loads a booking for a venue-side action ('decide': the host or the admin; 'edit': the host
 * only). The guest gets 403 (they may see the booking), anyone else 404.
 */
export async function forVenueAction(tx: Tx, viewer: Viewer, id: string, action: 'decide' | 'edit') {
  const { row, relation } = await readableBooking(tx, viewer, id);
  if (!canOnBooking(viewerRef(viewer), bookingRef(row), action)) {
    if (relation === 'guest') throw forbidden(BOOKING_MESSAGES.venueOnly);
    throw forbidden(
      "Only the venue's host can send changes to the guest. Use the admin booking editor instead.",
    );
  }
  const actor: BookingActor = relation === 'admin' ? 'admin' : 'host';
  return { row, actor };
}

/** Loads a booking for the guest's answer to changes (host and admin: 403, others: 404). */
export async function forGuestAction(tx: Tx, viewer: Viewer, id: string) {
  const { row } = await readableBooking(tx, viewer, id);
  if (!canOnBooking(viewerRef(viewer), bookingRef(row), 'answerChanges')) {
    throw forbidden(BOOKING_MESSAGES.guestOnly);
  }
  return row;
}
