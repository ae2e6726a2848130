/**
 * Money written straight into the tables by a test's fixture, with the ledger posting the
 * services would write beside it (decision 83): the database refuses a succeeded payment or
 * refund without one at commit. The postings are the domain's; the booking's books are read
 * from the ledger as services/ledger/post.ts reads them.
 */
import { eq, sql } from 'drizzle-orm';
import {
  additionalChargeCaptured,
  paymentCaptured,
  refundSucceeded,
  type BookingBooks,
  type Posting,
} from '../../src/domain/ledger';
import type { Tx } from '../../src/server/db/client';
import { bookings, ledgerEntries, payments, refunds, venues } from '../../src/server/db/schema';
import type { TestEnv } from './env';

async function booksOf(tx: Tx, bookingId: string): Promise<BookingBooks> {
  const [b] = await tx
    .select({ booking_id: bookings.id, host_id: venues.host_id, fee_bps: bookings.platform_fee_bps })
    .from(bookings)
    .innerJoin(venues, eq(venues.id, bookings.venue_id))
    .where(eq(bookings.id, bookingId));
  const [sums] = await tx
    .select({
      guest: sql<number>`coalesce(sum(amount_cents) filter (where account = 'guest_funds'), 0)`.mapWith(
        Number,
      ),
      fee: sql<number>`coalesce(sum(amount_cents) filter (where account = 'platform_fees'), 0)`.mapWith(
        Number,
      ),
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.booking_id, bookingId));
  return { ...b!, kept_cents: 0 - sums!.guest, fee_cents: sums!.fee };
}

async function post(tx: Tx, p: Posting) {
  const posting_id = crypto.randomUUID();
  await tx.insert(ledgerEntries).values(
    p.entries.map((e) => ({
      posting_id,
      kind: p.kind,
      ...e,
      payment_id: p.payment_id,
      refund_id: p.refund_id,
      payout_id: p.payout_id,
    })),
  );
}

/** A payment row as the provider would have left it, posted when it succeeded with money. */
export function insertPostedPayment(env: TestEnv, values: typeof payments.$inferInsert) {
  return env.ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(payments).values(values).returning();
    if (row!.status === 'succeeded' && row!.kind !== 'setup' && row!.amount_cents > 0) {
      const capture = row!.kind === 'payment' ? paymentCaptured : additionalChargeCaptured;
      await post(tx, capture(await booksOf(tx, row!.booking_id), row!));
    }
    return row!;
  });
}

/** A refund row, posted when it succeeded. */
export function insertPostedRefund(env: TestEnv, values: typeof refunds.$inferInsert) {
  return env.ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(refunds).values(values).returning();
    if (row!.status === 'succeeded')
      await post(tx, refundSucceeded(await booksOf(tx, row!.booking_id), row!));
    return row!;
  });
}
