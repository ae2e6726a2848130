/**
 * The admin's Payouts section (issue 29): each host with money at Velvet — what a payout would
 * pay now, what is still pending and what was paid — with the last 4 digits of the bank account
 * of their most recently updated venue that has one; the fee new bookings get; recent payouts.
 */
import { and, desc, inArray, isNotNull } from 'drizzle-orm';
import type { AdminPayouts, HostBalance } from '@/domain/contract';
import { totalsOf } from '@/domain/earnings';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { profiles, venues } from '../../db/schema';
import { earningsOf } from '../earnings/earnings-of';
import { currentFeePercent } from '../earnings/platform-fee';
import { listPayouts } from './list';

/** The bank account's last 4 digits a host's payouts go to: their most recently updated venue's. */
export async function payoutAccountLast4(db: DbOrTx, hostIds: string[]): Promise<Map<string, string>> {
  if (hostIds.length === 0) return new Map();
  const rows = await db
    .select({ host_id: venues.host_id, last4: venues.bank_account_last4 })
    .from(venues)
    .where(and(inArray(venues.host_id, hostIds), isNotNull(venues.bank_account_last4)))
    .orderBy(desc(venues.updated_at));
  const out = new Map<string, string>();
  for (const r of rows) if (r.last4 && !out.has(r.host_id)) out.set(r.host_id, r.last4);
  return out;
}

export async function adminPayouts(ctx: AppContext): Promise<AdminPayouts> {
  const [earnings, payouts, feePercent] = await Promise.all([
    earningsOf(ctx.db, ctx, {}),
    listPayouts(ctx.db, { limit: 50 }),
    currentFeePercent(ctx.db, ctx),
  ]);
  const byHost = new Map<string, typeof earnings>();
  for (const e of earnings) byHost.set(e.host_id, [...(byHost.get(e.host_id) ?? []), e]);
  const hostIds = [...byHost.keys()];
  const [people, last4] = await Promise.all([
    hostIds.length
      ? ctx.db
          .select({ id: profiles.id, full_name: profiles.full_name, email: profiles.email })
          .from(profiles)
          .where(inArray(profiles.id, hostIds))
      : Promise.resolve([]),
    payoutAccountLast4(ctx.db, hostIds),
  ]);
  const balances: HostBalance[] = people.map((p) => {
    const t = totalsOf(byHost.get(p.id) ?? []);
    return {
      host_id: p.id,
      host_name: p.full_name ?? '',
      host_email: p.email,
      bank_account_last4: last4.get(p.id) ?? null,
      available_cents: t.available_cents,
      pending_cents: t.pending_cents,
      paid_out_cents: t.paid_out_cents,
    };
  });
  balances.sort((a, b) => b.available_cents - a.available_cents || a.host_name.localeCompare(b.host_name));
  return {
    fee_percent: feePercent,
    default_fee_percent: ctx.config.PLATFORM_FEE_PERCENT,
    hold_days: ctx.config.PAYOUT_HOLD_DAYS,
    balances,
    payouts,
  };
}
