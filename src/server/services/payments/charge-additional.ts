/**
 * POST /api/charge-additional: after a minimum-spend event the venue's host charges the saved
 * card off-session (SPEC §5, §8). Only the venue's host; only a confirmed minimum-spend
 * booking with a card on file whose date has passed in the venue's time zone. Every attempt
 * is recorded (succeeded or failed, with the provider's code); a provider decline is an answer
 * (success: false, code), not an HTTP error. The guest gets an email with the amount and reason.
 */
import { transferGroupOf } from '@/domain/connect';
import type { AdditionalChargeResponse } from '@/domain/contract/payments';
import type { Encoded } from '@/domain/contract/wire';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { canOnBooking } from '@/domain/access';
import { isPastDate } from '@/domain/availability';
import { conflict, forbidden, invalid } from '@/domain/errors';
import { additionalChargeProblem } from '@/domain/charges';
import { SYSTEM_LINES } from '@/domain/messages';
import type { ChargeAdditionalInput } from '@/domain/schemas';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import { bookings, payments, venues } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { enqueueEmail } from '../../mail/outbox';
import { PAYMENT_TEMPLATES, additionalChargeEmail } from '../../mail/payment-emails';
import { postCaptured } from '../ledger/post';
import { appendSystemLine } from '../messages';
import {
  bookingForViewer,
  bookingRef,
  emailData,
  guestDashboardUrl,
  succeededPrimary,
  viewerRef,
} from './shared';
import { recordAudit } from '../audit/record';
import { requireTwoFactor } from '../account/require-two-factor';
import { TWO_FACTOR_MESSAGES } from '@/domain/two-factor';
import { formatCents, toCents } from '@/domain/payments';

export type ChargeAnswer = Encoded<AdditionalChargeResponse>;

export const ONLY_HOST_CHARGES = "Only the venue's host can charge this booking.";

