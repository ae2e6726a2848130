/**
 * POST /api/admin/disputes/{id}/decide (issue 30, decision 82): the admin upholds a disputed
 * charge or refunds it. A refund is the charge's full amount through the provider, in the same
 * transaction as the decision and with an idempotency key of the charge (as cancel.ts refunds):
 * the decision is a compare-and-swap on status 'open', so a second decision is 409 and no
 * second refund. Audit `charge.upheld` / `charge.refunded`; emails to the guest and the host.
 */
import { and, eq } from 'drizzle-orm';
import { DISPUTE_MESSAGES } from '@/domain/charges';
import { conflict, notFound } from '@/domain/errors';
import { SYSTEM_LINES } from '@/domain/messages';
import { formatCents } from '@/domain/payments';
import type { DecideDisputeInput } from '@/domain/schemas';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import { bookings, chargeDisputes, refunds } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { DISPUTE_TEMPLATES, disputeDecidedEmail } from '../../mail/dispute-emails';
import { enqueueEmail } from '../../mail/outbox';
import { recordAudit } from '../audit/record';
import { postRefunded } from '../ledger/post';
import { appendSystemLine } from '../messages';
import { disputeEmailData, disputeItem, selectDisputes, type DisputeItem } from './disputes-shared';
import { guestDashboardUrl, hostEmail, manageBookingsUrl } from './shared';

export async function decideDispute(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  input: DecideDisputeInput,
): Promise<DisputeItem> {
  return inTransaction(ctx.db, async (tx) => {
    const [d] = await selectDisputes(tx).where(eq(chargeDisputes.id, id));
    if (!d) throw notFound(DISPUTE_MESSAGES.disputeNotFound);
    await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, d.booking_id)).for('update');
    const refunded = input.decision === 'refund';
    const note = input.note ?? null;
    const [done] = await tx
      .update(chargeDisputes)
      .set({
        status: refunded ? 'refunded' : 'upheld',
        decided_by: viewer.profile.id,
        decided_at: ctx.now(),
        admin_note: note,
      })
      .where(and(eq(chargeDisputes.id, id), eq(chargeDisputes.status, 'open')))
      .returning({ id: chargeDisputes.id });
    if (!done) throw conflict(DISPUTE_MESSAGES.alreadyDecided, 'DISPUTE_DECIDED');

    const venue = { id: d.venue_id, host_id: d.host_id };
    const ref = d.booking_id.slice(0, 8);
    if (refunded) {
      if (!d.provider_id || d.charge_status !== 'succeeded')
        throw conflict('This charge was not collected, so there is nothing to refund.', 'NOTHING_TO_REFUND');
      const key = `refund:${d.booking_id}:${d.payment_id}:dispute`;
      const result = await ctx.payments.refund({
        providerPaymentId: d.provider_id,
        amountCents: d.amount_cents,
        idempotencyKey: key,
      });
      const [issued] = await tx
        .insert(refunds)
        .values({
          payment_id: d.payment_id,
          booking_id: d.booking_id,
          amount_cents: d.amount_cents,
          provider_refund_id: result.providerRefundId,
          status: result.status,
          reason: 'dispute_refunded',
          idempotency_key: key,
        })
        .returning();
      await postRefunded(tx, issued!);
      await appendSystemLine(tx, d.booking_id, SYSTEM_LINES.refunded(d.amount_cents));
    }
    await recordAudit(tx, viewer, {
      action: refunded ? 'charge.refunded' : 'charge.upheld',
      subject: { type: 'payment', id: d.payment_id },
      venue,
      summary: refunded
        ? `Refunded the disputed charge of ${formatCents(d.amount_cents)} on booking ${ref} at “${d.venue_name}”`
        : `Upheld the disputed charge of ${formatCents(d.amount_cents)} on booking ${ref} at “${d.venue_name}”`,
      before: { status: 'open' },
      after: { status: refunded ? 'refunded' : 'upheld', note },
    });
    const data = disputeEmailData(d);
    await enqueueEmail(
      tx,
      DISPUTE_TEMPLATES.decidedGuest,
      d.guest_email,
      disputeDecidedEmail(data, { refunded, note, forHost: false }, guestDashboardUrl(ctx)),
    );
    const host = await hostEmail(tx, d.host_id);
    if (host) {
      await enqueueEmail(
        tx,
        DISPUTE_TEMPLATES.decidedHost,
        host,
        disputeDecidedEmail(data, { refunded, note, forHost: true }, manageBookingsUrl(ctx, d.venue_id)),
      );
    }
    const [after] = await selectDisputes(tx).where(eq(chargeDisputes.id, id));
    return disputeItem(after!);
  });
}
