import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  earningOf,
  earningsCsv,
  monthlyNet,
  payoutPlan,
  platformFeeCents,
  totalsOf,
  type EarningInput,
} from './earnings';

const input = (over: Partial<EarningInput> = {}): EarningInput => ({
  booking_id: 'b-1',
  venue_name: 'The Velvet Room',
  date: '2030-06-14',
  ends_at: new Date('2030-06-15T04:00:00Z'),
  payment_cents: 50_000,
  charges_cents: 0,
  refunds_cents: 0,
  fee_bps: 1000,
  paid_out_cents: 0,
  ...over,
});

describe('platformFeeCents', () => {
  it('takes the rate of the money kept, half up to the cent, never negative', () => {
    expect(platformFeeCents(50_000, 1000)).toBe(5000);
    expect(platformFeeCents(1005, 1000)).toBe(101); // 100.5 → 101
    expect(platformFeeCents(1004, 1000)).toBe(100);
    expect(platformFeeCents(0, 1000)).toBe(0);
    expect(platformFeeCents(-500, 1000)).toBe(0);
    expect(platformFeeCents(50_000, 0)).toBe(0);
  });
  it('fee plus net is always the money kept, and the fee never exceeds it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 5000 }),
        (cents, bps) => {
          const fee = platformFeeCents(cents, bps);
          return fee >= 0 && fee <= cents && Math.abs(fee - (cents * bps) / 10000) <= 0.5;
        },
      ),
    );
  });
});

describe('earningOf', () => {
  it('gross, additional charges and refunds make the net after the fee', () => {
    const e = earningOf(input({ charges_cents: 10_000, refunds_cents: 20_000 }), new Date('2030-06-01'), 2);
    expect(e).toMatchObject({
      gross_cents: 50_000,
      charges_cents: 10_000,
      refunds_cents: 20_000,
      fee_cents: 4000,
      net_cents: 36_000,
      fee_percent: 10,
    });
  });
  it('is pending until the event has ended plus the hold window, then available', () => {
    const ends = new Date('2030-06-15T04:00:00Z');
    const justBefore = new Date(ends.getTime() + 2 * 86_400_000 - 1);
    expect(earningOf(input(), justBefore, 2).status).toBe('pending');
    expect(earningOf(input(), new Date(ends.getTime() + 2 * 86_400_000), 2).status).toBe('available');
    expect(earningOf(input(), ends, 0).status).toBe('available');
    expect(earningOf(input(), ends, 2).available_at).toBe('2030-06-17T04:00:00.000Z');
  });
  it('a fully refunded booking earns nothing and pays no fee', () => {
    expect(earningOf(input({ refunds_cents: 50_000 }), new Date(), 2)).toMatchObject({
      fee_cents: 0,
      net_cents: 0,
    });
  });
});

describe('totals, months and the statement', () => {
  const now = new Date('2030-07-20T00:00:00Z');
  const rows = [
    earningOf(
      input({ booking_id: 'a', date: '2030-05-02', ends_at: new Date('2030-05-03T04:00:00Z') }),
      now,
      2,
    ),
    earningOf(
      input({
        booking_id: 'b',
        date: '2030-07-19',
        ends_at: new Date('2030-07-20T04:00:00Z'),
        payment_cents: 12_345,
      }),
      now,
      2,
    ),
  ];
  it('adds up, splitting available from pending', () => {
    expect(totalsOf(rows)).toEqual({
      gross_cents: 62_345,
      charges_cents: 0,
      refunds_cents: 0,
      fee_cents: 5000 + 1235,
      net_cents: 45_000 + 11_110,
      available_cents: 45_000,
      pending_cents: 11_110,
      paid_out_cents: 0,
    });
  });
  it('has every month from the first to the last, empty ones at 0', () => {
    expect(monthlyNet(rows)).toEqual([
      { month: '2030-05', net_cents: 45_000 },
      { month: '2030-06', net_cents: 0 },
      { month: '2030-07', net_cents: 11_110 },
    ]);
    expect(monthlyNet([])).toEqual([]);
  });
  it('writes a CSV whose rows add up to its total row, with formula-like names quoted', () => {
    const csv = earningsCsv([
      ...rows,
      earningOf(input({ booking_id: 'c', venue_name: '=HYPERLINK("x")' }), now, 2),
    ]);
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Date,Venue,Booking,Gross,Additional charges,Refunds,Platform fee,Net,Paid out,Status',
    );
    expect(lines[3]).toContain('"=HYPERLINK(""x"")"');
    const nets = lines.slice(1, -1).map((l) => Number(l.split(',').at(-3)));
    expect(lines.at(-1)).toBe(
      `Total,,,${(112_345 / 100).toFixed(2)},0.00,0.00,${((5000 + 1235 + 5000) / 100).toFixed(2)},${nets.reduce((a, b) => a + b, 0).toFixed(2)},0.00,`,
    );
  });
});

