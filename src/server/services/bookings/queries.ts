/** Reading bookings: one booking, and the lists of each role (SPEC §2 dashboards). */
import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import { bookings } from '../../db/schema';
import { venueFor } from '../venues/access';
import { withPaymentFields, type PaymentFields } from '../payments/summary';
import { readableBooking, selectBookings, toView, withGuestFor, type BookingView } from './shared';

/** A booking as the reads show it: with its payment state, money and card (decision record 13). */
export type PaidBookingView = BookingView & PaymentFields;

export async function getBooking(ctx: AppContext, viewer: Viewer, id: string): Promise<PaidBookingView> {
  const { row } = await readableBooking(ctx.db, viewer, id);
  const [view] = await withPaymentFields(ctx, [toView(row, withGuestFor(viewer, row))]);
  return view!;
}

/** The guest's own bookings, newest first. */
export async function listGuestBookings(ctx: AppContext, viewer: Viewer): Promise<PaidBookingView[]> {
  const rows = await selectBookings(ctx.db)
    .where(eq(bookings.user_id, viewer.profile.id))
    .orderBy(desc(bookings.created_at), desc(bookings.id));
  return withPaymentFields(
    ctx,
    rows.map((r) => toView(r, false)),
  );
}

/** Bookings of one venue (its owner or the admin), last changed first. */
export async function listVenueBookings(
  ctx: AppContext,
  viewer: Viewer,
  venueId: string,
): Promise<PaidBookingView[]> {
  const venue = await venueFor(ctx.db, viewer, venueId, 'readBookings');
  const rows = await selectBookings(ctx.db)
    .where(eq(bookings.venue_id, venue.id))
    .orderBy(desc(bookings.updated_at), desc(bookings.id));
  return withPaymentFields(
    ctx,
    rows.map((r) => toView(r, true)),
  );
}
