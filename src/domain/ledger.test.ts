import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { earningOf, payoutPlan, platformFeeCents } from './earnings';
import {
  additionalChargeCaptured,
  assertBalanced,
  booksAfter,
  ledgerCheck,
  paymentCaptured,
  payoutRecorded,
  payoutReversed,
  postingTotal,
  refundSucceeded,
  type BookingBooks,
  type LedgerAccount,
  type Posting,
} from './ledger';

const fresh = (over: Partial<BookingBooks> = {}): BookingBooks => ({
  booking_id: 'b-1',
  host_id: 'h-1',
  fee_bps: 1000,
  kept_cents: 0,
  fee_cents: 0,
  ...over,
});

const amounts = (p: Posting) =>
  Object.fromEntries(p.entries.map((e) => [e.account, e.amount_cents])) as Partial<
    Record<LedgerAccount, number>
  >;

describe('a payment captured', () => {
  it('takes the guest’s money into the fee at the booking’s rate and the host’s payable', () => {
    const p = paymentCaptured(fresh(), { id: 'p-1', amount_cents: 30_000 });
    expect(p).toMatchObject({ kind: 'payment', payment_id: 'p-1', refund_id: null, payout_id: null });
    expect(amounts(p)).toEqual({ guest_funds: -30_000, platform_fees: 3000, host_payable: 27_000 });
    expect(p.entries.every((e) => e.booking_id === 'b-1')).toBe(true);
    expect(p.entries.find((e) => e.account === 'host_payable')!.host_id).toBe('h-1');
    expect(p.entries.find((e) => e.account === 'guest_funds')!.host_id).toBeNull();
    expect(postingTotal(p)).toBe(0);
  });

  it('rounds the fee half up to the cent, as the earnings do', () => {
    expect(amounts(paymentCaptured(fresh(), { id: 'p', amount_cents: 1005 }))).toEqual({
      guest_funds: -1005,
      platform_fees: 101,
      host_payable: 904,
    });
    expect(amounts(paymentCaptured(fresh({ fee_bps: 1550 }), { id: 'p', amount_cents: 999 }))).toEqual({
      guest_funds: -999,
      platform_fees: platformFeeCents(999, 1550),
      host_payable: 999 - platformFeeCents(999, 1550),
    });
  });

  it('at a rate of zero, writes no fee entry: all of it is the host’s', () => {
    const p = paymentCaptured(fresh({ fee_bps: 0 }), { id: 'p', amount_cents: 5000 });
    expect(amounts(p)).toEqual({ guest_funds: -5000, host_payable: 5000 });
    expect(p.entries).toHaveLength(2);
  });

  it('refuses an amount that is not whole cents above zero', () => {
    for (const amount_cents of [0, -1, 10.5, Number.NaN, Number.MAX_SAFE_INTEGER + 2])
      expect(() => paymentCaptured(fresh(), { id: 'p', amount_cents })).toThrow(RangeError);
  });
});

describe('an additional charge captured', () => {
  it('moves the fee to the rule’s value on the new total (not a fee of its own)', () => {
    const books = fresh({ kept_cents: 1005, fee_cents: 101 });
    const p = additionalChargeCaptured(books, { id: 'c-1', amount_cents: 1005 });
    expect(p).toMatchObject({ kind: 'additional_charge', payment_id: 'c-1' });
    // 2010 × 10 % = 201: 100 more, not another 101.
    expect(amounts(p)).toEqual({ guest_funds: -1005, platform_fees: 100, host_payable: 905 });
  });
});

