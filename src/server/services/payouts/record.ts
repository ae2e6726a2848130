/**
 * POST /api/admin/payouts (issue 29): the admin (with two-factor sign-in on, decision 76) records that Velvet sent a host their whole
 * available balance, with the bank's reference. In one transaction: the host's row is locked
 * (two admins recording at once are served one after the other; the second finds nothing left
 * to pay), the payout plan is computed from the money's own records, the payout, its items and
 * its ledger posting are written, the audit entry and the host's email are queued. The lock is
 * NO KEY UPDATE: it orders payouts, while a refund of this host's money meanwhile (whose ledger
 * entries reference the host) goes on rather than waiting on it — or deadlocking with it.
 */
import { eq } from 'drizzle-orm';
import type { PayoutRecord } from '@/domain/contract';
import { payoutPlan } from '@/domain/earnings';
import { conflict, notFound } from '@/domain/errors';
import { formatCents } from '@/domain/payments';
import { pageHref } from '@/domain/pages';
import type { RecordPayoutInput } from '@/domain/schemas';
import { TWO_FACTOR_MESSAGES } from '@/domain/two-factor';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import { payoutItems, payouts, profiles } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { payoutSentEmail } from '../../mail/payment-emails';
import { enqueueEmail } from '../../mail/outbox';
import { requireTwoFactor } from '../account/require-two-factor';
import { recordAudit } from '../audit/record';
import { earningsOf } from '../earnings/earnings-of';
import { postPayout } from '../ledger/post';
import { payoutAccountLast4 } from './balances';

export const PAYOUT_MESSAGES = {
  hostNotFound: 'Host not found.',
  nothingToPay: 'This host has no available balance to pay out.',
} as const;

export async function recordPayout(
  ctx: AppContext,
  viewer: Viewer,
  input: RecordPayoutInput,
): Promise<PayoutRecord> {
  return inTransaction(ctx.db, async (tx) => {
    await requireTwoFactor(tx, viewer, TWO_FACTOR_MESSAGES.recordPayouts);
    const [host] = await tx
      .select()
      .from(profiles)
      .where(eq(profiles.id, input.host_id))
      .for('no key update');
    if (!host || host.role !== 'host') throw notFound(PAYOUT_MESSAGES.hostNotFound);
    const plan = payoutPlan(await earningsOf(tx, ctx, { hostId: host.id }));
    if (!plan) throw conflict(PAYOUT_MESSAGES.nothingToPay, 'NOTHING_TO_PAY');
    const last4 = (await payoutAccountLast4(tx, [host.id])).get(host.id) ?? null;
    const [payout] = await tx
      .insert(payouts)
      .values({
        host_id: host.id,
        amount_cents: plan.amount_cents,
        bank_reference: input.bank_reference,
        bank_account_last4: last4,
        recorded_by: viewer.profile.id,
      })
      .returning();
    await tx.insert(payoutItems).values(plan.items.map((i) => ({ payout_id: payout!.id, ...i })));
    await postPayout(tx, { id: payout!.id, host_id: host.id, items: plan.items });
    await recordAudit(tx, viewer, {
      action: 'payout.recorded',
      subject: { type: 'payout', id: payout!.id },
      summary: `Paid ${formatCents(plan.amount_cents)} to ${host.full_name ?? host.email} (reference ${input.bank_reference})`,
      after: {
        host_id: host.id,
        amount_cents: plan.amount_cents,
        bank_reference: input.bank_reference,
        bookings: plan.items.length,
      },
    });
    await enqueueEmail(
      tx,
      'payout_sent',
      host.email,
      payoutSentEmail(
        {
          hostName: host.full_name ?? 'there',
          amountCents: plan.amount_cents,
          bankReference: input.bank_reference,
          bankLast4: last4,
          bookings: plan.items.length,
        },
        new URL(pageHref('/host-dashboard', {}, { tab: 'earnings' }), ctx.config.PUBLIC_URL).toString(),
      ),
    );
    return {
      id: payout!.id,
      host_id: host.id,
      host_name: host.full_name ?? '',
      host_email: host.email,
      amount_cents: plan.amount_cents,
      bank_reference: input.bank_reference,
      bank_account_last4: last4,
      bookings: plan.items.length,
      created_at: payout!.created_at.toISOString(),
    };
  });
}
