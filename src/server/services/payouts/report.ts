/**
 * GET /api/admin/money (issue 29): the platform's money per month — gross booking value,
 * additional charges, refunds and fees by the month of the event, payouts by the month they were
 * recorded — and the reconciliation: money captured less refunds equals fees earned plus what
 * hosts are owed plus what they were paid, to the cent. Each side is read from different records
 * (payments, refunds, payouts against each booking's earning and payout items), so a difference
 * is real and is shown as one, never hidden.
 *
 * The ledger (decision 83) is checked beside it: its entries sum to zero, its accounts are the
 * figures above, and each host's payable in it is what their earnings say they are owed.
 */
import { inArray, sql } from 'drizzle-orm';
import type { LedgerReconciliation, MoneyMonth, MoneyReport } from '@/domain/contract';
import { ledgerCheck } from '@/domain/ledger';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { profiles } from '../../db/schema';
import { earningsOf, type HostEarning } from '../earnings/earnings-of';

const cents = (v: unknown) => Number(v ?? 0);

/** One read-only snapshot (REPEATABLE READ): a payment, refund or payout meanwhile is in every figure or in none. */
export async function moneyReport(ctx: AppContext): Promise<MoneyReport> {
  return ctx.db.transaction((tx) => reportOf(ctx, tx), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

// A transaction is one connection, which runs one statement at a time: its reads are awaited in
// turn (node-postgres queues concurrent ones today and will refuse them from pg 9).
async function reportOf(ctx: AppContext, db: DbOrTx): Promise<MoneyReport> {
  const earnings = await earningsOf(db, ctx, {});
  const totals = await db.execute(sql`select
        (select coalesce(sum(amount_cents), 0) from payments
          where status = 'succeeded' and kind in ('payment', 'additional_charge')) as captured,
        (select coalesce(sum(amount_cents), 0) from refunds where status = 'succeeded') as refunded,
        (select coalesce(sum(amount_cents), 0) from payouts) as paid_out`);
  const payoutMonths = await db.execute(sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM') as month,
        sum(amount_cents) as cents from payouts group by 1`);
  const ledger = await ledgerSums(db);
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
      ledger: await ledgerReconciliation(db, ledger, earnings),
    },
  };
}

type Rows<T> = { rows: T[] };

/** The ledger's balances: each account's, and each host's payable. */
async function ledgerSums(db: DbOrTx) {
  const accounts = await db.execute(
    sql`select account, sum(amount_cents) as cents from ledger_entries group by account`,
  );
  const hosts = await db.execute(sql`select host_id, sum(amount_cents) as cents from ledger_entries
        where account = 'host_payable' group by host_id`);
  return {
    accounts: new Map(
      (accounts as unknown as Rows<{ account: string; cents: unknown }>).rows.map((r) => [
        r.account,
        cents(r.cents),
      ]),
    ),
    hosts: new Map(
      (hosts as unknown as Rows<{ host_id: string; cents: unknown }>).rows.map((r) => [
        r.host_id,
        cents(r.cents),
      ]),
    ),
  };
}

async function ledgerReconciliation(
  db: DbOrTx,
  ledger: Awaited<ReturnType<typeof ledgerSums>>,
  earnings: readonly HostEarning[],
): Promise<LedgerReconciliation> {
  const derived = new Map<string, number>();
  for (const e of earnings) derived.set(e.host_id, (derived.get(e.host_id) ?? 0) + e.due_cents);
  const hostIds = [...new Set([...derived.keys(), ...ledger.hosts.keys()])];
  const account = (name: string) => ledger.accounts.get(name) ?? 0;
  const total = [...ledger.accounts.values()].reduce((sum, c) => sum + c, 0);
  const check = ledgerCheck(
    total,
    hostIds.map((host_id) => ({
      host_id,
      ledger_cents: ledger.hosts.get(host_id) ?? 0,
      derived_cents: derived.get(host_id) ?? 0,
    })),
  );
  const names = check.mismatches.length
    ? await db
        .select({ id: profiles.id, name: profiles.full_name, email: profiles.email })
        .from(profiles)
        .where(
          inArray(
            profiles.id,
            check.mismatches.map((m) => m.host_id),
          ),
        )
    : [];
  return {
    total_cents: total,
    guest_funds_cents: account('guest_funds'),
    platform_fees_cents: account('platform_fees'),
    host_payable_cents: account('host_payable'),
    payouts_cents: account('payouts'),
    host_mismatches: check.mismatches.map((m) => {
      const who = names.find((n) => n.id === m.host_id);
      return { ...m, host_name: who?.name ?? who?.email ?? '' };
    }),
    balanced: check.balanced,
  };
}
