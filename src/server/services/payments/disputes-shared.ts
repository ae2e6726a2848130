/** What the dispute use cases share (decision 82): a dispute with its charge, booking, venue and guest. */
import type { ChargeDisputeItem } from '@/domain/contract/payments';
import type { Encoded } from '@/domain/contract/wire';
import { pageHref } from '@/domain/pages';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { bookings, chargeDisputes, payments, profiles, venues } from '../../db/schema';
import type { DisputeEmailData } from '../../mail/dispute-emails';
import { appUrl } from './shared';

export type DisputeItem = Encoded<ChargeDisputeItem>;

export function selectDisputes(db: DbOrTx) {
  return db
    .select({
      id: chargeDisputes.id,
      payment_id: chargeDisputes.payment_id,
      booking_id: chargeDisputes.booking_id,
      reason: chargeDisputes.reason,
      status: chargeDisputes.status,
      admin_note: chargeDisputes.admin_note,
      decided_at: chargeDisputes.decided_at,
      created_at: chargeDisputes.created_at,
      amount_cents: payments.amount_cents,
      charge_reason: payments.reason,
      charge_description: payments.description,
      charged_at: payments.created_at,
      venue_name: venues.name,
      guest_name: profiles.full_name,
      guest_email: profiles.email,
      // not in the answer: what the use cases need
      provider_id: payments.provider_id,
      charge_status: payments.status,
      venue_id: venues.id,
      host_id: venues.host_id,
    })
    .from(chargeDisputes)
    .innerJoin(payments, eq(payments.id, chargeDisputes.payment_id))
    .innerJoin(bookings, eq(bookings.id, chargeDisputes.booking_id))
    .innerJoin(venues, eq(venues.id, bookings.venue_id))
    .innerJoin(profiles, eq(profiles.id, bookings.user_id));
}
export type DisputeRow = Awaited<ReturnType<typeof selectDisputes>>[number];

export const disputeItem = (r: DisputeRow): DisputeItem => ({
  id: r.id,
  payment_id: r.payment_id,
  booking_id: r.booking_id,
  reason: r.reason,
  status: r.status,
  admin_note: r.admin_note,
  decided_at: r.decided_at?.toISOString() ?? null,
  created_at: r.created_at.toISOString(),
  amount_cents: r.amount_cents,
  charge_reason: r.charge_reason,
  charge_description: r.charge_description,
  charged_at: r.charged_at.toISOString(),
  venue_name: r.venue_name,
  guest_name: r.guest_name,
  guest_email: r.guest_email,
});

export const disputeEmailData = (r: DisputeRow): DisputeEmailData => ({
  venueName: r.venue_name,
  bookingId: r.booking_id,
  amountCents: r.amount_cents,
  description: r.charge_description,
  guestName: r.guest_name,
  reason: r.reason,
});

export const disputesAdminUrl = (ctx: AppContext) =>
  appUrl(ctx, `${pageHref('/admin-dashboard')}?tab=transactions`);

/** Open disputes first (oldest first), then the decided ones (latest decision first). */
export const DISPUTE_ORDER = [
  sql`case when ${chargeDisputes.status} = 'open' then 0 else 1 end`,
  sql`case when ${chargeDisputes.status} = 'open' then ${chargeDisputes.created_at} end asc`,
  sql`${chargeDisputes.decided_at} desc nulls last`,
  sql`${chargeDisputes.id}`,
];
