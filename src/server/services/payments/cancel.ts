/**
 * Cancelling a booking, and the quote the cancel dialog shows first. The guest cancels a
 * pending or confirmed booking, the venue's host a confirmed one, the admin either; never once
 * the booking has started. The refund is `refundFor` of the venue's policy at the server's
 * now — the quote and the cancel compute it the same way — and goes through the provider in
 * the same transaction as the cancellation, which is a compare-and-swap on the booking's
 * status: a refused or failed refund leaves the booking as it was.
 */

import type { CancellationQuote, CancelResponse } from '@/domain/contract/payments';
import type { Encoded } from '@/domain/contract/wire';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { canOnBooking } from '@/domain/access';
import { conflict } from '@/domain/errors';
import { SYSTEM_LINES } from '@/domain/messages';
import { refundFor, refundMessage, type Canceller } from '@/domain/payments';
import type { AppContext, Viewer } from '../../context';
import type { Tx } from '../../db/client';
import { bookings, payments, refunds } from '../../db/schema';
import { bookingsChanged, inTransaction } from '../../db/transaction';
import { enqueueEmail } from '../../mail/outbox';
import { PAYMENT_TEMPLATES, bookingCancelledEmail } from '../../mail/payment-emails';
import { getBooking } from '../bookings';
import { appendSystemLine } from '../messages';
import { releaseToWaitlist } from '../waitlist';
import {
  OPEN_STATUSES,
  bookingForViewer,
  bookingPaymentMoney,
  bookingRef,
  emailData,
  guestDashboardUrl,
  hostEmail,
  manageBookingsUrl,
  viewerRef,
  type PaymentBooking,
} from './shared';

type As = CancellationQuote['as'];

function cancellerOf(viewer: Viewer, row: PaymentBooking): As {
  const v = viewerRef(viewer);
  const ref = bookingRef(row);
  if (canOnBooking(v, ref, 'cancelAsAdmin')) return 'admin';
  if (canOnBooking(v, ref, 'cancelAsHost')) return 'host';
  return 'guest';
}

/** Why this person cannot cancel now, or null. */
function refusal(as: As, row: PaymentBooking, now: Date): string | null {
  const status = row.booking.status;
  if (status === 'cancelled') return 'This booking is already cancelled.';
  if (row.booking.starts_at.getTime() <= now.getTime())
    return 'This booking has already started and cannot be cancelled.';
  if (as === 'host' && status !== 'confirmed') {
    return 'A pending request is answered with Reject; only a confirmed booking can be cancelled by the venue.';
  }
  if (status !== 'pending' && status !== 'confirmed') return 'This booking cannot be cancelled.';
  return null;
}

async function quoteFor(tx: Tx | AppContext['db'], viewer: Viewer, row: PaymentBooking, now: Date) {
  const as = cancellerOf(viewer, row);
  const money = await bookingPaymentMoney(tx, row.booking.id);
  const paid = money.paidCents - money.refundedCents;
  const refund = refundFor(row.venue.cancellation_policy, paid, row.booking.starts_at, now, as);
  const why = refusal(as, row, now);
  const quote: CancellationQuote = {
    can_cancel: why === null,
    as,
    policy: row.venue.cancellation_policy,
    paid_cents: paid,
    refund_cents: why === null ? refund : 0,
    message: why ?? refundMessage(row.venue.cancellation_policy, paid, refund, as),
  };
  return { quote, money };
}

export async function cancellationQuote(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
): Promise<CancellationQuote> {
  const { row } = await bookingForViewer(ctx.db, viewer, id);
  return (await quoteFor(ctx.db, viewer, row, ctx.now())).quote;
}

/** Cancels open intents of a booking at the provider and in Velvet's records. */
export async function cancelOpenPayments(ctx: AppContext, tx: Tx, bookingId: string) {
  const open = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.booking_id, bookingId), inArray(payments.status, [...OPEN_STATUSES])));
  for (const p of open) {
    if (p.provider_id) await ctx.payments.cancel(tx, p.provider_id);
    await tx
      .update(payments)
      .set({ status: 'canceled', updated_at: sql`now()` })
      .where(eq(payments.id, p.id));
  }
}

export type CancelAnswer = Encoded<CancelResponse>;

export async function cancelBooking(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  reason: string | null,
): Promise<CancelAnswer> {
  const refund = await inTransaction(ctx.db, async (tx) => {
    const { row } = await bookingForViewer(tx, viewer, id, { lock: true });
    const now = ctx.now();
    const { quote, money } = await quoteFor(tx, viewer, row, now);
    if (!quote.can_cancel) throw conflict(quote.message, 'CANNOT_CANCEL');
    const by: Canceller = quote.as;

    const [done] = await tx
      .update(bookings)
      .set({
        status: 'cancelled',
        approval_status: 'rejected',
        cancelled_at: now,
        cancelled_by: by,
        cancellation_reason: reason,
        updated_at: sql`now()`,
      })
      .where(and(eq(bookings.id, row.booking.id), eq(bookings.status, row.booking.status)))
      .returning({ id: bookings.id });
    if (!done)
      throw conflict('This booking was changed by someone else. Refresh and try again.', 'BOOKING_CHANGED');
    bookingsChanged(tx, row.booking.venue_id);
    await cancelOpenPayments(ctx, tx, row.booking.id);
    // A confirmed booking held its time: the waitlist hears it is free (a pending one held none).
    if (row.booking.status === 'confirmed')
      await releaseToWaitlist(ctx, tx, row.booking.venue_id, row.booking);

    let refund: CancelAnswer['refund'] = null;
    if (quote.refund_cents > 0 && money.payment?.provider_id) {
      const key = `refund:${row.booking.id}:${money.payment.id}:cancel`;
      const result = await ctx.payments.refund(tx, {
        providerPaymentId: money.payment.provider_id,
        amountCents: quote.refund_cents,
        idempotencyKey: key,
      });
      await tx.insert(refunds).values({
        payment_id: money.payment.id,
        booking_id: row.booking.id,
        amount_cents: quote.refund_cents,
        provider_refund_id: result.providerRefundId,
        status: result.status,
        reason: `cancelled_by_${by}`,
        idempotency_key: key,
      });
      refund = { amount_cents: quote.refund_cents, status: result.status };
    }

    await appendSystemLine(
      tx,
      row.booking.id,
      SYSTEM_LINES.cancelled(by as 'guest' | 'host' | 'admin', reason),
    );
    if (refund) await appendSystemLine(tx, row.booking.id, SYSTEM_LINES.refunded(refund.amount_cents));

    const data = emailData(row);
    const facts = {
      by: by as 'guest' | 'host' | 'admin',
      reason,
      refundCents: quote.refund_cents,
      paidCents: quote.paid_cents,
    };
    await enqueueEmail(
      tx,
      PAYMENT_TEMPLATES.cancelledGuest,
      row.booking.contact_email,
      bookingCancelledEmail(data, { ...facts, forHost: false }, guestDashboardUrl(ctx)),
    );
    const host = await hostEmail(tx, row.venue.host_id);
    if (host) {
      await enqueueEmail(
        tx,
        PAYMENT_TEMPLATES.cancelledHost,
        host,
        bookingCancelledEmail(data, { ...facts, forHost: true }, manageBookingsUrl(ctx, row.venue.id)),
      );
    }
    return refund;
  });
  return { booking: await getBooking(ctx, viewer, id), refund };
}
