import { describe, expect, it } from 'vitest';
import { chargeAdditionalSchema, firstIssueOf } from '.';

const BOOKING = '3f2b8c1d-9e4a-4b7c-8d2e-1a2b3c4d5e6f';

describe('chargeAdditionalSchema (POST /api/charge-additional)', () => {
  const charge = { bookingId: BOOKING, amount: 125.5, reason: 'minimum_spend_not_met' };

  it('accepts a charge, in cents, and fills the description from the reason', () => {
    expect(chargeAdditionalSchema.parse(charge)).toMatchObject({
      ...charge,
      amountCents: 12_550,
      description: 'Additional charge for Minimum Bar Spend Not Met',
    });
  });

  it('takes the custom reason of "other" from custom_reason or, as SPEC sends it, the description', () => {
    expect(
      chargeAdditionalSchema.parse({
        ...charge,
        reason: 'other',
        custom_reason: ' Lost keys ',
        amount: '0.01',
      }),
    ).toMatchObject({ amount: 0.01, amountCents: 1, description: 'Lost keys', custom_reason: 'Lost keys' });
    expect(
      chargeAdditionalSchema.parse({ ...charge, reason: 'other', description: 'Broken glass table' }),
    ).toMatchObject({ description: 'Broken glass table' });
  });

  it('reads an upper-case booking id as the same id', () => {
    expect(chargeAdditionalSchema.parse({ ...charge, bookingId: BOOKING.toUpperCase() }).bookingId).toBe(
      BOOKING,
    );
  });

  it.each<[object, string, string]>([
    [{ amount: undefined }, 'amount', 'Please fill in all required fields'],
    [{ amount: '' }, 'amount', 'Please fill in all required fields'],
    [{ amount: 0 }, 'amount', 'Please enter a valid amount greater than $0'],
    [{ amount: -3 }, 'amount', 'Please enter a valid amount greater than $0'],
    [{ amount: 'abc' }, 'amount', 'Please enter a valid amount greater than $0'],
    [{ amount: 1.005 }, 'amount', 'Amount can have at most 2 decimal places.'],
    [{ reason: undefined }, 'reason', 'Please fill in all required fields'],
    [{ reason: 'fun' }, 'reason', 'Please fill in all required fields'],
    [{ reason: 'other' }, 'custom_reason', 'Please describe the reason for the charge.'],
    [
      { reason: 'other', custom_reason: '   ', description: ' ' },
      'custom_reason',
      'Please describe the reason for the charge.',
    ],
    [{ bookingId: undefined }, 'bookingId', 'Booking id is required.'],
    [{ bookingId: 'abc' }, 'bookingId', 'Invalid booking id.'],
  ])('refuses %j', (patch, field, message) => {
    expect(firstIssueOf(chargeAdditionalSchema, { ...charge, ...patch })).toEqual({ field, message });
  });
});