describe('a refund', () => {
  it('gives the guest’s money back out of the fee and the host’s payable, in the earnings’ proportion', () => {
    const books = fresh({ kept_cents: 30_000, fee_cents: 3000 });
    const p = refundSucceeded(books, { id: 'r-1', amount_cents: 10_000 });
    expect(p).toMatchObject({ kind: 'refund', refund_id: 'r-1', payment_id: null });
    expect(amounts(p)).toEqual({ guest_funds: 10_000, platform_fees: -1000, host_payable: -9000 });
  });

  it('a full refund returns the whole fee', () => {
    const books = fresh({ kept_cents: 1005, fee_cents: 101 });
    expect(amounts(refundSucceeded(books, { id: 'r', amount_cents: 1005 }))).toEqual({
      guest_funds: 1005,
      platform_fees: -101,
      host_payable: -904,
    });
  });

  it('a refund that leaves the fee where it was is the host’s alone', () => {
    // 1004 and 1000 both make a fee of 100 at 10 %.
    const books = fresh({ kept_cents: 1004, fee_cents: 100 });
    const p = refundSucceeded(books, { id: 'r', amount_cents: 4 });
    expect(amounts(p)).toEqual({ guest_funds: 4, host_payable: -4 });
  });

  it('refuses an amount that is not whole cents above zero', () => {
    for (const amount_cents of [0, -5, 0.1])
      expect(() => refundSucceeded(fresh({ kept_cents: 100 }), { id: 'r', amount_cents })).toThrow(
        RangeError,
      );
  });
});

describe('a payout', () => {
  const payout = {
    id: 'po-1',
    host_id: 'h-1',
    items: [
      { booking_id: 'b-1', amount_cents: 27_000 },
      { booking_id: 'b-2', amount_cents: -9000 },
    ],
  };

  it('takes each booking’s item off the host’s payable and the total into payouts', () => {
    const p = payoutRecorded(payout);
    expect(p).toMatchObject({ kind: 'payout', payout_id: 'po-1', payment_id: null, refund_id: null });
    expect(p.entries).toEqual([
      { account: 'host_payable', amount_cents: -27_000, host_id: 'h-1', booking_id: 'b-1' },
      { account: 'host_payable', amount_cents: 9000, host_id: 'h-1', booking_id: 'b-2' },
      { account: 'payouts', amount_cents: 18_000, host_id: 'h-1', booking_id: null },
    ]);
    expect(postingTotal(p)).toBe(0);
  });

  it('a reversal is its exact mirror: the money is owed again', () => {
    const p = payoutRecorded(payout);
    const r = payoutReversed(payout);
    expect(r.kind).toBe('payout_reversal');
    expect(r.entries.map((e) => e.amount_cents)).toEqual(p.entries.map((e) => -e.amount_cents));
    expect(postingTotal(r)).toBe(0);
  });

  it('refuses a payout of nothing or less, and items that are not whole cents', () => {
    expect(() => payoutRecorded({ ...payout, items: [] })).toThrow(RangeError);
    expect(() => payoutRecorded({ ...payout, items: [{ booking_id: 'b', amount_cents: -1 }] })).toThrow(
      RangeError,
    );
    expect(() => payoutRecorded({ ...payout, items: [{ booking_id: 'b', amount_cents: 1.5 }] })).toThrow(
      RangeError,
    );
  });
});

describe('assertBalanced', () => {
  const base = paymentCaptured(fresh(), { id: 'p', amount_cents: 1000 });
  it('passes every posting the events make', () => {
    expect(() => assertBalanced(base)).not.toThrow();
  });
  it('refuses a posting that does not sum to zero, has one entry, or a payable without its host', () => {
    const off = { ...base, entries: base.entries.map((e, i) => (i ? e : { ...e, amount_cents: -999 })) };
    expect(() => assertBalanced(off)).toThrow(/sum to zero/);
    expect(() => assertBalanced({ ...base, entries: base.entries.slice(0, 1) })).toThrow(/two entries/);
    const orphan = {
      ...base,
      entries: base.entries.map((e) => (e.account === 'host_payable' ? { ...e, host_id: null } : e)),
    };
    expect(() => assertBalanced(orphan)).toThrow(/host and booking/);
    const fraction = { ...base, entries: [...base.entries, { ...base.entries[0]!, amount_cents: 0.5 }] };
    expect(() => assertBalanced(fraction)).toThrow(/whole number/);
  });
});

