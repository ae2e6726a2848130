/**
 * GET /api/payments/result: what /payment-success shows, for the booking named by booking_id or
 * else by the intent that paid for it. Only the booking's guest may ask (anyone else, and an
 * intent that names none of the viewer's bookings: 404 'Booking not found'). The query string's
 * payment_intent only names the booking, it is never evidence of a payment: the server answers
 * from its own record, and when it has not decided yet it asks the provider and records the
 * answer (idempotently, so a closed tab, the webhook and this page in any order mark the booking
 * paid once).
 */
import type { PaymentResult, PaymentResultState } from '@/domain/contract/payments';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { notFound } from '@/domain/errors';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import { bookings, payments } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { recordProviderState } from './record-paid';
import { BOOKING_NOT_FOUND, findPaymentBooking } from './shared';

/** The booking the page asks about: by its id, or else by the provider's intent id (SPEC §2). */
export type PaymentResultTarget = { bookingId: string } | { paymentIntent: string };

/**
 * The viewer's own booking paid (or being paid) by this intent. Intents live in
 * payments.provider_id — every attempt, decided or not — while bookings.payment_intent_id holds
 * only the one that decided it, so the payments table is the one place looked in. Someone else's
 * intent reads as no intent at all.
 */
async function ownBookingIdForIntent(
  ctx: AppContext,
  viewer: Viewer,
  intentId: string,
): Promise<string | undefined> {
  const [hit] = await ctx.db
    .select({ booking_id: payments.booking_id })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.booking_id))
    .where(
      and(
        eq(payments.provider_id, intentId),
        inArray(payments.kind, ['payment', 'setup']),
        eq(bookings.user_id, viewer.profile.id),
      ),
    )
    .limit(1);
  return hit?.booking_id;
}

export async function paymentResult(
  ctx: AppContext,
  viewer: Viewer,
  target: PaymentResultTarget,
): Promise<PaymentResult> {
  const bookingId =
    'bookingId' in target ? target.bookingId : await ownBookingIdForIntent(ctx, viewer, target.paymentIntent);
  if (!bookingId) throw notFound(BOOKING_NOT_FOUND);
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