export async function chargeAdditional(
  ctx: AppContext,
  viewer: Viewer,
  input: ChargeAdditionalInput,
): Promise<ChargeAnswer> {
  return inTransaction(ctx.db, async (tx) => {
    const { row } = await bookingForViewer(tx, viewer, input.bookingId, { lock: true });
    if (!canOnBooking(viewerRef(viewer), bookingRef(row), 'chargeAdditional'))
      throw forbidden(ONLY_HOST_CHARGES);
    // Decision 76: a host's first additional charge needs two-factor sign-in (the hosts who
    // already charged before it existed keep charging; their next sign-in can turn it on).
    if (!(await hasChargedBefore(tx, viewer))) {
      await requireTwoFactor(tx, viewer, TWO_FACTOR_MESSAGES.firstAdditionalCharge);
    }
    const b = row.booking;
    if (row.venue.pricing_type !== 'minimum_spend') {
      throw conflict('Additional charges are only for minimum-spend bookings.', 'NOT_MINIMUM_SPEND');
    }
    if (b.status !== 'confirmed') throw conflict('Only a confirmed booking can be charged.', 'NOT_CONFIRMED');
    const setup = await succeededPrimary(tx, b.id);
    if (!b.payment_intent_id || !setup || setup.kind !== 'setup' || !setup.payment_method_id) {
      throw conflict('There is no card on file for this booking.', 'NO_CARD_ON_FILE');
    }
    if (!isPastDate(b.date, row.venue.time_zone, ctx.now())) {
      throw conflict(
        'Additional charges can be made only after the event date has passed.',
        'EVENT_NOT_PASSED',
      );
    }
    // Fair charges (issue 30): within ADDITIONAL_CHARGE_DAYS of the event's end, and all of them
    // together at most ADDITIONAL_CHARGE_MAX_PERCENT of the booking's total.
    const [{ charged } = { charged: 0 }] = await tx
      .select({
        charged: sql<number>`coalesce(sum(${payments.amount_cents}), 0)`.mapWith(Number),
      })
      .from(payments)
      .where(
        and(
          eq(payments.booking_id, b.id),
          eq(payments.kind, 'additional_charge'),
          inArray(payments.status, ['succeeded', 'processing']),
        ),
      );
    const problem = additionalChargeProblem({
      amountCents: input.amountCents,
      chargedCents: charged,
      totalCents: toCents(b.total_price),
      percent: ctx.config.ADDITIONAL_CHARGE_MAX_PERCENT,
      days: ctx.config.ADDITIONAL_CHARGE_DAYS,
      endsAt: b.ends_at,
      now: ctx.now(),
    });
    if (problem) throw invalid(problem.message, problem.field ?? undefined);

    const idempotencyKey = `charge:${b.id}:${randomUUID()}`;
    const [attempt] = await tx
      .insert(payments)
      .values({
        booking_id: b.id,
        kind: 'additional_charge',
        provider: ctx.payments.name,
        amount_cents: input.amountCents,
        status: 'processing',
        payment_method_id: setup.payment_method_id,
        customer_id: setup.customer_id,
        card_brand: setup.card_brand,
        card_last4: setup.card_last4,
        reason: input.reason,
        description: input.description,
        idempotency_key: idempotencyKey,
        created_at: ctx.now(), // the 48 hours to dispute it run from here, on the app's clock
      })
      .returning();
    const result = await ctx.payments.chargeSavedCard({
      paymentMethodId: setup.payment_method_id,
      customerId: setup.customer_id,
      amountCents: input.amountCents,
      idempotencyKey,
      description: input.description,
      // Stripe Connect (decision 88): the booking's transfers name the same group.
      ...(ctx.payments.connect ? { transferGroup: transferGroupOf(b.id) } : {}),
      metadata: {
        booking_id: b.id,
        venue_id: row.venue.id,
        user_id: b.user_id,
        kind: 'additional_charge',
        reason: input.reason,
      },
    });
    const [charge] = await tx
      .update(payments)
      .set({
        provider_id: result.providerId,
        status: result.status,
        failure_code: result.failureCode,
        failure_message: result.failureMessage,
        updated_at: sql`now()`,
      })
      .where(eq(payments.id, attempt!.id))
      .returning();
    await postCaptured(tx, charge!);
    if (result.status !== 'failed') {
      await recordAudit(tx, viewer, {
        action: 'charge.made',
        subject: { type: 'payment', id: charge!.id },
        venue: { id: row.venue.id, host_id: row.venue.host_id },
        summary: `Charged ${formatCents(input.amountCents)} to the card on file of booking ${b.id.slice(0, 8)} at “${row.venue.name}”: ${input.description}`,
        after: { amount_cents: input.amountCents, reason: input.reason, status: result.status },
      });
    }
    if (result.status === 'succeeded') {
      await appendSystemLine(tx, b.id, SYSTEM_LINES.additionalCharge(input.amountCents, input.description));
      await enqueueEmail(
        tx,
        PAYMENT_TEMPLATES.additionalCharge,
        b.contact_email,
        additionalChargeEmail(
          emailData(row),
          {
            amountCents: input.amountCents,
            reason: input.reason,
            description: input.description,
            card:
              setup.card_brand && setup.card_last4
                ? { brand: setup.card_brand, last4: setup.card_last4 }
                : null,
          },
          guestDashboardUrl(ctx),
        ),
      );
    }
    const c = charge!;
    return {
      success: result.status !== 'failed',
      code: result.status === 'failed' ? (result.failureCode ?? 'charge_failed') : null,
      error:
        result.status === 'failed'
          ? (result.failureMessage ?? 'Failed to process the additional charge')
          : null,
      charge: {
        id: c.id,
        booking_id: c.booking_id,
        amount_cents: c.amount_cents,
        status: c.status,
        reason: c.reason,
        description: c.description,
        provider_id: c.provider_id,
        created_at: c.created_at,
      },
    };
  });
}

/** Whether this host has made an additional charge before (any venue of theirs, any outcome). */
async function hasChargedBefore(tx: DbOrTx, viewer: Viewer): Promise<boolean> {
  const [row] = await tx
    .select({ id: payments.id })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.booking_id))
    .innerJoin(venues, eq(venues.id, bookings.venue_id))
    .where(and(eq(payments.kind, 'additional_charge'), eq(venues.host_id, viewer.profile.id)))
    .limit(1);
  return Boolean(row);
}
