/**
 * What the payment use cases share: the booking they act on (with its venue, guest and host,
 * optionally locked), the booking's money so far, email data and links.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { bookingRelation, type BookingRelation } from '@/domain/access';
import { notFound } from '@/domain/errors';
import { toCents } from '@/domain/payments';
import type { Viewer } from '../../viewer';
import type { DbOrTx } from '../../db/client';
import { bookings, payments, profiles, refunds, venues, type Payment } from '../../db/schema';

export const BOOKING_NOT_FOUND = 'Booking not found';
export const OPEN_STATUSES = ['requires_payment_method', 'requires_action', 'processing'] as const;

function selectPaymentBooking(db: DbOrTx) {
  return db
    .select({
      booking: bookings,
      venue: {
        id: venues.id,
        name: venues.name,
        pricing_type: venues.pricing_type,
        address: venues.address,
        city: venues.city,
        time_zone: venues.time_zone,
        cancellation_policy: venues.cancellation_policy,
        host_id: venues.host_id,
      },
      guest: { id: profiles.id, email: profiles.email, full_name: profiles.full_name },
    })
    .from(bookings)
    .innerJoin(venues, eq(venues.id, bookings.venue_id))
    .innerJoin(profiles, eq(profiles.id, bookings.user_id));
}

export type PaymentBooking = Awaited<ReturnType<typeof selectPaymentBooking>>[number];

/** The booking with its venue and guest; `lock` takes the booking row FOR UPDATE. */
export async function findPaymentBooking(
  db: DbOrTx,
  id: string,
  opts: { lock?: boolean } = {},
): Promise<PaymentBooking | undefined> {
  const q = selectPaymentBooking(db).where(eq(bookings.id, id));
  const [row] = opts.lock ? await q.for('update', { of: bookings }) : await q;
  return row;
}

/** The booking and how the viewer relates to it; 404 'Booking not found' when they may not see it. */
export async function bookingForViewer(
  db: DbOrTx,
  viewer: Viewer,
  id: string,
  opts: { lock?: boolean } = {},
) {
  const row = await findPaymentBooking(db, id, opts);
  const relation: BookingRelation | null = row
    ? bookingRelation(
        { profileId: viewer.profile.id, role: viewer.profile.role },
        { user_id: row.booking.user_id, host_id: row.venue.host_id },
      )
    : null;
  if (!row || !relation) throw notFound(BOOKING_NOT_FOUND);
  return { row, relation };
}

export const viewerRef = (viewer: Viewer) => ({ profileId: viewer.profile.id, role: viewer.profile.role });
export const bookingRef = (row: PaymentBooking) => ({
  user_id: row.booking.user_id,
  host_id: row.venue.host_id,
});

/** The booking's server total in cents (the one conversion of the dollar column). */
export const bookingTotalCents = (row: PaymentBooking) => toCents(row.booking.total_price);

/** The succeeded booking payment (hourly) or card setup (minimum spend), if any. */
export async function succeededPrimary(db: DbOrTx, bookingId: string): Promise<Payment | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.booking_id, bookingId),
        inArray(payments.kind, ['payment', 'setup']),
        eq(payments.status, 'succeeded'),
      ),
    )
    .limit(1);
  return row;
}

/** The booking payment's money: what was paid (kind 'payment') and what was refunded of it. */
export async function bookingPaymentMoney(db: DbOrTx, bookingId: string) {
  const primary = await succeededPrimary(db, bookingId);
  if (!primary || primary.kind !== 'payment')
    return { payment: primary ?? null, paidCents: 0, refundedCents: 0 };
  const [r] = await db
    .select({ n: sql<number>`coalesce(sum(${refunds.amount_cents}), 0)`.mapWith(Number) })
    .from(refunds)
    .where(and(eq(refunds.payment_id, primary.id), inArray(refunds.status, ['pending', 'succeeded'])));
  return { payment: primary, paidCents: primary.amount_cents, refundedCents: r?.n ?? 0 };
}

// The booking emails' data and links are the bookings service's: one definition.
export { appUrl, emailData, guestDashboardUrl, manageBookingsUrl } from '../bookings/shared';

/** The host's email address (for cancellation and expiry emails). */
export async function hostEmail(db: DbOrTx, hostId: string): Promise<string | null> {
  const [host] = await db.select({ email: profiles.email }).from(profiles).where(eq(profiles.id, hostId));
  return host?.email.trim() ? host.email : null;
}
