/**
 * The one idempotent place where a booking becomes paid (hourly) or gets its card on file
 * (minimum spend), whoever learns it first: the local processor's confirmation, Stripe's
 * webhook, or /payment-success asking the provider. Two compare-and-swaps make it happen once
 * however many times and in whatever order it is called, concurrently or not:
 *
 *   1. payments: status → succeeded only where it was not succeeded yet;
 *   2. bookings: payment_intent_id and paid_at set only where paid_at is still null.
 *
 * Only the caller that wins the first swap goes on, so exactly one receipt email is queued, with
 * the receipt PDF as it stands at this payment attached (decision 80). The card-on-file email
 * has none: nothing was charged, so there is no receipt yet.
 * A payment that succeeds for a booking that was cancelled meanwhile (released, expired,
 * cancelled) is refunded in full at once.
 */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { SYSTEM_LINES } from '@/domain/messages';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { bookings, payments, refunds, type Payment } from '../../db/schema';
import type { ProviderPaymentState } from '../../adapters/payments/types';
import { enqueueEmail } from '../../mail/outbox';
import { PAYMENT_TEMPLATES, cardOnFileEmail, paymentReceiptEmail } from '../../mail/payment-emails';
import { postCaptured, postRefunded } from '../ledger/post';
import { appendSystemLine } from '../messages';
import { receiptAttachment } from '../receipts';
import { emailData, findPaymentBooking, guestDashboardUrl } from './shared';

export interface RecordResult {
  payment: Payment | null;
  /** True only for the call that marked it succeeded. */
  recorded: boolean;
}

/** Applies the provider's state of a payment or setup to Velvet's records (inside `tx`). */
export async function recordProviderState(
  ctx: AppContext,
  tx: Tx,
  state: ProviderPaymentState,
): Promise<RecordResult> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, ctx.payments.name), eq(payments.provider_id, state.providerId)));
  if (!payment) return { payment: null, recorded: false };
  if (state.status !== 'succeeded') {
    // Never move a succeeded payment back; otherwise keep the provider's latest word.
    const [updated] = await tx
      .update(payments)
      .set({
        status: state.status,
        failure_code: state.failureCode,
        failure_message: state.failureMessage,
        updated_at: sql`now()`,
      })
      .where(and(eq(payments.id, payment.id), ne(payments.status, 'succeeded')))
      .returning();
    return { payment: updated ?? payment, recorded: false };
  }
  return markSucceeded(ctx, tx, payment, state);
}

async function markSucceeded(
  ctx: AppContext,
  tx: Tx,
  payment: Payment,
  state: ProviderPaymentState,
): Promise<RecordResult> {
  const [won] = await tx
    .update(payments)
    .set({
      status: 'succeeded',
      failure_code: null,
      failure_message: null,
      payment_method_id: state.paymentMethodId ?? payment.payment_method_id,
      customer_id: state.customerId ?? payment.customer_id,
      card_brand: state.card?.brand ?? payment.card_brand,
      card_last4: state.card?.last4 ?? payment.card_last4,
      updated_at: sql`now()`,
    })
    .where(and(eq(payments.id, payment.id), ne(payments.status, 'succeeded')))
    .returning();
  if (!won) {
    const [current] = await tx.select().from(payments).where(eq(payments.id, payment.id));
    return { payment: current ?? payment, recorded: false };
  }
  await postCaptured(tx, won);
  if (won.kind === 'additional_charge') return { payment: won, recorded: true };

  const now = ctx.now();
  const [booking] = await tx
    .update(bookings)
    .set({ payment_intent_id: won.provider_id, paid_at: now, updated_at: sql`now()` })
    .where(and(eq(bookings.id, won.booking_id), isNull(bookings.paid_at), eq(bookings.status, 'confirmed')))
    .returning({ id: bookings.id });
  const row = await findPaymentBooking(tx, won.booking_id);
  if (!row) return { payment: won, recorded: true };
  if (!booking) {
    // The booking was cancelled while the guest paid: give the money back at once.
    if (
      row.booking.status === 'cancelled' &&
      won.kind === 'payment' &&
      won.amount_cents > 0 &&
      won.provider_id
    ) {
      const key = `refund:${won.id}:booking-cancelled`;
      const result = await ctx.payments.refund({
        providerPaymentId: won.provider_id,
        amountCents: won.amount_cents,
        idempotencyKey: key,
      });
      const [issued] = await tx
        .insert(refunds)
        .values({
          payment_id: won.id,
          booking_id: won.booking_id,
          amount_cents: won.amount_cents,
          provider_refund_id: result.providerRefundId,
          status: result.status,
          reason: 'booking_cancelled_before_payment',
          idempotency_key: key,
        })
        .onConflictDoNothing({ target: refunds.idempotency_key })
        .returning();
      if (issued) {
        await postRefunded(tx, issued);
        await appendSystemLine(tx, won.booking_id, SYSTEM_LINES.refunded(issued.amount_cents));
      }
    }
    return { payment: won, recorded: true };
  }
  await appendSystemLine(
    tx,
    won.booking_id,
    won.kind === 'setup' ? SYSTEM_LINES.cardOnFile() : SYSTEM_LINES.paid(won.amount_cents),
  );
  const card = won.card_brand && won.card_last4 ? { brand: won.card_brand, last4: won.card_last4 } : null;
  if (won.kind === 'setup') {
    await enqueueEmail(
      tx,
      PAYMENT_TEMPLATES.cardOnFile,
      row.booking.contact_email,
      cardOnFileEmail(emailData(row), { card }, guestDashboardUrl(ctx)),
    );
    return { payment: won, recorded: true };
  }
  const receipt = await receiptAttachment(tx, row, now);
  await enqueueEmail(
    tx,
    PAYMENT_TEMPLATES.receipt,
    row.booking.contact_email,
    paymentReceiptEmail(
      emailData(row),
      { amountCents: won.amount_cents, paymentId: won.provider_id ?? won.id, card },
      guestDashboardUrl(ctx),
    ),
    { attachments: receipt ? [receipt] : [] },
  );
  return { payment: won, recorded: true };
}
