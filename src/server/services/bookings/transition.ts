/**
 * The one compare-and-swap every booking transition goes through: it writes the transition's
 * status and cancelled_by (from the domain's definition, decision record 81)
 * with the caller's other changes, only if the row is still in the state it was read in.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { BookingStatus, Transition } from '@/domain/booking';
import type { Tx } from '../../db/client';
import { bookings } from '../../db/schema';

export type TransitionChanges = Partial<
  Omit<typeof bookings.$inferInsert, 'id' | 'status' | 'cancelled_by' | 'updated_at'>
>;

/**
 * `update bookings set … where id = ? and status = <transition.from> [and guard]`; returns
 * whether the row changed (the caller refuses with the domain's message, or skips, when not).
 * `guard` narrows the swap further (the version the caller read, an unpaid booking…).
 */
export async function applyTransition(
  tx: Tx,
  booking: { id: string; venue_id: string },
  transition: Transition,
  changes: TransitionChanges = {},
  guard?: SQL,
): Promise<boolean> {
  const [updated] = await tx
    .update(bookings)
    .set({
      ...changes,
      status: transition.status,
      ...(transition.cancelled_by ? { cancelled_by: transition.cancelled_by } : {}),
      updated_at: sql`now()`,
    })
    .where(and(eq(bookings.id, booking.id), eq(bookings.status, transition.from as BookingStatus), guard))
    .returning({ id: bookings.id });
  if (!updated) return false;
  return true;
}
