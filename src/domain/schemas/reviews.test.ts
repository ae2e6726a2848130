import { describe, expect, it } from 'vitest';
import { additionalChargeSchema, firstIssueOf, reviewSchema } from '.';

const UUID = '3f2b8c1d-9e4a-4b7c-8d2e-1a2b3c4d5e6f';

describe('reviewSchema', () => {
  const review = { booking_id: UUID, rating: 5, comment: '  Amazing night, great staff!  ' };
  it('accepts a review, trimming the comment', () => {
    expect(reviewSchema.parse(review)).toEqual({ ...review, comment: 'Amazing night, great staff!' });
  });
  it.each<[object, string, string]>([
    [{ rating: undefined }, 'rating', 'Please select a rating before submitting your review.'],
    [{ rating: 0 }, 'rating', 'Please select a rating before submitting your review.'],
    [{ rating: 6 }, 'rating', 'Rating must be between 1 and 5.'],
    [{ rating: 4.5 }, 'rating', 'Please select a rating before submitting your review.'],
    [
      { comment: '  too short  ' },
      'comment',
      'Please provide a more detailed review (at least 10 characters).',
    ],
    [{ comment: 'x'.repeat(501) }, 'comment', 'Reviews can be at most 500 characters.'],
  ])('rejects %j', (patch, field, message) => {
    expect(firstIssueOf(reviewSchema, { ...review, ...patch })).toEqual({ field, message });
  });
});

describe('additionalChargeSchema', () => {
  const charge = { booking_id: UUID, amount: 125.5, reason: 'minimum_spend_not_met' };
  it('accepts a charge and fills the description', () => {
    expect(additionalChargeSchema.parse(charge)).toEqual({
      ...charge,
      description: 'Additional charge for Minimum Bar Spend Not Met',
    });
    expect(
      additionalChargeSchema.parse({
        ...charge,
        reason: 'other',
        custom_reason: 'Lost keys',
        amount: '0.01',
      }),
    ).toMatchObject({ amount: 0.01, description: 'Lost keys', custom_reason: 'Lost keys' });
  });
  it.each<[object, string, string]>([
    [{ amount: undefined }, 'amount', 'Please fill in all required fields'],
    [{ amount: '' }, 'amount', 'Please fill in all required fields'],
    [{ amount: 0 }, 'amount', 'Please enter a valid amount greater than $0'],
    [{ amount: -3 }, 'amount', 'Please enter a valid amount greater than $0'],
    [{ amount: 'abc' }, 'amount', 'Please enter a valid amount greater than $0'],
    [{ reason: undefined }, 'reason', 'Please fill in all required fields'],
    [{ reason: 'other' }, 'custom_reason', 'Please describe the reason for the charge.'],
  ])('rejects %j', (patch, field, message) => {
    expect(firstIssueOf(additionalChargeSchema, { ...charge, ...patch })).toEqual({ field, message });
  });
});
