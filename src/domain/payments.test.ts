import { describe, expect, it } from 'vitest';
import { canOnBooking } from './access';
import {
  cardBrand,
  expiresAtFor,
  formatCents,
  passesLuhn,
  paymentDueAtFor,
  paymentStateOf,
  refundFor,
  refundMessage,
  toCents,
  type CancellationPolicy,
  type PaymentFacts,
} from './payments';

const H = 3_600_000;
const start = new Date('2030-06-14T00:00:00Z');
const before = (ms: number) => new Date(start.getTime() - ms);

describe('toCents / formatCents', () => {
  it('converts dollars to integer cents without float drift', () => {
    expect(toCents(0)).toBe(0);
    expect(toCents(0.01)).toBe(1);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(1.005)).toBe(101);
    expect(toCents(300)).toBe(30000);
    expect(toCents(0.1 + 0.2)).toBe(30);
  });
  it('formats cents as US dollars', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(1)).toBe('$0.01');
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(-250)).toBe('-$2.50');
  });
});

describe('refundFor', () => {
  const cases: Array<[CancellationPolicy, number, number]> = [
    // policy, ms before start, expected refund of 10001 cents
    ['flexible', 24 * H + 1, 10001],
    ['flexible', 24 * H, 10001],
    ['flexible', 24 * H - 1, 0],
    ['flexible', 0, 0],
    ['moderate', 72 * H + 1, 10001],
    ['moderate', 72 * H, 10001],
    ['moderate', 72 * H - 1, 5000],
    ['moderate', -H, 5000],
    ['strict', 7 * 24 * H + 1, 5000],
    ['strict', 7 * 24 * H, 5000],
    ['strict', 7 * 24 * H - 1, 0],
    ['strict', H, 0],
  ];
  it.each(cases)('%s, %d ms before the start → %d cents (guest)', (policy, ms, refund) => {
    expect(refundFor(policy, 10001, start, before(ms), 'guest')).toBe(refund);
  });

  it('host, admin and system cancellations refund in full whatever the policy and time', () => {
    for (const policy of ['flexible', 'moderate', 'strict'] as const) {
      for (const by of ['host', 'admin', 'system'] as const) {
        expect(refundFor(policy, 4321, start, before(H), by)).toBe(4321);
        expect(refundFor(policy, 4321, start, before(-5 * H), by)).toBe(4321);
      }
    }
  });

  it('refunds nothing when nothing was paid', () => {
    expect(refundFor('flexible', 0, start, before(100 * H), 'guest')).toBe(0);
    expect(refundFor('flexible', 0, start, before(100 * H), 'host')).toBe(0);
  });

  it('says what the refund is', () => {
    expect(refundMessage('flexible', 0, 0, 'guest')).toMatch(/nothing to refund/);
    expect(refundMessage('moderate', 10000, 5000, 'guest')).toContain('$50.00 of the $100.00');
    expect(refundMessage('flexible', 10000, 10000, 'guest')).toContain('full $100.00');
    expect(refundMessage('strict', 10000, 0, 'guest')).toContain('refunds nothing');
    expect(refundMessage('strict', 10000, 10000, 'host')).toContain('in full');
  });
});

describe('deadlines', () => {
  it('a request expires 72 h after it was made, or at the start if sooner', () => {
    const created = new Date('2030-06-01T12:00:00Z');
    expect(expiresAtFor(created, new Date('2030-06-10T00:00:00Z'))).toEqual(new Date('2030-06-04T12:00:00Z'));
    expect(expiresAtFor(created, new Date('2030-06-02T20:00:00Z'))).toEqual(new Date('2030-06-02T20:00:00Z'));
    expect(expiresAtFor(created, new Date('2030-06-04T12:00:00Z'))).toEqual(new Date('2030-06-04T12:00:00Z'));
  });
  it('an unpaid hourly booking is released 24 h after confirmation, or 2 h before the start if sooner', () => {
    const confirmed = new Date('2030-06-01T12:00:00Z');
    expect(paymentDueAtFor(confirmed, new Date('2030-06-10T00:00:00Z'))).toEqual(
      new Date('2030-06-02T12:00:00Z'),
    );
    expect(paymentDueAtFor(confirmed, new Date('2030-06-02T10:00:00Z'))).toEqual(
      new Date('2030-06-02T08:00:00Z'),
    );
    expect(paymentDueAtFor(confirmed, new Date('2030-06-02T14:00:00Z'))).toEqual(
      new Date('2030-06-02T12:00:00Z'),
    );
  });
});

describe('paymentStateOf', () => {
  const base: PaymentFacts = {
    pricing_type: 'hourly_rate',
    payment_intent_id: null,
    paid_cents: 0,
    refunded_cents: 0,
    processing: false,
  };
  it('covers every state', () => {
    expect(paymentStateOf(base)).toBe('unpaid');
    expect(paymentStateOf({ ...base, processing: true })).toBe('processing');
    expect(paymentStateOf({ ...base, payment_intent_id: 'pi_1', paid_cents: 100 })).toBe('paid');
    expect(paymentStateOf({ ...base, pricing_type: 'minimum_spend', payment_intent_id: 'seti_1' })).toBe(
      'card_on_file',
    );
    expect(
      paymentStateOf({
        ...base,
        pricing_type: 'minimum_spend',
        payment_intent_id: 'seti_1',
        paid_cents: 500,
      }),
    ).toBe('card_on_file');
    expect(paymentStateOf({ ...base, payment_intent_id: 'pi_1', paid_cents: 100, refunded_cents: 100 })).toBe(
      'refunded',
    );
    expect(paymentStateOf({ ...base, payment_intent_id: 'pi_1', paid_cents: 100, refunded_cents: 50 })).toBe(
      'partially_refunded',
    );
  });
});

describe('test cards', () => {
  it('checks Luhn', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('4000000000009995')).toBe(true);
    expect(passesLuhn('4000002500003155')).toBe(true);
    expect(passesLuhn('4000002760003184')).toBe(true);
    expect(passesLuhn('5555555555554444')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('42424242')).toBe(false);
    expect(passesLuhn('42424242424242a2')).toBe(false);
  });
  it('knows the brand', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('9999999999999995')).toBe('unknown');
  });
});

describe('access for payments', () => {
  const booking = { user_id: 'g', host_id: 'h' };
  const as = (profileId: string, role: 'user' | 'host' | 'admin') => ({ profileId, role });
  it('only the guest pays and cancels as guest; only the host charges and cancels as host; the admin cancels as admin', () => {
    expect(canOnBooking(as('g', 'user'), booking, 'pay')).toBe(true);
    expect(canOnBooking(as('x', 'user'), booking, 'pay')).toBe(false);
    expect(canOnBooking(as('h', 'host'), booking, 'pay')).toBe(false);
    expect(canOnBooking(as('h', 'host'), booking, 'chargeAdditional')).toBe(true);
    expect(canOnBooking(as('o', 'host'), booking, 'chargeAdditional')).toBe(false);
    expect(canOnBooking(as('a', 'admin'), booking, 'chargeAdditional')).toBe(false);
    expect(canOnBooking(as('g', 'user'), booking, 'cancelAsGuest')).toBe(true);
    expect(canOnBooking(as('h', 'host'), booking, 'cancelAsHost')).toBe(true);
    expect(canOnBooking(as('a', 'admin'), booking, 'cancelAsAdmin')).toBe(true);
    expect(canOnBooking(as('g', 'user'), booking, 'cancelAsAdmin')).toBe(false);
    expect(canOnBooking(null, booking, 'readPayments')).toBe(false);
  });
});
