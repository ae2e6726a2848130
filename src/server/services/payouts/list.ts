/** Payouts as the host and the admin see them, newest first (issue 29). */
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { PayoutRecord } from '@/domain/contract';
import type { DbOrTx } from '../../db/client';
import { payouts, profiles } from '../../db/schema';

export interface PayoutScope {
  hostId?: string;
  /** Recorded on or after this date / before the day after `to` (UTC dates). */
  from?: string;
  to?: string;
  limit?: number;
}

export async function listPayouts(db: DbOrTx, scope: PayoutScope): Promise<PayoutRecord[]> {
  const conditions: SQL[] = [];
  if (scope.hostId) conditions.push(eq(payouts.host_id, scope.hostId));
  if (scope.from) conditions.push(gte(payouts.created_at, new Date(`${scope.from}T00:00:00Z`)));
  if (scope.to)
    conditions.push(lt(payouts.created_at, new Date(Date.parse(`${scope.to}T00:00:00Z`) + 86_400_000)));
  const rows = await db
    .select({
      id: payouts.id,
      host_id: payouts.host_id,
      host_name: profiles.full_name,
      host_email: profiles.email,
      amount_cents: payouts.amount_cents,
      bank_reference: payouts.bank_reference,
      bank_account_last4: payouts.bank_account_last4,
      bookings: sql<number>`(select count(*) from payout_items i where i.payout_id = ${payouts.id})`.mapWith(
        Number,
      ),
      created_at: payouts.created_at,
    })
    .from(payouts)
    .innerJoin(profiles, eq(profiles.id, payouts.host_id))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(payouts.created_at), desc(payouts.id))
    .limit(scope.limit ?? 200);
  return rows.map((r) => ({ ...r, host_name: r.host_name ?? '', created_at: r.created_at.toISOString() }));
}

const csvCell = (v: string) => (/[",\n\r]/.test(v) || /^[=+\-@]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** A batch of payouts as CSV for the bank's records (GET /api/admin/payouts.csv). */
export function payoutsCsv(rows: readonly PayoutRecord[]): string {
  const head = ['Date', 'Host', 'Email', 'Bank account', 'Amount', 'Bank reference', 'Bookings', 'Payout'];
  const lines = rows.map((r) =>
    [
      r.created_at.slice(0, 10),
      csvCell(r.host_name),
      csvCell(r.host_email),
      r.bank_account_last4 ? `****${r.bank_account_last4}` : '',
      (r.amount_cents / 100).toFixed(2),
      csvCell(r.bank_reference),
      String(r.bookings),
      r.id,
    ].join(','),
  );
  const total = rows.reduce((sum, r) => sum + r.amount_cents, 0);
  lines.push(['Total', '', '', '', (total / 100).toFixed(2), '', '', ''].join(','));
  return [head.join(','), ...lines].join('\r\n') + '\r\n';
}
