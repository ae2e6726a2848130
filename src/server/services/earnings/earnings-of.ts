/**
 * Every booking that took money, as earnings (src/domain/earnings.ts): gross, additional charges,
 * refunds, the fee at the booking's own rate, what payouts have paid of it, and its status.
 * Read in one query from payments, refunds and payout_items — the money's own records, so
 * balances are always derived, never stored (issue 29, decision 0079). For one host, or for all
 * (the admin's payouts and report).
 */
import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { earningOf, type Earning } from '@/domain/earnings';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { bookings, venues } from '../../db/schema';

export interface EarningsScope {
  hostId?: string;
  /** Events from and to these dates (inclusive). */
  from?: string;
  to?: string;
}

export type HostEarning = Earning & { host_id: string };

export async function earningsOf(
  db: DbOrTx,
  ctx: Pick<AppContext, 'now' | 'config'>,
  scope: EarningsScope,
): Promise<HostEarning[]> {
  const conditions: SQL[] = [
    sql`exists (select 1 from payments p where p.booking_id = ${bookings.id} and p.status = 'succeeded' and p.kind <> 'setup')`,
  ];
  if (scope.hostId) conditions.push(eq(venues.host_id, scope.hostId));
  if (scope.from) conditions.push(gte(bookings.date, scope.from));
  if (scope.to) conditions.push(lte(bookings.date, scope.to));
  const cents = (query: SQL) => sql<number>`coalesce((${query}), 0)`.mapWith(Number);
  const rows = await db
    .select({
      host_id: venues.host_id,
      booking_id: bookings.id,
      venue_name: venues.name,
      date: bookings.date,
      ends_at: bookings.ends_at,
      fee_bps: bookings.platform_fee_bps,
      payment_cents: cents(sql`select sum(p.amount_cents) from payments p
        where p.booking_id = ${bookings.id} and p.kind = 'payment' and p.status = 'succeeded'`),
      charges_cents: cents(sql`select sum(p.amount_cents) from payments p
        where p.booking_id = ${bookings.id} and p.kind = 'additional_charge' and p.status = 'succeeded'`),
      refunds_cents: cents(sql`select sum(r.amount_cents) from refunds r
        where r.booking_id = ${bookings.id} and r.status = 'succeeded'`),
      paid_out_cents: cents(
        sql`select sum(i.amount_cents) from payout_items i where i.booking_id = ${bookings.id}`,
      ),
    })
    .from(bookings)
    .innerJoin(venues, eq(venues.id, bookings.venue_id))
    .where(and(...conditions))
    .orderBy(sql`${bookings.date} desc`, sql`${bookings.starts_at} desc`, sql`${bookings.id}`);
  const now = ctx.now();
  return rows.map((r) => ({ ...earningOf(r, now, ctx.config.PAYOUT_HOLD_DAYS), host_id: r.host_id }));
}
