/**
 * POST /api/create-payment: the guest starts paying a confirmed booking (hourly: a payment of
 * the booking's server total; minimum spend: a card setup, nothing charged). The booking row
 * is locked while the open intent is looked up or created, and at most one open payment per
 * booking is allowed by a partial unique index, so any number of concurrent calls share one
 * intent; the idempotency key makes a retried transaction get the same intent back.
 */
import type { CreatePaymentResponse } from '@/domain/contract/payments';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { canOnBooking } from '@/domain/access';
import { transferGroupOf } from '@/domain/connect';
import { platformFeeCents } from '@/domain/earnings';
import { conflict, forbidden } from '@/domain/errors';
import type { CreatePaymentInput } from '@/domain/schemas';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import { payments, type Payment } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { OPEN_STATUSES, bookingForViewer, bookingRef, bookingTotalCents, viewerRef } from './shared';

export type CreatedPayment = CreatePaymentResponse;

export const ONLY_GUEST_PAYS = 'Only the guest who made this booking can pay for it.';

export async function createPayment(
  ctx: AppContext,
  viewer: Viewer,
  input: CreatePaymentInput,
): Promise<CreatedPayment> {
  const payment = await inTransaction(ctx.db, async (tx) => {
    const { row } = await bookingForViewer(tx, viewer, input.metadata.booking_id, { lock: true });
    if (!canOnBooking(viewerRef(viewer), bookingRef(row), 'pay')) throw forbidden(ONLY_GUEST_PAYS);
    const isMinimumSpend = row.venue.pricing_type === 'minimum_spend';
    const b = row.booking;
    if (b.status === 'cancelled') throw conflict('This booking was cancelled.', 'BOOKING_CANCELLED');
    if (b.payment_intent_id || b.paid_at) {
      throw conflict(
        isMinimumSpend ? 'A card is already on file for this booking.' : 'This booking is already paid.',
        'ALREADY_PAID',
      );
    }
    if (b.status !== 'confirmed') {
      throw conflict('Only a booking the venue has confirmed can be paid.', 'NOT_CONFIRMED');
    }
    const kind = isMinimumSpend ? 'setup' : 'payment';
    const amountCents = isMinimumSpend ? 0 : bookingTotalCents(row);

    const [open] = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.booking_id, b.id),
          inArray(payments.kind, ['payment', 'setup']),
          inArray(payments.status, [...OPEN_STATUSES]),
        ),
      );
    if (open && open.kind === kind && open.amount_cents === amountCents && open.client_secret) return open;
    if (open) {
      // The booking changed (total or pricing) since: the old intent must not be paid.
      if (open.provider_id) await ctx.payments.cancel(open.provider_id);
      await tx
        .update(payments)
        .set({ status: 'canceled', updated_at: sql`now()` })
        .where(eq(payments.id, open.id));
    }

    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(payments)
      .where(and(eq(payments.booking_id, b.id), eq(payments.kind, kind)));
    const idempotencyKey = `booking:${b.id}:${kind}:${n + 1}`;
    const metadata = {
      booking_id: b.id,
      venue_id: row.venue.id,
      user_id: b.user_id,
      pricing_type: row.venue.pricing_type,
      kind,
    };
    const intent = isMinimumSpend
      ? await ctx.payments.collectCard({ idempotencyKey, metadata, email: b.contact_email })
      : await ctx.payments.createPayment({
          amountCents,
          idempotencyKey,
          metadata,
          email: b.contact_email,
          // Stripe Connect (decision 88): the host's share goes by transfer after the hold window.
          ...(ctx.payments.connect
            ? {
                transferGroup: transferGroupOf(b.id),
                applicationFeeCents: platformFeeCents(amountCents, b.platform_fee_bps),
              }
            : {}),
        });
    const [created] = await tx
      .insert(payments)
      .values({
        booking_id: b.id,
        kind,
        provider: ctx.payments.name,
        provider_id: intent.providerId,
        customer_id: intent.customerId ?? null,
        amount_cents: amountCents,
        status: intent.status === 'succeeded' ? 'processing' : intent.status,
        client_secret: intent.clientSecret,
        idempotency_key: idempotencyKey,
      })
      .returning();
    return created as Payment;
  });
  return {
    clientSecret: payment.client_secret!,
    isMinimumSpend: payment.kind === 'setup',
    provider: ctx.payments.name,
    paymentId: payment.provider_id!,
    amountCents: payment.amount_cents,
    ...(ctx.payments.publishableKey ? { publishableKey: ctx.payments.publishableKey } : {}),
  };
}
