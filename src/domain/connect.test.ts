import { describe, expect, it } from 'vitest';
import { connectStatus, canReceiveTransfers, transferAction } from './connect';
import { earningOf, platformFeeCents } from './earnings';

describe('connectStatus', () => {
  it('reads the account Stripe last reported', () => {
    expect(connectStatus(null)).toBe('not_connected');
    expect(connectStatus({ payouts_enabled: false, details_submitted: true })).toBe('needs_details');
    expect(connectStatus({ payouts_enabled: true, details_submitted: true })).toBe('payouts_enabled');
    expect(canReceiveTransfers({ payouts_enabled: false, details_submitted: false })).toBe(false);
    expect(canReceiveTransfers(null)).toBe(false);
  });
});

describe('transferAction', () => {
  it('transfers an available due, never a pending one', () => {
    expect(transferAction({ status: 'available', due_cents: 27000 }, 0)).toEqual({
      kind: 'transfer',
      amount_cents: 27000,
    });
    expect(transferAction({ status: 'pending', due_cents: 27000 }, 0)).toBeNull();
    expect(transferAction({ status: 'paid_out', due_cents: 0 }, 27000)).toBeNull();
  });

  it('reverses what a refund took off the net, at most what is transferred', () => {
    expect(transferAction({ status: 'available', due_cents: -9000 }, 27000)).toEqual({
      kind: 'reverse',
      amount_cents: 9000,
    });
    // Paid out by the admin's bank transfer, not by Stripe: nothing to reverse there.
    expect(transferAction({ status: 'available', due_cents: -9000 }, 0)).toBeNull();
    expect(transferAction({ status: 'available', due_cents: -9000 }, 5000)).toEqual({
      kind: 'reverse',
      amount_cents: 5000,
    });
  });

  it('the reversal is the refund’s proportion of the transfer, to the cent', () => {
    const at = new Date('2030-01-10T00:00:00Z');
    const ends = new Date('2030-01-01T00:00:00Z');
    for (const [captured, refunded, bps] of [
      [30000, 10000, 1000],
      [30000, 30000, 1000],
      [12345, 6789, 1250],
      [99999, 1, 700],
      [5001, 2500, 1500],
    ] as const) {
      const base = {
        booking_id: 'b',
        venue_name: 'v',
        date: '2030-01-01',
        ends_at: ends,
        charges_cents: 0,
        fee_bps: bps,
      };
      const transferred = captured - platformFeeCents(captured, bps);
      const after = earningOf(
        { ...base, payment_cents: captured, refunds_cents: refunded, paid_out_cents: transferred },
        at,
        2,
      );
      const action = transferAction(after, transferred);
      const proportional = (transferred * refunded) / captured;
      expect(action?.kind).toBe('reverse');
      expect(Math.abs(action!.amount_cents - proportional)).toBeLessThanOrEqual(1);
      // And the books close: what stays transferred is the net after the refund.
      expect(transferred - action!.amount_cents).toBe(after.net_cents);
    }
  });
});
