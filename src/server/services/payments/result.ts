/**
 * GET /api/payments/result: what /payment-success shows. Only the booking's guest may ask
 * (anyone else: 404 'Booking not found'). The query string's payment_intent is never evidence:
 * the server answers from its own record, and when it has not decided yet it asks the provider
 * and records the answer (idempotently, so a closed tab, the webhook and this page in any
 * order mark the booking paid once).
 */
import type { PaymentResult, PaymentResultState } from '@/domain/contract/payments';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { notFound } from '@/domain/errors';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import { payments } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { recordProviderState } from './record-paid';
import { BOOKING_NOT_FOUND, findPaymentBooking } from './shared';

export async function paymentResult(
  ctx: AppContext,
  viewer: Viewer,
  bookingId: string,
): Promise<PaymentResult> {
  let row = await findPaymentBooking(ctx.db, bookingId);
  if (!row || row.booking.user_id !== viewer.profile.id) throw notFound(BOOKING_NOT_FOUND);

  /** The payment that decided the booking, else the newest attempt. */
  const latest = async () => {
    const rows = await ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.booking_id, bookingId), inArray(payments.kind, ['payment', 'setup'])))
      .orderBy(desc(payments.created_at));
    return rows.find((p) => p.status === 'succeeded') ?? rows[0];
  };

  let payment = await latest();
  if (!row.booking.payment_intent_id && payment?.provider_id && payment.status !== 'canceled') {
    // Not decided yet (or the webhook has not arrived): ask the provider.
    const state = await ctx.payments.retrieve(payment.provider_id);
    if (state) {
      await inTransaction(ctx.db, (tx) => recordProviderState(ctx, tx, state));
      row = (await findPaymentBooking(ctx.db, bookingId))!;
      payment = await latest();
    }
  }

  const isMinimumSpend = row.venue.pricing_type === 'minimum_spend';
  let state: PaymentResultState;
  if (row.booking.payment_intent_id) state = isMinimumSpend ? 'card_on_file' : 'paid';
  else if (payment?.status === 'processing') state = 'processing';
  else if (payment?.failure_code || payment?.status === 'failed') state = 'failed';
  else state = 'unpaid';

  const b = row.booking;
  return {
    state,
    booking: {
      id: b.id,
      venue: { id: row.venue.id, name: row.venue.name, pricing_type: row.venue.pricing_type },
      date: b.date,
      start_time: b.start_time,
      end_time: b.end_time,
      guest_count: b.guest_count,
      total_price: b.total_price,
      status: b.status,
    },
    amount_cents: state === 'paid' ? (payment?.amount_cents ?? 0) : 0,
    payment_id: b.payment_intent_id ?? payment?.provider_id ?? null,
    ...(state === 'failed'
      ? { failure: { code: payment?.failure_code ?? null, message: payment?.failure_message ?? null } }
      : {}),
  };
}
