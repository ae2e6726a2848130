/**
 * POST /api/charge-additional: after a minimum-spend event the venue's host charges the saved
 * card off-session (SPEC §5, §8). Only the venue's host; only a confirmed minimum-spend
 * booking with a card on file whose date has passed in the venue's time zone. Every attempt
 * is recorded (succeeded or failed, with the provider's code); a provider decline is an answer
 * (success: false, code), not an HTTP error. The guest gets an email with the amount and reason.
 */
import type { AdditionalChargeResponse } from '@/domain/contract/payments';
import type { Encoded } from '@/domain/contract/wire';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { canOnBooking } from '@/domain/access';
import { isPastDate } from '@/domain/availability';
import { conflict, forbidden } from '@/domain/errors';
import type { ChargeAdditionalInput } from '@/domain/payments-schemas';
import type { AppContext, Viewer } from '../../context';
import { payments } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { enqueueEmail } from '../../mail/outbox';
import { PAYMENT_TEMPLATES, additionalChargeEmail } from '../../mail/payment-emails';
import {
  bookingForViewer,
  bookingRef,
  emailData,
  guestDashboardUrl,
  succeededPrimary,
  viewerRef,
} from './shared';

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
      })
      .returning();
    const result = await ctx.payments.chargeSavedCard(tx, {
      paymentMethodId: setup.payment_method_id,
      customerId: setup.customer_id,
      amountCents: input.amountCents,
      idempotencyKey,
      description: input.description,
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
    if (result.status === 'succeeded') {
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
