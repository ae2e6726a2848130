import { describe, expect, it } from 'vitest';
import {
  CHARGE_REASONS,
  CHARGE_REASON_LABELS,
  canReportAdditionalCharge,
  chargeDescription,
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
