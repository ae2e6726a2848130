/**
 * GET /api/admin/disputes: every dispute, open first (decision 82). GET /api/charges: the
 * viewer's additional charges as a guest, each with its dispute and whether it can be disputed.
 */
import type { GuestCharge } from '@/domain/contract/payments';
import type { Encoded } from '@/domain/contract/wire';
import { canDispute, disputeUntil } from '@/domain/charges';
import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import { bookings, chargeDisputes, payments, venues } from '../../db/schema';
import { DISPUTE_ORDER, disputeItem, selectDisputes, type DisputeItem } from './disputes-shared';

export async function listDisputes(ctx: AppContext): Promise<{ items: DisputeItem[] }> {
  const rows = await selectDisputes(ctx.db)
    .orderBy(...DISPUTE_ORDER)
    .limit(500);
  return { items: rows.map(disputeItem) };
}

export async function listGuestCharges(
  ctx: AppContext,
  viewer: Viewer,
): Promise<{ items: Encoded<GuestCharge>[] }> {
  const rows = await ctx.db
    .select({ charge: payments, venue_name: venues.name, dispute: chargeDisputes })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.booking_id))
    .innerJoin(venues, eq(venues.id, bookings.venue_id))
    .leftJoin(chargeDisputes, eq(chargeDisputes.payment_id, payments.id))
    .where(
      and(
        eq(bookings.user_id, viewer.profile.id),
        eq(payments.kind, 'additional_charge'),
        eq(payments.status, 'succeeded'),
      ),
    )
    .orderBy(desc(payments.created_at), desc(payments.id))
    .limit(500);
  const now = ctx.now();
  return {
    items: rows.map(({ charge: c, venue_name, dispute: d }) => ({
      id: c.id,
      booking_id: c.booking_id,
      venue_name,
      amount_cents: c.amount_cents,
      reason: c.reason,
      description: c.description,
      created_at: c.created_at,
      dispute_until: disputeUntil(c.created_at),
      can_dispute: canDispute(c, d, now),
      dispute: d ? { id: d.id, status: d.status, reason: d.reason, admin_note: d.admin_note } : null,
    })),
  };
}
