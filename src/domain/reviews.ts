/** Venue reviews (SPEC §2 Review, §4 Review, §5, §9). */

export const REVIEW_COMMENT_MIN_LENGTH = 10;
export const REVIEW_COMMENT_MAX_LENGTH = 500;

export const RATING_LABELS: Record<1 | 2 | 3 | 4 | 5, string> = {
  1: 'Poor',
  2: 'Fair',
  3: 'Good',
  4: 'Very Good',
  5: 'Excellent',
};

/** The label under the stars; 0 (nothing picked yet) prompts to click them. */
export function ratingLabel(rating: number): string {
  return RATING_LABELS[rating as keyof typeof RATING_LABELS] ?? 'Click the stars to rate';
}

export const REVIEW_MESSAGES = {
  notFound: 'Booking not found or access denied',
  notOwner: 'You can only review your own bookings',
  notHappened: 'You can only review events that have already happened',
  notConfirmed: 'You can only review confirmed bookings',
  alreadyReviewed: 'You have already reviewed this event',
} as const;

export type ReviewableBooking = {
  user_id: string;
  date: string;
  status: string;
  review_id?: string | null;
};

/**
 * Why `userId` may not review a booking, or null when they may. A booking is reviewed
 * once, by its guest, once its date has passed in the venue's zone (`today`), and only
 * if it was confirmed.
 */
export function reviewBlocker(
  booking: ReviewableBooking | null | undefined,
  userId: string,
  today: string,
): string | null {
  if (!booking) return REVIEW_MESSAGES.notFound;
  if (booking.user_id !== userId) return REVIEW_MESSAGES.notOwner;
  if (booking.date >= today) return REVIEW_MESSAGES.notHappened;
  if (booking.status !== 'confirmed') return REVIEW_MESSAGES.notConfirmed;
  if (booking.review_id) return REVIEW_MESSAGES.alreadyReviewed;
  return null;
}

/** Whether My Bookings offers 'Write a Review': paid, past, confirmed and not yet reviewed. */
export function canWriteReview(
  booking: ReviewableBooking & { payment_intent_id?: string | null },
  today: string,
): boolean {
  return Boolean(booking.payment_intent_id) && reviewBlocker(booking, booking.user_id, today) === null;
}
