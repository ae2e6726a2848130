/**
 * A host's earnings (issue 29): each of their venues' bookings that took money (earnings-of.ts),
 * with totals, the months, their payouts and the fee new bookings get; and the same rows as a
 * CSV statement. The rules are src/domain/earnings.ts.
 */
import type { HostEarnings } from '@/domain/contract';
import { earningsCsv, monthlyNet, totalsOf } from '@/domain/earnings';
import type { EarningsQuery } from '@/domain/schemas';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import { earningsOf } from './earnings-of';
import { currentFeePercent } from './platform-fee';
import { listPayouts } from '../payouts/list';
import { hostConnectInfo } from '../payouts/stripe-connect';

export async function hostEarnings(
  ctx: AppContext,
  viewer: Viewer,
  query: EarningsQuery,
): Promise<HostEarnings> {
  const hostId = viewer.profile.id;
  const [rows, payouts, feePercent, stripeConnect] = await Promise.all([
    earningsOf(ctx.db, ctx, { hostId, ...query }),
    listPayouts(ctx.db, { hostId }),
    currentFeePercent(ctx.db, ctx),
    hostConnectInfo(ctx, hostId),
  ]);
  const pending = rows.filter((r) => r.status === 'pending').map((r) => r.available_at);
  return {
    fee_percent: feePercent,
    hold_days: ctx.config.PAYOUT_HOLD_DAYS,
    from: query.from ?? null,
    to: query.to ?? null,
    rows: rows.map(({ host_id: _host, ...row }) => row),
    totals: totalsOf(rows),
    next_available_at: pending.length ? pending.sort()[0]! : null,
    monthly: monthlyNet(rows),
    payouts,
    stripe_connect: stripeConnect,
  };
}

/** The statement of the same rows as CSV (its total row adds them up). */
export async function hostEarningsCsv(
  ctx: AppContext,
  viewer: Viewer,
  query: EarningsQuery,
): Promise<string> {
  return earningsCsv(await earningsOf(ctx.db, ctx, { hostId: viewer.profile.id, ...query }));
}
