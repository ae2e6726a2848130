/**
 * The ledger (issue 29, decision 83): every movement of money as double-entry postings, in
 * integer cents. Pure; the server writes each posting in the transaction of the change that
 * caused it (services/ledger/post.ts) and the database refuses a posting that does not sum to
 * zero and any UPDATE or DELETE of an entry (migration 27).
 *
 * Four accounts. An entry's amount is signed so that an account's balance (the sum of its
 * entries) reads:
 *
 * - `guest_funds`   − what guests paid in and were not given back (captured − refunded)
 * - `platform_fees` + the fees Velvet earned
 * - `host_payable`  + what Velvet owes a host and has not paid out yet (one per host and booking)
 * - `payouts`       + what was sent to hosts' bank accounts
 *
 * Every posting sums to zero, so the four balances do too: captured − refunded = fees + owed to
 * hosts + paid out, the reconciliation of decision 79 kept entry by entry.
 *
 * The fee is `platformFeeCents` of the money a booking kept (src/domain/earnings.ts): a payment,
 * charge or refund moves the booking's fee from the rule's value before it to its value after,
 * so a booking's `platform_fees` entries always add up to its earning's fee and its
 * `host_payable` entries to its net less what payouts paid (its `due_cents`).
 */
import { platformFeeCents } from './earnings';

export const LEDGER_ACCOUNTS = ['guest_funds', 'platform_fees', 'host_payable', 'payouts'] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

