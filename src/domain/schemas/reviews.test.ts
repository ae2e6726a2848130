import { describe, expect, it } from 'vitest';
import { firstIssueOf, reviewSchema } from '.';

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
