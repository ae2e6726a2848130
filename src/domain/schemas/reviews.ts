/** A guest's review of a venue after their booking (SPEC §2 reviews). */
import { z } from 'zod';
import { REVIEW_COMMENT_MAX_LENGTH, REVIEW_COMMENT_MIN_LENGTH } from '../reviews';
import { BODY, uuidField } from './fields';

export const RATING_REQUIRED = 'Please select a rating before submitting your review.';
export const COMMENT_TOO_SHORT = `Please provide a more detailed review (at least ${REVIEW_COMMENT_MIN_LENGTH} characters).`;

export const reviewSchema = z.object(
  {
    booking_id: uuidField('Booking is required.', 'Invalid booking id.'),
    rating: z
      .number({ error: RATING_REQUIRED })
      .int(RATING_REQUIRED)
      .min(1, RATING_REQUIRED)
      .max(5, 'Rating must be between 1 and 5.'),
    comment: z
      .string({ error: COMMENT_TOO_SHORT })
      .trim()
      .min(REVIEW_COMMENT_MIN_LENGTH, COMMENT_TOO_SHORT)
      .max(REVIEW_COMMENT_MAX_LENGTH, `Reviews can be at most ${REVIEW_COMMENT_MAX_LENGTH} characters.`),
  },
  BODY,
);
export type ReviewInput = z.output<typeof reviewSchema>;
