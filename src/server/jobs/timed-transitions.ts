/**
 * The timed transitions of a booking (decision record 13), run by every app server:
 *
 *   - a pending request the venue has not answered by expires_at → cancelled by 'system',
 *     reason 'expired';
 *   - a confirmed hourly booking still unpaid at payment_due_at → cancelled by 'system',
 *     reason 'payment_not_received'.
 *
 * Both cancel the booking, email the guest and the host, and update the live lists (the
 * bookings trigger notifies); a released confirmed booking also tells the waitlist its time is
 * free (services/waitlist/notify.ts). Due rows are claimed with FOR UPDATE SKIP LOCKED
 * and changed by a compare-and-swap on their status, in one transaction with their emails, so
 * several workers never cancel or email twice; the deadlines live in the rows, so a restart
 * loses nothing. `tick(now)` is what tests call with an injected clock.
 */
import { and, asc, eq, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { bookingTransition } from '@/domain/booking';
import { SYSTEM_LINES } from '@/domain/messages';
import { SYSTEM_CANCELLATION_REASONS } from '@/domain/payments';
import type { AppContext } from '../context';
import { bookings, venues } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { enqueueEmail } from '../mail/outbox';
import { PAYMENT_TEMPLATES, bookingExpiredEmail, bookingReleasedEmail } from '../mail/payment-emails';
import { applyTransition } from '../services/bookings/transition';
import { appendSystemLine } from '../services/messages';
import { cancelOpenPayments } from '../services/payments/cancel';
import { releaseToWaitlist } from '../services/waitlist';
import { PeriodicJob } from '../periodic-job';
import {
  appUrl,
  emailData,
  findPaymentBooking,
  hostEmail,
  manageBookingsUrl,
} from '../services/payments/shared';

export interface TickResult {
  expired: number;
  released: number;
}

export class TimedTransitionsWorker extends PeriodicJob<TickResult> {
  constructor(ctx: AppContext, intervalMs = 30_000) {
    super(ctx, 'timed transitions', (_ctx, now) => this.runDue(now), intervalMs);
  }

  /** Expires and releases everything due at `now`, in batches; returns how many of each. */
  private async runDue(now: Date, batch = 25): Promise<TickResult> {
    const total: TickResult = { expired: 0, released: 0 };
    for (;;) {
      const done = await this.runBatch(now, batch);
      total.expired += done.expired;
      total.released += done.released;
      if (done.claimed < batch) return total;
    }
  }

  private runBatch(now: Date, batch: number) {
    const ctx = this.ctx;
    return inTransaction(ctx.db, async (tx) => {
      const due = await tx
        .select({
          id: bookings.id,
          status: bookings.status,
          host_notes: bookings.host_notes,
          venue_id: bookings.venue_id,
        })
        .from(bookings)
        .innerJoin(venues, eq(venues.id, bookings.venue_id))
        .where(
          or(
            and(
              eq(bookings.status, 'pending'),
              isNull(bookings.host_notes),
              isNotNull(bookings.expires_at),
              lte(bookings.expires_at, now),
            ),
            and(
              eq(bookings.status, 'confirmed'),
              eq(venues.pricing_type, 'hourly_rate'),
              isNull(bookings.paid_at),
              isNotNull(bookings.payment_due_at),
              lte(bookings.payment_due_at, now),
            ),
          ),
        )
        .orderBy(asc(bookings.id))
        .limit(batch)
        .for('update', { of: bookings, skipLocked: true });

      const result = { claimed: due.length, expired: 0, released: 0 };
      for (const d of due) {
        const expiring = d.status === 'pending';
        const transition = bookingTransition(d, 'system', expiring ? 'expire' : 'release');
        if (!transition.ok) continue;
        const changed = await applyTransition(
          tx,
          d,
          transition,
          {
            cancelled_at: now,
            cancellation_reason: expiring
              ? SYSTEM_CANCELLATION_REASONS.expired
              : SYSTEM_CANCELLATION_REASONS.paymentNotReceived,
          },
          expiring ? isNull(bookings.host_notes) : isNull(bookings.paid_at),
        );
        if (!changed) continue;
        await cancelOpenPayments(ctx, tx, d.id);
        await appendSystemLine(tx, d.id, expiring ? SYSTEM_LINES.expired() : SYSTEM_LINES.released());
        const row = (await findPaymentBooking(tx, d.id))!;
        // A released confirmed booking frees its time for the waitlist (an expired request held none).
        if (!expiring) await releaseToWaitlist(ctx, tx, row.booking.venue_id, row.booking);
        const data = emailData(row);
        const email = expiring ? bookingExpiredEmail : bookingReleasedEmail;
        await enqueueEmail(
          tx,
          expiring ? PAYMENT_TEMPLATES.expiredGuest : PAYMENT_TEMPLATES.releasedGuest,
          row.booking.contact_email,
          email(data, false, appUrl(ctx, '/')),
        );
        const host = await hostEmail(tx, row.venue.host_id);
        if (host) {
          await enqueueEmail(
            tx,
            expiring ? PAYMENT_TEMPLATES.expiredHost : PAYMENT_TEMPLATES.releasedHost,
            host,
            email(data, true, manageBookingsUrl(ctx, row.venue.id)),
          );
        }
        if (expiring) result.expired++;
        else result.released++;
      }
      return result;
    });
  }
}
