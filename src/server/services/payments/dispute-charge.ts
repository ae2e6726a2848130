/**
 * POST /api/charges/{id}/dispute (issue 30, decision 82): the booking's guest disputes an
 * additional charge within 48 hours of it. The charge's booking is locked, so two disputes of
 * one charge cannot both pass (and the unique payment_id stops the second anyway). Writes the
 * dispute, the audit entry `charge.disputed` and emails to the host and the admin, together.
 */
import { and, eq } from 'drizzle-orm';
import { canOnBooking } from '@/domain/access';
import { DISPUTE_MESSAGES, disputeProblem } from '@/domain/charges';
import { conflict, forbidden, notFound } from '@/domain/errors';
import { formatCents } from '@/domain/payments';
import type { DisputeChargeInput } from '@/domain/schemas';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import { chargeDisputes, payments } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { enqueueEmail } from '../../mail/outbox';
import { DISPUTE_TEMPLATES, chargeDisputedEmail } from '../../mail/dispute-emails';
import { recordAudit } from '../audit/record';
import {
  disputeEmailData,
  disputeItem,
  disputesAdminUrl,
  selectDisputes,
  type DisputeItem,
} from './disputes-shared';
import { bookingForViewer, bookingRef, hostEmail, manageBookingsUrl, viewerRef } from './shared';

export async function disputeCharge(
  ctx: AppContext,
  viewer: Viewer,
  paymentId: string,
  input: DisputeChargeInput,
): Promise<DisputeItem> {
  return inTransaction(ctx.db, async (tx) => {
    const [charge] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.kind, 'additional_charge')));
    if (!charge) throw notFound(DISPUTE_MESSAGES.chargeNotFound);
    // Who cannot see the booking gets 404, as for the booking itself.
    const { row } = await bookingForViewer(tx, viewer, charge.booking_id, { lock: true }).catch(() => {
      throw notFound(DISPUTE_MESSAGES.chargeNotFound);
    });
    if (!canOnBooking(viewerRef(viewer), bookingRef(row), 'pay')) throw forbidden(DISPUTE_MESSAGES.onlyGuest);
    const [existing] = await tx.select().from(chargeDisputes).where(eq(chargeDisputes.payment_id, charge.id));
    const problem = disputeProblem(charge, existing ?? null, ctx.now());
    if (problem) throw conflict(problem, 'NOT_DISPUTABLE');

    const [created] = await tx
      .insert(chargeDisputes)
      .values({
        payment_id: charge.id,
        booking_id: charge.booking_id,
        reason: input.reason,
        created_at: ctx.now(),
      })
      .returning({ id: chargeDisputes.id });
    const [d] = await selectDisputes(tx).where(eq(chargeDisputes.id, created!.id));
    const venue = { id: row.venue.id, host_id: row.venue.host_id };
    await recordAudit(tx, viewer, {
      action: 'charge.disputed',
      subject: { type: 'payment', id: charge.id },
      venue,
      summary: `Disputed the additional charge of ${formatCents(charge.amount_cents)} on booking ${row.booking.id.slice(0, 8)} at “${row.venue.name}”`,
      after: { status: 'open', reason: input.reason },
    });
    const data = disputeEmailData(d!);
    const host = await hostEmail(tx, row.venue.host_id);
    if (host) {
      await enqueueEmail(
        tx,
        DISPUTE_TEMPLATES.disputedHost,
        host,
        chargeDisputedEmail(data, false, manageBookingsUrl(ctx, row.venue.id)),
      );
    }
    await enqueueEmail(
      tx,
      DISPUTE_TEMPLATES.disputedAdmin,
      ctx.config.ADMIN_EMAIL,
      chargeDisputedEmail(data, true, disputesAdminUrl(ctx)),
    );
    return disputeItem(d!);
  });
}
