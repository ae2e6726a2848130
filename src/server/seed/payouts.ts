/**
 * Demo payouts (issue 29): the first demo host was paid what their events earned until ten days
 * ago, so a new user sees the whole money loop on first start — paid-out, available and pending
 * earnings on the host's Earnings tab, and on the admin's Payouts tab a balance to pay.
 */
import { payoutPlan } from '@/domain/earnings';
import type { AppContext } from '../context';
import { payoutItems, payouts } from '../db/schema';
import { earningsOf } from '../services/earnings/earnings-of';
import { postPayout } from '../services/ledger/post';
import { payoutAccountLast4 } from '../services/payouts/balances';
import type { DemoAccounts } from './accounts';

export async function seedPayouts(ctx: AppContext, accounts: DemoAccounts): Promise<void> {
  const host = accounts.hosts[0];
  const now = ctx.now();
  const cutoff = now.getTime() - 10 * 86_400_000;
  const rows = await earningsOf(ctx.db, ctx, { hostId: host.id });
  const plan = payoutPlan(rows.filter((r) => Date.parse(r.available_at) < cutoff));
  if (!plan) return;
  const last4 = (await payoutAccountLast4(ctx.db, [host.id])).get(host.id) ?? null;
  await ctx.db.transaction(async (tx) => {
    const [payout] = await tx
      .insert(payouts)
      .values({
        host_id: host.id,
        amount_cents: plan.amount_cents,
        bank_reference: 'DEMO-ACH-0001',
        bank_account_last4: last4,
        recorded_by: accounts.admin?.id ?? null,
        created_at: new Date(now.getTime() - 7 * 86_400_000),
      })
      .returning();
    await tx.insert(payoutItems).values(plan.items.map((i) => ({ payout_id: payout!.id, ...i })));
    await postPayout(tx, { id: payout!.id, host_id: host.id, items: plan.items });
  });
}
