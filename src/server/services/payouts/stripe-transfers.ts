/**
 * Stripe Connect transfers (issue 29, decision 88): a periodic run sends each booking's due to
 * its host's connected account once its earning is available (the event ended PAYOUT_HOLD_DAYS
 * ago), and reverses from its transfers what a refund after them took off the host's net.
 *
 * Safe with several server processes: a host is served in a transaction that holds their
 * profile row (FOR NO KEY UPDATE SKIP LOCKED — the lock the admin's payout takes too), so two
 * runners never serve one host at once; the one that comes after reads what the first committed
 * and finds nothing due. Each transfer and reversal carries an idempotency key made from the
 * rows it follows (the booking's count of transfers; the transfer's reversed amount), and the
 * key is unique in stripe_transfers: a transaction retried after Stripe answered gets the same
 * transfer back and cannot record it twice. A host whose account Stripe has not enabled for
 * payouts is skipped: their balance stays available, and the Earnings tab says why.
 *
 * In the ledger a transfer is a payout (host payable → payouts) and a reversal a payout reversal,
 * each with its payouts row (a reversal's amount and items negative), so the derived earnings,
 * the ledger and the database's checks (migration 27) all see them.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { transferAction, transferGroupOf } from '@/domain/connect';
import { payoutReversed } from '@/domain/ledger';
import type { ConnectPayouts } from '../../adapters/payments/types';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { connectAccounts, payoutItems, payouts, profiles, stripeTransfers } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { earningsOf } from '../earnings/earnings-of';
import { postPayout, postToLedger } from '../ledger/post';

export interface TransferRun {
  transferred: number;
  reversed: number;
  /** Hosts another runner was serving (left to it). */
  skipped: number;
}

export async function runStripeTransfers(ctx: AppContext, now: Date): Promise<TransferRun> {
  const run: TransferRun = { transferred: 0, reversed: 0, skipped: 0 };
  const connect = ctx.payments.connect;
  if (!connect) return run;
  const hosts = await ctx.db
    .select({ host_id: connectAccounts.host_id })
    .from(connectAccounts)
    .where(eq(connectAccounts.payouts_enabled, true));
  for (const { host_id } of hosts) {
    try {
      const done = await inTransaction(ctx.db, (tx) => serveHost(ctx, connect, tx, host_id, now));
      if (!done) run.skipped++;
      else {
        run.transferred += done.transferred;
        run.reversed += done.reversed;
      }
    } catch (err) {
      // One host's failure (Stripe down, a refused transfer) waits for the next run; the rest go on.
      ctx.log.error({ err, host_id }, 'stripe transfers: host failed');
    }
  }
  return run;
}

async function serveHost(
  ctx: AppContext,
  connect: ConnectPayouts,
  tx: Tx,
  hostId: string,
  now: Date,
): Promise<{ transferred: number; reversed: number } | null> {
  const [held] = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.id, hostId))
    .for('no key update', { skipLocked: true });
  if (!held) return null;
  const [account] = await tx.select().from(connectAccounts).where(eq(connectAccounts.host_id, hostId));
  if (!account?.payouts_enabled) return { transferred: 0, reversed: 0 };

  const earnings = await earningsOf(tx, { now: () => now, config: ctx.config }, { hostId });
  const transfers = await tx
    .select()
    .from(stripeTransfers)
    .where(eq(stripeTransfers.host_id, hostId))
    .orderBy(desc(stripeTransfers.created_at), desc(stripeTransfers.id));
  const done = { transferred: 0, reversed: 0 };
  for (const earning of earnings) {
    const own = transfers.filter((t) => t.booking_id === earning.booking_id);
    const held = own.reduce((sum, t) => sum + t.amount_cents - t.reversed_cents, 0);
    const action = transferAction(earning, held);
    if (action?.kind === 'transfer') {
      const idempotencyKey = `transfer:${earning.booking_id}:${own.length + 1}`;
      const transferId = await connect.transfer({
        destination: account.stripe_account_id,
        amountCents: action.amount_cents,
        idempotencyKey,
        transferGroup: transferGroupOf(earning.booking_id),
        metadata: { booking_id: earning.booking_id, host_id: hostId },
      });
      const payoutId = await recordMovement(tx, hostId, earning.booking_id, action.amount_cents, transferId);
      await tx.insert(stripeTransfers).values({
        booking_id: earning.booking_id,
        host_id: hostId,
        payout_id: payoutId,
        stripe_transfer_id: transferId,
        destination: account.stripe_account_id,
        idempotency_key: idempotencyKey,
        amount_cents: action.amount_cents,
      });
      done.transferred++;
    } else if (action?.kind === 'reverse') {
      // Newest transfer first; each reversal is its own Stripe object and payouts row.
      let left = action.amount_cents;
      for (const t of own) {
        const take = Math.min(left, t.amount_cents - t.reversed_cents);
        if (take <= 0) continue;
        const reversalId = await connect.reverseTransfer({
          transferId: t.stripe_transfer_id,
          amountCents: take,
          idempotencyKey: `reversal:${t.stripe_transfer_id}:${t.reversed_cents}`,
        });
        await recordMovement(tx, hostId, earning.booking_id, -take, reversalId);
        await tx
          .update(stripeTransfers)
          .set({ reversed_cents: sql`${stripeTransfers.reversed_cents} + ${take}` })
          .where(and(eq(stripeTransfers.id, t.id), eq(stripeTransfers.reversed_cents, t.reversed_cents)));
        left -= take;
        done.reversed++;
        if (left === 0) break;
      }
    }
  }
  return done;
}

/** A transfer (positive) or reversal (negative) as a payouts row, its item and its ledger posting. */
async function recordMovement(
  tx: Tx,
  hostId: string,
  bookingId: string,
  amountCents: number,
  reference: string,
): Promise<string> {
  const [payout] = await tx
    .insert(payouts)
    .values({ host_id: hostId, amount_cents: amountCents, bank_reference: reference, recorded_by: null })
    .returning({ id: payouts.id });
  await tx
    .insert(payoutItems)
    .values({ payout_id: payout!.id, booking_id: bookingId, amount_cents: amountCents });
  const movement = { id: payout!.id, host_id: hostId };
  if (amountCents > 0)
    await postPayout(tx, { ...movement, items: [{ booking_id: bookingId, amount_cents: amountCents }] });
  else
    await postToLedger(tx, [
      payoutReversed({ ...movement, items: [{ booking_id: bookingId, amount_cents: -amountCents }] }),
    ]);
  return payout!.id;
}
