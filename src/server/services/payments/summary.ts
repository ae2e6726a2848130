/**
 * The payment fields every booking view carries (My Bookings, host lists, venue bookings,
 * booking detail): payment_status, paid_cents, refunded_cents and the card on file. Read for a
 * whole list in two grouped queries.
 */
import { inArray, sql } from 'drizzle-orm';
import { chargeCapCents, chargeWindowEndsAt } from '@/domain/charges';
import { paymentStateOf, toCents, type PaymentState } from '@/domain/payments';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { payments, refunds } from '../../db/schema';

export interface PaymentFields {
  payment_status: PaymentState;
  /** Money received: the booking payment and additional charges that succeeded. */
  paid_cents: number;
  refunded_cents: number;
  card: { brand: string; last4: string } | null;
  /** Minimum spend: the last instant an additional charge may be made (its end + ADDITIONAL_CHARGE_DAYS). */
  additional_charge_until: Date | null;
  /** Minimum spend: what additional charges may still add up to under ADDITIONAL_CHARGE_MAX_PERCENT. */
  additional_charge_left_cents: number;
}

interface Viewable {
  id: string;
  payment_intent_id: string | null;
  ends_at: Date;
  total_price: number;
  venue: { pricing_type: 'hourly_rate' | 'minimum_spend' };
}

export async function withPaymentFields<T extends Viewable>(
  ctx: { db: DbOrTx; config: Pick<Config, 'ADDITIONAL_CHARGE_DAYS' | 'ADDITIONAL_CHARGE_MAX_PERCENT'> },
  views: T[],
): Promise<Array<T & PaymentFields>> {
  if (views.length === 0) return [];
  const { db, config } = ctx;
  const ids = views.map((v) => v.id);
  const paid = await db
    .select({
      booking_id: payments.booking_id,
      paid: sql<number>`coalesce(sum(${payments.amount_cents}) filter (where ${payments.status} = 'succeeded' and ${payments.kind} <> 'setup'), 0)`.mapWith(
        Number,
      ),
      processing: sql<boolean>`bool_or(${payments.status} = 'processing' and ${payments.kind} <> 'additional_charge')`,
      brand: sql<
        string | null
      >`(array_agg(${payments.card_brand} order by ${payments.created_at} desc) filter (where ${payments.status} = 'succeeded' and ${payments.kind} <> 'additional_charge'))[1]`,
      last4: sql<
        string | null
      >`(array_agg(${payments.card_last4} order by ${payments.created_at} desc) filter (where ${payments.status} = 'succeeded' and ${payments.kind} <> 'additional_charge'))[1]`,
      charged:
        sql<number>`coalesce(sum(${payments.amount_cents}) filter (where ${payments.kind} = 'additional_charge' and ${payments.status} in ('succeeded', 'processing')), 0)`.mapWith(
          Number,
        ),
    })
    .from(payments)
    .where(inArray(payments.booking_id, ids))
    .groupBy(payments.booking_id);
  const refunded = await db
    .select({
      booking_id: refunds.booking_id,
      n: sql<number>`coalesce(sum(${refunds.amount_cents}), 0)`.mapWith(Number),
    })
    .from(refunds)
    .where(inArray(refunds.booking_id, ids))
    .groupBy(refunds.booking_id);
  const paidBy = new Map(paid.map((p) => [p.booking_id, p]));
  const refundedBy = new Map(refunded.map((r) => [r.booking_id, r.n]));
  return views.map((v) => {
    const p = paidBy.get(v.id);
    const paid_cents = p?.paid ?? 0;
    const refunded_cents = refundedBy.get(v.id) ?? 0;
    return {
      ...v,
      payment_status: paymentStateOf({
        pricing_type: v.venue.pricing_type,
        payment_intent_id: v.payment_intent_id,
        paid_cents,
        refunded_cents,
        processing: Boolean(p?.processing),
      }),
      paid_cents,
      refunded_cents,
      card: p?.brand && p.last4 ? { brand: p.brand, last4: p.last4 } : null,
      ...(v.venue.pricing_type === 'minimum_spend'
        ? {
            additional_charge_until: chargeWindowEndsAt(v.ends_at, config.ADDITIONAL_CHARGE_DAYS),
            additional_charge_left_cents: Math.max(
              0,
              chargeCapCents(toCents(v.total_price), config.ADDITIONAL_CHARGE_MAX_PERCENT) -
                (p?.charged ?? 0),
            ),
          }
        : { additional_charge_until: null, additional_charge_left_cents: 0 }),
    };
  });
}

/** A guest's 'Total Spent': succeeded payments and additional charges minus refunds, in cents. */
export async function guestSpentCents(db: DbOrTx, profileId: string): Promise<number> {
  const res = await db.execute(sql`
    select
      coalesce((select sum(p.amount_cents) from payments p join bookings b on b.id = p.booking_id
                where b.user_id = ${profileId} and p.status = 'succeeded' and p.kind <> 'setup'), 0)
      - coalesce((select sum(r.amount_cents) from refunds r join bookings b on b.id = r.booking_id
                  where b.user_id = ${profileId} and r.status in ('pending', 'succeeded')), 0) as n`);
  return Number((res as unknown as { rows: Array<{ n: string | number }> }).rows[0]?.n ?? 0);
}
