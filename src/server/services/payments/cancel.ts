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
import { bookingTransition } from '@/domain/booking';
import { conflict } from '@/domain/errors';
import { SYSTEM_LINES } from '@/domain/messages';
import { formatCents, refundFor, refundMessage, type Canceller } from '@/domain/payments';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import type { Tx } from '../../db/client';
import { payments, refunds } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { enqueueEmail } from '../../mail/outbox';
import { PAYMENT_TEMPLATES, bookingCancelledEmail } from '../../mail/payment-emails';
import { getBooking } from '../bookings';
import { applyTransition } from '../bookings/transition';
import { postRefunded } from '../ledger/post';
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
import { recordAudit } from '../audit/record';

type As = CancellationQuote['as'];

function cancellerOf(viewer: Viewer, row: PaymentBooking): As {
  const v = viewerRef(viewer);
  const ref = bookingRef(row);
  if (canOnBooking(v, ref, 'cancelAsAdmin')) return 'admin';
  if (canOnBooking(v, ref, 'cancelAsHost')) return 'host';
  return 'guest';
}

async function quoteFor(tx: Tx | AppContext['db'], viewer: Viewer, row: PaymentBooking, now: Date) {
  const as = cancellerOf(viewer, row);
  const money = await bookingPaymentMoney(tx, row.booking.id);
  const paid = money.paidCents - money.refundedCents;
  const refund = refundFor(row.venue.cancellation_policy, paid, row.booking.starts_at, now, as);
  const transition = bookingTransition(row.booking, as, 'cancel', now);
  const why = transition.ok ? null : transition.message;
  const quote: CancellationQuote = {
    can_cancel: why === null,
    as,
    policy: row.venue.cancellation_policy,
    paid_cents: paid,
    refund_cents: why === null ? refund : 0,
    message: why ?? refundMessage(row.venue.cancellation_policy, paid, refund, as),
  };
  return { quote, money, transition };
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
    if (p.provider_id) await ctx.payments.cancel(p.provider_id);
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
    const { quote, money, transition } = await quoteFor(tx, viewer, row, now);
    if (!transition.ok) throw conflict(transition.message, 'CANNOT_CANCEL');
    const by: Canceller = quote.as;

    const done = await applyTransition(tx, row.booking, transition, {
      cancelled_at: now,
      cancellation_reason: reason,
    });
    if (!done)
      throw conflict('This booking was changed by someone else. Refresh and try again.', 'BOOKING_CHANGED');
    await cancelOpenPayments(ctx, tx, row.booking.id);
    // A confirmed booking held its time: the waitlist hears it is free (a pending one held none).
    if (row.booking.status === 'confirmed')
      await releaseToWaitlist(ctx, tx, row.booking.venue_id, row.booking);

    let refund: CancelAnswer['refund'] = null;
    if (quote.refund_cents > 0 && money.payment?.provider_id) {
      const key = `refund:${row.booking.id}:${money.payment.id}:cancel`;
      const result = await ctx.payments.refund({
        providerPaymentId: money.payment.provider_id,
        amountCents: quote.refund_cents,
        idempotencyKey: key,
      });
      const [issued] = await tx
        .insert(refunds)
        .values({
          payment_id: money.payment.id,
          booking_id: row.booking.id,
          amount_cents: quote.refund_cents,
          provider_refund_id: result.providerRefundId,
          status: result.status,
          reason: `cancelled_by_${by}`,
          idempotency_key: key,
        })
        .returning();
      await postRefunded(tx, issued!);
      refund = { amount_cents: quote.refund_cents, status: result.status };
    }

    // The host's and the admin's cancellations (and their refunds) are privileged: audited.
    if (by === 'host' || by === 'admin') {
      const venue = { id: row.venue.id, host_id: row.venue.host_id };
      const ref = row.booking.id.slice(0, 8);
      await recordAudit(tx, viewer, {
        action: 'booking.cancelled',
        subject: { type: 'booking', id: row.booking.id },
        venue,
        summary: `Cancelled booking ${ref} at “${row.venue.name}”${reason ? `: ${reason}` : ''}`,
        before: { status: row.booking.status },
        after: { status: 'cancelled', cancelled_by: by, reason },
      });
      if (refund) {
        await recordAudit(tx, viewer, {
          action: 'refund.issued',
          subject: { type: 'booking', id: row.booking.id },
          venue,
          summary: `Refunded ${formatCents(refund.amount_cents)} of booking ${ref} (cancelled by the ${by})`,
          after: { amount_cents: refund.amount_cents, status: refund.status },
        });
      }
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
