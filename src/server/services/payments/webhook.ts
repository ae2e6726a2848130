/**
 * POST /api/webhooks/stripe: the provider's event, verified on the raw body before anything is
 * read or written (a bad signature or a stale timestamp: 400, nothing written), then applied
 * through recordProviderState — idempotent, so Stripe's retries and duplicates are harmless.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { payments, refunds } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { postRefunded } from '../ledger/post';
import { applyAccountUpdated } from '../payouts/stripe-connect';
import { recordProviderState } from './record-paid';

export async function handleProviderEvent(
  ctx: AppContext,
  rawBody: string,
  headers: Headers,
): Promise<{ received: true; type: string }> {
  const event = await ctx.payments.parseEvent(rawBody, headers);
  if (event.type === 'payment.updated') {
    await inTransaction(ctx.db, (tx) => recordProviderState(ctx, tx, event.state));
  } else if (event.type === 'refund.updated') {
    // Refunds Velvet asked for are recorded when asked; a refund the provider settled later
    // moves from pending to succeeded here, with its ledger posting.
    await inTransaction(ctx.db, async (tx) => {
      const settled = await tx
        .update(refunds)
        .set({ status: 'succeeded' })
        .where(
          and(
            eq(refunds.status, 'pending'),
            sql`${refunds.payment_id} in (select ${payments.id} from ${payments} where ${payments.provider_id} = ${event.providerPaymentId})`,
          ),
        )
        .returning();
      for (const refund of settled) await postRefunded(tx, refund);
    });
  } else if (event.type === 'account.updated') {
    // A host's connected account (decision 88): its status as of the newest event.
    await applyAccountUpdated(ctx, event);
  }
  return { received: true, type: event.type };
}
