/** A guest's review of a venue after their booking (SPEC §2 reviews). */
import { z } from 'zod';
import {
  REVIEW_COMMENT_MAX_LENGTH,
  REVIEW_COMMENT_MIN_LENGTH,
  REVIEW_RESPONSE_MAX_LENGTH,
  VENUE_REVIEWS_MAX_PAGE_SIZE,
  VENUE_REVIEWS_PAGE_SIZE,
} from '../reviews';
import { BODY, requiredText, uuidField } from './fields';

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

// ── review answers, moderation and lists ──────────────────────────────────────────────

export const RESPONSE_REQUIRED = 'Please write your answer to this review.';
export const UNPUBLISH_REASON_REQUIRED = 'Please give a reason for unpublishing this review.';

/** The venue host's public answer to a review. */
export const reviewResponseSchema = z.object(
  { response: requiredText('Answer', REVIEW_RESPONSE_MAX_LENGTH, RESPONSE_REQUIRED) },
  BODY,
);

/** The admin unpublishes a review: the reason is required (the guest is told it). */
export const unpublishReviewSchema = z.object(
  { reason: requiredText('Reason', 2000, UNPUBLISH_REASON_REQUIRED) },
  BODY,
);

const pageNumber = (label: string, max: number, fallback: number) =>
  z.preprocess(
    (v) => (v === '' || v == null ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: `${label} must be a whole number between 1 and ${max}.` })
      .int(`${label} must be a whole number between 1 and ${max}.`)
      .min(1, `${label} must be a whole number between 1 and ${max}.`)
      .max(max, `${label} must be a whole number between 1 and ${max}.`)
      .default(fallback),
  );

/** GET /api/venues/:id/reviews */
export const venueReviewsQuerySchema = z.object({
  cursor: z.string({ error: 'Invalid cursor.' }).trim().optional(),
  limit: pageNumber('Limit', VENUE_REVIEWS_MAX_PAGE_SIZE, VENUE_REVIEWS_PAGE_SIZE),
});

/** GET /api/admin/reviews */
export const adminReviewsQuerySchema = z.object({
  status: z
    .enum(['all', 'published', 'unpublished'], { error: 'Status must be all, published or unpublished.' })
    .default('all'),
  page: pageNumber('Page', 100_000, 1),
  limit: pageNumber('Limit', 100, 20),
});