describe('payouts', () => {
  const now = new Date('2030-07-20T00:00:00Z');
  const at = (over: Partial<EarningInput>) => earningOf(input(over), now, 2);
  it('an available earning paid in full is paid out; a pending one is not paid', () => {
    expect(at({ paid_out_cents: 45_000 })).toMatchObject({ status: 'paid_out', due_cents: 0 });
    expect(at({ paid_out_cents: 0 })).toMatchObject({ status: 'available', due_cents: 45_000 });
    const pending = at({ date: '2030-07-19', ends_at: new Date('2030-07-20T04:00:00Z') });
    expect(pending.status).toBe('pending');
    expect(payoutPlan([pending])).toBeNull();
  });
  it('a refund after a payout is due back: negative, carried into the next payout', () => {
    const late = at({ paid_out_cents: 45_000, refunds_cents: 10_000 });
    expect(late).toMatchObject({ status: 'available', net_cents: 36_000, due_cents: -9000 });
    const fresh = at({ booking_id: 'new', payment_cents: 20_000 });
    expect(payoutPlan([late, fresh])).toEqual({
      amount_cents: 18_000 - 9000,
      items: [
        { booking_id: 'b-1', amount_cents: -9000 },
        { booking_id: 'new', amount_cents: 18_000 },
      ],
    });
    expect(totalsOf([late, fresh]).available_cents).toBe(9000);
    // Alone, the negative balance pays nothing and waits.
    expect(payoutPlan([late])).toBeNull();
  });
  it('after any payout plan is paid, nothing available is due and the paid total is the net', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            payment: fc.integer({ min: 0, max: 500_000 }),
            charges: fc.integer({ min: 0, max: 100_000 }),
            refundShare: fc.integer({ min: 0, max: 100 }),
            paid: fc.integer({ min: 0, max: 600_000 }),
            past: fc.boolean(),
          }),
          { maxLength: 12 },
        ),
        (specs) => {
          const rows = specs.map((s, i) => {
            const kept = s.payment + s.charges;
            return at({
              booking_id: `b${i}`,
              payment_cents: s.payment,
              charges_cents: s.charges,
              refunds_cents: Math.floor((kept * s.refundShare) / 100),
              paid_out_cents: s.past ? s.paid : 0,
              ...(s.past ? {} : { ends_at: new Date('2030-07-30T00:00:00Z') }),
            });
          });
          const plan = payoutPlan(rows);
          const balance = totalsOf(rows).available_cents;
          if (!plan) return balance <= 0;
          if (plan.amount_cents !== balance) return false;
          const paid = new Map(plan.items.map((i) => [i.booking_id, i.amount_cents]));
          return rows.every((r) => {
            if (r.status === 'pending') return !paid.has(r.booking_id);
            return r.paid_out_cents + (paid.get(r.booking_id) ?? 0) === r.net_cents;
          });
        },
      ),
    );
  });
});
