/**
 * Stripe Connect transfers after the hold window, and reversals after refunds (decision 88),
 * run by every app server when PAYMENT_PROVIDER=stripe; services/payouts/stripe-transfers.ts
 * says how several servers at once send each transfer once. `tick(now)` is what tests call.
 */
import type { AppContext } from '../context';
import { PeriodicJob } from '../periodic-job';
import { runStripeTransfers, type TransferRun } from '../services/payouts/stripe-transfers';

export class StripeTransfersWorker extends PeriodicJob<TransferRun> {
  constructor(ctx: AppContext, intervalMs = 60_000) {
    super(ctx, 'stripe transfers', runStripeTransfers, intervalMs);
  }
}
