/**
 * Writing the ledger (issue 29, decision 83). Every change of money posts here, inside the
 * transaction that makes the change: a payment or an additional charge that succeeded
 * (payments/record-paid.ts, payments/charge-additional.ts), a refund that succeeded
 * (payments/cancel.ts, payments/decide-dispute.ts, payments/record-paid.ts, payments/webhook.ts)
 * and a payout (payouts/record.ts) or a Stripe transfer and its reversal (payouts/stripe-transfers.ts). The postings are the domain's (src/domain/ledger.ts); the
 * database checks at commit that each sums to zero and that no succeeded payment, refund or
 * payout is left without its posting (migration 27), so a path that forgets this fails loudly.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  additionalChargeCaptured,
  assertBalanced,
  paymentCaptured,
  payoutRecorded,
  refundSucceeded,
  type BookingBooks,
  type PayoutMovement,
  type Posting,
} from '@/domain/ledger';
import type { Tx } from '../../db/client';
import { bookings, ledgerEntries, venues, type Payment, type Refund } from '../../db/schema';

/** Writes the postings, each under its own posting id, in one statement. */
export async function postToLedger(tx: Tx, postings: readonly Posting[]): Promise<void> {
  const rows = postings.flatMap((p) => {
    assertBalanced(p);
    const posting_id = randomUUID();
    return p.entries.map((e) => ({
      posting_id,
      kind: p.kind,
      account: e.account,
      host_id: e.host_id,
      booking_id: e.booking_id,
      payment_id: p.payment_id,
      refund_id: p.refund_id,
      payout_id: p.payout_id,
      amount_cents: e.amount_cents,
    }));
  });
  if (rows.length > 0) await tx.insert(ledgerEntries).values(rows);
}

/**
 * A booking's money as the ledger holds it, its row locked: two movements of one booking's
 * money post one after the other, each from what the other committed. The lock is NO KEY
 * UPDATE, so a payout's items (which only reference the booking) are not held up by it.
 */
export async function bookingBooks(tx: Tx, bookingId: string): Promise<BookingBooks> {
  const [booking] = await tx
    .select({ booking_id: bookings.id, host_id: venues.host_id, fee_bps: bookings.platform_fee_bps })
    .from(bookings)
    .innerJoin(venues, eq(venues.id, bookings.venue_id))
    .where(eq(bookings.id, bookingId))
    .for('no key update', { of: bookings });
  if (!booking) throw new Error(`ledger: booking ${bookingId} does not exist`);
  const [sums] = await tx
    .select({
      guest_funds:
        sql<number>`coalesce(sum(${ledgerEntries.amount_cents}) filter (where ${ledgerEntries.account} = 'guest_funds'), 0)`.mapWith(
          Number,
        ),
      fee: sql<number>`coalesce(sum(${ledgerEntries.amount_cents}) filter (where ${ledgerEntries.account} = 'platform_fees'), 0)`.mapWith(
        Number,
      ),
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.booking_id, bookingId));
  return { ...booking, kept_cents: 0 - (sums?.guest_funds ?? 0), fee_cents: sums?.fee ?? 0 };
}

type Money = Pick<Payment, 'id' | 'booking_id' | 'kind' | 'amount_cents' | 'status'>;

/** A payment or additional charge: posted once it has succeeded (a card setup moves no money). */
export async function postCaptured(tx: Tx, payment: Money): Promise<void> {
  if (payment.status !== 'succeeded' || payment.kind === 'setup' || payment.amount_cents <= 0) return;
  const books = await bookingBooks(tx, payment.booking_id);
  const capture = payment.kind === 'payment' ? paymentCaptured : additionalChargeCaptured;
  await postToLedger(tx, [capture(books, payment)]);
}

/** A refund: posted once it has succeeded (a pending one is posted when the provider settles it). */
export async function postRefunded(
  tx: Tx,
  refund: Pick<Refund, 'id' | 'booking_id' | 'amount_cents' | 'status'>,
): Promise<void> {
  if (refund.status !== 'succeeded') return;
  const books = await bookingBooks(tx, refund.booking_id);
  await postToLedger(tx, [refundSucceeded(books, refund)]);
}

/** A payout and its items: each booking's item leaves the host's payable. */
export async function postPayout(tx: Tx, payout: PayoutMovement): Promise<void> {
  await postToLedger(tx, [payoutRecorded(payout)]);
}
