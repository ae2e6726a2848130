import { describe, expect, it } from 'vitest';
import {
  CHARGE_REASONS,
  canDispute,
  disputeProblem,
  CHARGE_REASON_LABELS,
  additionalChargeProblem,
  canReportAdditionalCharge,
  chargeCapCents,
  chargeDescription,
  chargeWindowEndsAt,
} from './charges';

describe('charge reasons', () => {
  it('lists the SPEC reasons and labels', () => {
    expect(CHARGE_REASONS.map((r) => CHARGE_REASON_LABELS[r])).toEqual([
      'Minimum Bar Spend Not Met',
      'Property Damages',
      'Additional Cleaning Required',
      'Overtime/Extended Hours',
      'Security Incident Costs',
      'Other Additional Costs',
    ]);
  });
});

describe('canReportAdditionalCharge', () => {
  const paidPast = { status: 'confirmed', date: '2025-03-14', payment_intent_id: 'seti_1' };
  it('is offered for a paid past minimum-spend booking', () => {
    expect(canReportAdditionalCharge(paidPast, 'minimum_spend', '2025-03-15')).toBe(true);
  });
  it.each<[string, object, 'hourly_rate' | 'minimum_spend']>([
    ['hourly venue', {}, 'hourly_rate'],
    ['no card on file', { payment_intent_id: null }, 'minimum_spend'],
    ['event today', { date: '2025-03-15' }, 'minimum_spend'],
    ['cancelled', { status: 'cancelled' }, 'minimum_spend'],
  ])('is not offered: %s', (_name, patch, type) => {
    expect(canReportAdditionalCharge({ ...paidPast, ...patch }, type, '2025-03-15')).toBe(false);
  });
});

describe('chargeDescription', () => {
  it('prefers the description, then the custom reason, then a default', () => {
    expect(chargeDescription('damages', null, ' Broken mirror ')).toBe('Broken mirror');
    expect(chargeDescription('other', 'Lost wristbands', '')).toBe('Lost wristbands');
    expect(chargeDescription('damages')).toBe('Additional charge for Property Damages');
  });
});

describe('the window and the cap', () => {
  const endsAt = new Date('2030-06-15T04:00:00Z');
  const base = { amountCents: 100, chargedCents: 0, totalCents: 50000, percent: 100, days: 3, endsAt };
  it('the window runs from the end for the configured days, inclusive', () => {
    expect(chargeWindowEndsAt(endsAt, 3).toISOString()).toBe('2030-06-18T04:00:00.000Z');
    expect(additionalChargeProblem({ ...base, now: new Date('2030-06-18T04:00:00Z') })).toBeNull();
    expect(additionalChargeProblem({ ...base, now: new Date('2030-06-18T04:00:01Z') })).toMatchObject({
      field: null,
    });
    expect(additionalChargeProblem({ ...base, days: 0, now: endsAt })).toBeNull();
  });
  it('the cap counts what was charged before; cents are floored', () => {
    expect(chargeCapCents(33333, 10)).toBe(3333);
    const now = endsAt;
    expect(additionalChargeProblem({ ...base, amountCents: 50000, now })).toBeNull();
    expect(additionalChargeProblem({ ...base, amountCents: 50001, now })).toMatchObject({ field: 'amount' });
    expect(additionalChargeProblem({ ...base, chargedCents: 49999, amountCents: 1, now })).toBeNull();
    expect(additionalChargeProblem({ ...base, chargedCents: 50000, amountCents: 1, now })?.message).toBe(
      'Additional charges on a booking may add up to at most $500.00 (100% of its total); $0.00 is left.',
    );
  });
  it('the button follows the view: hidden once the window closed or nothing is left', () => {
    const view = { status: 'confirmed', date: '2030-06-14', payment_intent_id: 'seti_1' };
    const now = new Date('2030-06-16T00:00:00Z');
    const open = {
      ...view,
      additional_charge_until: '2030-06-18T04:00:00.000Z',
      additional_charge_left_cents: 100,
    };
    expect(canReportAdditionalCharge(open, 'minimum_spend', '2030-06-16', now)).toBe(true);
    expect(
      canReportAdditionalCharge(open, 'minimum_spend', '2030-06-19', new Date('2030-06-19T00:00:00Z')),
    ).toBe(false);
    expect(
      canReportAdditionalCharge(
        { ...open, additional_charge_left_cents: 0 },
        'minimum_spend',
        '2030-06-16',
        now,
      ),
    ).toBe(false);
  });
});

describe('disputing a charge (48 hours)', () => {
  const made = new Date('2030-06-16T10:00:00Z');
  const charge = { kind: 'additional_charge', status: 'succeeded', created_at: made };
  const at = (ms: number) => new Date(made.getTime() + ms);
  it('open up to and including the 48th hour, closed a millisecond later', () => {
    expect(canDispute(charge, null, at(0))).toBe(true);
    expect(canDispute(charge, null, at(48 * 3_600_000))).toBe(true);
    expect(disputeProblem(charge, null, at(48 * 3_600_000 + 1))).toBe(
      'The 48 hours to dispute this charge have passed.',
    );
  });
  it('once only; only a succeeded additional charge', () => {
    expect(disputeProblem(charge, { status: 'open' }, at(1))).toBe('This charge is already disputed.');
    expect(canDispute(charge, { status: 'refunded' }, at(1))).toBe(false);
    expect(canDispute({ ...charge, status: 'failed' }, null, at(1))).toBe(false);
    expect(canDispute({ ...charge, kind: 'payment' }, null, at(1))).toBe(false);
    expect(canDispute({ ...charge, created_at: made.toISOString() }, null, at(1))).toBe(true);
  });
});