describe('ledgerCheck', () => {
  it('balances when every entry sums to zero and each host’s payable is the derived balance', () => {
    expect(ledgerCheck(0, [{ host_id: 'h', ledger_cents: 5, derived_cents: 5 }])).toEqual({
      total_cents: 0,
      mismatches: [],
      balanced: true,
    });
  });
  it('names the hosts that differ, and a total that is not zero', () => {
    const off = { host_id: 'h2', ledger_cents: 5, derived_cents: 6 };
    expect(ledgerCheck(0, [{ host_id: 'h', ledger_cents: 5, derived_cents: 5 }, off])).toEqual({
      total_cents: 0,
      mismatches: [off],
      balanced: false,
    });
    expect(ledgerCheck(1, []).balanced).toBe(false);
  });
});

/** Any sequence of a booking's money events: the ledger is the earnings, to the cent. */
describe('property: the ledger agrees with the earnings rule', () => {
  type Event =
    { kind: 'payment' | 'charge'; amount: number } | { kind: 'refund'; share: number } | { kind: 'payout' };
  const event: fc.Arbitrary<Event> = fc.oneof(
    fc.record({ kind: fc.constant('payment' as const), amount: fc.integer({ min: 1, max: 2_000_000 }) }),
    fc.record({ kind: fc.constant('charge' as const), amount: fc.integer({ min: 1, max: 200_000 }) }),
    fc.record({ kind: fc.constant('refund' as const), share: fc.integer({ min: 1, max: 100 }) }),
    fc.record({ kind: fc.constant('payout' as const) }),
  );

  it('every posting sums to zero; the fee, the host’s payable and the accounts match earningOf', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.array(event, { maxLength: 30 }), (bps, events) => {
        let books = fresh({ fee_bps: bps });
        const balance: Record<LedgerAccount, number> = {
          guest_funds: 0,
          platform_fees: 0,
          host_payable: 0,
          payouts: 0,
        };
        let payment = 0;
        let charges = 0;
        let refunds = 0;
        let paidOut = 0;
        let n = 0;
        for (const e of events) {
          let p: Posting;
          if (e.kind === 'payment') {
            p = paymentCaptured(books, { id: `p${n++}`, amount_cents: e.amount });
            payment += e.amount;
          } else if (e.kind === 'charge') {
            p = additionalChargeCaptured(books, { id: `c${n++}`, amount_cents: e.amount });
            charges += e.amount;
          } else if (e.kind === 'refund') {
            const amount = Math.floor((books.kept_cents * e.share) / 100);
            if (amount <= 0) continue;
            p = refundSucceeded(books, { id: `r${n++}`, amount_cents: amount });
            refunds += amount;
          } else {
            const earning = earningOf(
              {
                booking_id: 'b-1',
                venue_name: 'V',
                date: '2030-01-01',
                ends_at: new Date('2030-01-01T00:00:00Z'),
                payment_cents: payment,
                charges_cents: charges,
                refunds_cents: refunds,
                fee_bps: bps,
                paid_out_cents: paidOut,
              },
              new Date('2031-01-01T00:00:00Z'),
              2,
            );
            const plan = payoutPlan([earning]);
            if (!plan) continue;
            p = payoutRecorded({ id: `po${n++}`, host_id: 'h-1', items: plan.items });
            paidOut += plan.amount_cents;
          }
          assertBalanced(p);
          books = booksAfter(books, p);
          for (const entry of p.entries) balance[entry.account] += entry.amount_cents;

          const kept = payment + charges - refunds;
          const fee = platformFeeCents(kept, bps);
          expect(books).toMatchObject({ kept_cents: kept, fee_cents: fee });
          expect(balance).toEqual({
            guest_funds: 0 - kept,
            platform_fees: fee,
            host_payable: kept - fee - paidOut,
            payouts: paidOut,
          });
        }
      }),
      { numRuns: 300 },
    );
  });
});
