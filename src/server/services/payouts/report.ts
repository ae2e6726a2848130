/**
 * GET /api/admin/money (issue 29): the platform's money per month — gross booking value,
 * additional charges, refunds and fees by the month of the event, payouts by the month they were
 * recorded — and the reconciliation: money captured less refunds equals fees earned plus what
 * hosts are owed plus what they were paid, to the cent. Each side is read from different records
 * (payments, refunds, payouts against each booking's earning and payout items), so a difference
 * is real and is shown as one, never hidden.
 */
import { sql } from 'drizzle-orm';
import type { MoneyMonth, MoneyReport } from '@/domain/contract';
import type { AppContext } from '../../context';
import { earningsOf } from '../earnings/earnings-of';

const cents = (v: unknown) => Number(v ?? 0);

export async function moneyReport(ctx: AppContext): Promise<MoneyReport> {
  const [earnings, totals, payoutMonths] = await Promise.all([
    earningsOf(ctx.db, ctx, {}),
    ctx.db.execute(sql`select
        (select coalesce(sum(amount_cents), 0) from payments
          where status = 'succeeded' and kind in ('payment', 'additional_charge')) as captured,
        (select coalesce(sum(amount_cents), 0) from refunds where status = 'succeeded') as refunded,
        (select coalesce(sum(amount_cents), 0) from payouts) as paid_out`),
    ctx.db.execute(sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM') as month,
        sum(amount_cents) as cents from payouts group by 1`),
  ]);
  const months = new Map<string, MoneyMonth>();
  const month = (key: string) => {
    let m = months.get(key);
    if (!m) {
      m = { month: key, gross_cents: 0, charges_cents: 0, refunds_cents: 0, fees_cents: 0, payouts_cents: 0 };
      months.set(key, m);
    }
    return m;
  };
  let fees = 0;
  let balances = 0;
  for (const e of earnings) {
    const m = month(e.date.slice(0, 7));
    m.gross_cents += e.gross_cents;
    m.charges_cents += e.charges_cents;
    m.refunds_cents += e.refunds_cents;
    m.fees_cents += e.fee_cents;
    fees += e.fee_cents;
    balances += e.due_cents;
  }
  for (const row of (payoutMonths as unknown as { rows: Array<{ month: string; cents: unknown }> }).rows) {
    month(row.month).payouts_cents += cents(row.cents);
  }
  const t = (totals as unknown as { rows: Array<Record<string, unknown>> }).rows[0] ?? {};
  const captured = cents(t.captured);
  const refunded = cents(t.refunded);
  const paidOut = cents(t.paid_out);
  const difference = captured - refunded - fees - balances - paidOut;
  return {
    months: [...months.values()].sort((a, b) => a.month.localeCompare(b.month)),
    reconciliation: {
      captured_cents: captured,
      refunded_cents: refunded,
      fees_cents: fees,
      host_balances_cents: balances,
      paid_out_cents: paidOut,
      difference_cents: difference,
      balanced: difference === 0,
    },
  };
}