export const LEDGER_KINDS = ['payment', 'additional_charge', 'refund', 'payout', 'payout_reversal'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export interface LedgerEntry {
  account: LedgerAccount;
  amount_cents: number;
  /** The host of a `host_payable` entry (and of a payout's entries); null otherwise. */
  host_id: string | null;
  /** The booking the money belongs to; null for the `payouts` entry of a payout. */
  booking_id: string | null;
}

/** One money event's entries, written together; they sum to zero. */
export interface Posting {
  kind: LedgerKind;
  /** The record that caused it: a payment or additional charge, a refund, a payout. */
  payment_id: string | null;
  refund_id: string | null;
  payout_id: string | null;
  entries: LedgerEntry[];
}

/** A booking's money as the ledger holds it before an event. */
export interface BookingBooks {
  booking_id: string;
  /** The host of the booking's venue: whose payable it is. */
  host_id: string;
  /** The fee rate the booking was requested at (basis points). */
  fee_bps: number;
  /** Money kept so far: captured less refunded (minus its `guest_funds` balance). */
  kept_cents: number;
  /** The fee taken so far (its `platform_fees` balance). */
  fee_cents: number;
}

export interface PayoutMovement {
  id: string;
  host_id: string;
  /** What it paid of each booking (negative for a refund that came after an earlier payout). */
  items: ReadonlyArray<{ booking_id: string; amount_cents: number }>;
}

function wholeCents(n: number, what: string) {
  if (!Number.isSafeInteger(n)) throw new RangeError(`${what} must be a whole number of cents (got ${n})`);
}

function positiveCents(n: number, what: string) {
  wholeCents(n, what);
  if (n <= 0) throw new RangeError(`${what} must be above zero (got ${n})`);
}

const keep = (entries: LedgerEntry[]) => entries.filter((e) => e.amount_cents !== 0);

/** Money in from the guest: the booking's fee moves to the rule's value on the new total, the rest is the host's. */
function captured(
  kind: 'payment' | 'additional_charge',
  books: BookingBooks,
  money: { id: string; amount_cents: number },
): Posting {
  positiveCents(money.amount_cents, 'A captured amount');
  const fee = platformFeeCents(books.kept_cents + money.amount_cents, books.fee_bps) - books.fee_cents;
  const on = { host_id: null, booking_id: books.booking_id };
  return {
    kind,
    payment_id: money.id,
    refund_id: null,
    payout_id: null,
    entries: keep([
      { account: 'guest_funds', amount_cents: -money.amount_cents, ...on },
      { account: 'platform_fees', amount_cents: fee, ...on },
      {
        account: 'host_payable',
        amount_cents: money.amount_cents - fee,
        host_id: books.host_id,
        booking_id: books.booking_id,
      },
    ]),
  };
}

/** A booking's payment captured (hourly bookings): guest funds → platform fee + host payable. */
export const paymentCaptured = (books: BookingBooks, payment: { id: string; amount_cents: number }) =>
  captured('payment', books, payment);

/** An additional charge captured after the event: the same split, at the booking's own rate. */
export const additionalChargeCaptured = (books: BookingBooks, charge: { id: string; amount_cents: number }) =>
  captured('additional_charge', books, charge);

/**
 * Money given back to the guest. As the earnings rule treats it, the refund lowers the money
 * kept: the fee falls to the rule's value on what is left, and the host's payable gives up the
 * rest — also after a payout, when the host's payable goes below what is still owed (and the
 * next payout nets it).
 */
export function refundSucceeded(books: BookingBooks, refund: { id: string; amount_cents: number }): Posting {
  positiveCents(refund.amount_cents, 'A refund');
  const feeBack = books.fee_cents - platformFeeCents(books.kept_cents - refund.amount_cents, books.fee_bps);
  const on = { host_id: null, booking_id: books.booking_id };
  return {
    kind: 'refund',
    payment_id: null,
    refund_id: refund.id,
    payout_id: null,
    entries: keep([
      { account: 'guest_funds', amount_cents: refund.amount_cents, ...on },
      { account: 'platform_fees', amount_cents: -feeBack, ...on },
      {
        account: 'host_payable',
        amount_cents: -(refund.amount_cents - feeBack),
        host_id: books.host_id,
        booking_id: books.booking_id,
      },
    ]),
  };
}

function payoutPosting(kind: 'payout' | 'payout_reversal', payout: PayoutMovement, sign: 1 | -1): Posting {
  let total = 0;
  const entries: LedgerEntry[] = [];
  for (const item of payout.items) {
    wholeCents(item.amount_cents, 'A payout item');
    total += item.amount_cents;
    entries.push({
      account: 'host_payable',
      amount_cents: -sign * item.amount_cents,
      host_id: payout.host_id,
      booking_id: item.booking_id,
    });
  }
  positiveCents(total, 'A payout');
  entries.push({ account: 'payouts', amount_cents: sign * total, host_id: payout.host_id, booking_id: null });
  return { kind, payment_id: null, refund_id: null, payout_id: payout.id, entries: keep(entries) };
}

/** A payout recorded: each booking's item leaves the host's payable, the total goes to payouts. */
export const payoutRecorded = (payout: PayoutMovement) => payoutPosting('payout', payout, 1);

/**
 * A payout undone: the exact mirror of its posting, so the money is owed to the host again — a
 * Stripe transfer reversed after a refund (decision 88), recorded as a new payouts row.
 */
export const payoutReversed = (payout: PayoutMovement) => payoutPosting('payout_reversal', payout, -1);

/** The sum of a posting's entries: 0 for every posting these functions make. */
export const postingTotal = (p: Posting) => p.entries.reduce((sum, e) => sum + e.amount_cents, 0);

/** Throws unless the posting is whole cents, non-empty, and sums to zero. */
export function assertBalanced(p: Posting): void {
  if (p.entries.length < 2) throw new RangeError(`A ${p.kind} posting needs two entries or more`);
  for (const e of p.entries) {
    wholeCents(e.amount_cents, 'A ledger entry');
    if (e.account === 'host_payable' && (!e.host_id || !e.booking_id))
      throw new RangeError('A host payable entry names its host and booking');
  }
  const total = postingTotal(p);
  if (total !== 0) throw new RangeError(`A ${p.kind} posting must sum to zero (it sums to ${total})`);
}

/** A booking's books after a posting of its money (a payout does not change them). */
export function booksAfter(books: BookingBooks, p: Posting): BookingBooks {
  let kept = books.kept_cents;
  let fee = books.fee_cents;
  for (const e of p.entries) {
    if (e.booking_id !== books.booking_id) continue;
    if (e.account === 'guest_funds') kept -= e.amount_cents;
    if (e.account === 'platform_fees') fee += e.amount_cents;
  }
  return { ...books, kept_cents: kept, fee_cents: fee };
}

export interface HostPayableCheck {
  host_id: string;
  /** The host's `host_payable` balance in the ledger. */
  ledger_cents: number;
  /** What the earnings say the host is owed (pending and available dues). */
  derived_cents: number;
}

export interface LedgerCheck {
  /** The sum of every entry: 0 when the ledger balances. */
  total_cents: number;
  /** The hosts whose ledger payable differs from their derived balance. */
  mismatches: HostPayableCheck[];
  balanced: boolean;
}

/** The ledger's own check: all entries sum to zero, and each host's payable is their derived balance. */
export function ledgerCheck(total_cents: number, hosts: readonly HostPayableCheck[]): LedgerCheck {
  const mismatches = hosts.filter((h) => h.ledger_cents !== h.derived_cents);
  return { total_cents, mismatches, balanced: total_cents === 0 && mismatches.length === 0 };
}
