/**
 * Venue reviews (SPEC §2 Review, §4 Review, §5, §8 Reviews, §9): who may review a booking and
 * when, the rating labels, the author's public name and the rating summary. Pure: "today" is
 * always the venue's today (todayInZone), passed in.
 */
import { addDaysToDate } from './calendar';
import { zonedInstant } from './instants';

export const REVIEW_COMMENT_MIN_LENGTH = 10;
export const REVIEW_COMMENT_MAX_LENGTH = 500;
/** A review may be written until this many days after the night (inclusive, in the venue's zone). */
export const REVIEW_WINDOW_DAYS = 30;
/** The wall-clock time, the morning after the night, at which the guest is asked for a review. */
export const REVIEW_REMINDER_TIME = '09:00';
/** What a host's public answer to a review may hold. */
export const REVIEW_RESPONSE_MAX_LENGTH = 1000;
/** Page size of the reviews on a venue page. */
export const VENUE_REVIEWS_PAGE_SIZE = 5;
export const VENUE_REVIEWS_MAX_PAGE_SIZE = 50;

export const RATINGS = [1, 2, 3, 4, 5] as const;
export type Rating = (typeof RATINGS)[number];

export const RATING_LABELS: Record<Rating, string> = {
  1: 'Poor',
  2: 'Fair',
  3: 'Good',
  4: 'Very Good',
  5: 'Excellent',
};

/** The label under the stars; 0 (nothing picked yet) prompts to click them. */
export function ratingLabel(rating: number): string {
  return RATING_LABELS[rating as Rating] ?? 'Click the stars to rate';
}

/** The reasons of the 'Unable to Review' card (SPEC §8; the last three are Velvet's). */
export const REVIEW_MESSAGES = {
  notFound: 'Booking not found or access denied',
  notOwner: 'You can only review your own bookings',
  notHappened: 'You can only review events that have already happened',
  alreadyReviewed: 'You have already reviewed this event',
  loadFailed: 'Failed to load booking details',
  notPaid: 'You can only review confirmed bookings that were paid (or had a card on file)',
  windowClosed: `Reviews can be written up to ${REVIEW_WINDOW_DAYS} days after the event, and that time has passed`,
} as const;

/** The toasts of the review form (SPEC §5, §8). */
export const REVIEW_TOASTS = {
  ratingRequired: {
    title: 'Rating Required',
    description: 'Please select a rating before submitting your review.',
  },
  commentTooShort: {
    title: 'Comment Too Short',
    description: `Please provide a more detailed review (at least ${REVIEW_COMMENT_MIN_LENGTH} characters).`,
  },
  submitted: {
    title: 'Review Submitted Successfully!',
    description: 'Thank you for your feedback. Your review has been published on the venue page.',
  },
  submitFailed: 'Failed to submit review. Please try again.',
} as const;

/** After a review is published the guest goes to the venue page after this long (SPEC §9). */
export const REVIEW_REDIRECT_MS = 2000;

export interface PaymentState {
  status: string;
  payment_intent_id?: string | null;
}

/**
 * THE rule for "paid": an hourly booking was paid, or a minimum-spend booking has its card on
 * file. By contract with the payments work, the server sets bookings.payment_intent_id only once
 * it has decided the payment (or card setup) succeeded, so a confirmed booking with that id set
 * is paid. Everything about reviews asks here (the service, the reminder worker's prefilter
 * mirrors it in SQL), so refining it later is one change.
 */
export function isPaidOrCardOnFile(booking: PaymentState): boolean {
  return booking.status === 'confirmed' && Boolean(booking.payment_intent_id);
}

export type ReviewableBooking = PaymentState & {
  user_id: string;
  date: string;
  review_id?: string | null;
};

/** The last venue-local date on which a booking may still be reviewed. */
export const reviewWindowLastDay = (date: string) => addDaysToDate(date, REVIEW_WINDOW_DAYS);

/**
 * Why `userId` may not review a booking, or null when they may. A booking is reviewed once, by
 * its guest, once its date has passed in the venue's zone (`today`), only if it was confirmed and
 * paid (or had its card on file), and at most REVIEW_WINDOW_DAYS days after the night.
 */
export function reviewBlocker(
  booking: ReviewableBooking | null | undefined,
  userId: string,
  today: string,
): string | null {
  if (!booking) return REVIEW_MESSAGES.notFound;
  if (booking.user_id !== userId) return REVIEW_MESSAGES.notOwner;
  if (booking.date >= today) return REVIEW_MESSAGES.notHappened;
  if (booking.review_id) return REVIEW_MESSAGES.alreadyReviewed;
  if (!isPaidOrCardOnFile(booking)) return REVIEW_MESSAGES.notPaid;
  if (today > reviewWindowLastDay(booking.date)) return REVIEW_MESSAGES.windowClosed;
  return null;
}

/**
 * What My Bookings shows about reviewing a booking: 'open' (Write a Review), 'upcoming' (the
 * event is coming up), 'reviewed', or 'none' (not paid, cancelled, or the window has closed).
 */
export type ReviewStage = 'open' | 'upcoming' | 'reviewed' | 'none';

export function reviewStage(booking: ReviewableBooking, today: string): ReviewStage {
  if (booking.review_id) return 'reviewed';
  if (booking.status !== 'confirmed') return 'none';
  if (booking.date >= today) return 'upcoming';
  return reviewBlocker(booking, booking.user_id, today) === null ? 'open' : 'none';
}

/** Whether My Bookings offers 'Write a Review': paid, past, within the window, not yet reviewed. */
export function canWriteReview(booking: ReviewableBooking, today: string): boolean {
  return reviewStage(booking, today) === 'open';
}

/** The instant the guest is asked for a review: 09:00 in the venue's zone on the day after the night. */
export function reviewReminderAt(date: string, timeZone: string): Date {
  return zonedInstant(addDaysToDate(date, 1), REVIEW_REMINDER_TIME, timeZone);
}

/** The author as shown publicly: first name and the initial of the last name ('Gina G.'). */
export function reviewerName(fullName: string | null | undefined): string {
  const parts = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return 'Guest';
  const first = parts[0]!;
  const last = parts.length > 1 ? parts.at(-1)! : '';
  return last ? `${first} ${Array.from(last)[0]!.toUpperCase()}.` : first;
}

/** Per-star counts (index = stars) as the database keeps them on the venue. */
export interface RatingSummary {
  /** The mean rating to one decimal, or null with no published review. */
  average: number | null;
  count: number;
  /** How many published reviews gave 5, 4, 3, 2 and 1 stars. */
  distribution: Record<Rating, number>;
}

/** The average to one decimal (4.25 → 4.3), or null when there is nothing to average. */
export function ratingAverage(sum: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.round((sum / count) * 10) / 10;
}

export function ratingSummary(counts: Record<Rating, number>): RatingSummary {
  let count = 0;
  let sum = 0;
  for (const r of RATINGS) {
    count += counts[r];
    sum += counts[r] * r;
  }
  return { average: ratingAverage(sum, count), count, distribution: { ...counts } };
}

/** '4.3' for display; the card and the venue page show one decimal. */
export const formatRating = (average: number) => average.toFixed(1);

/** '12 reviews', '1 review'. */
export const reviewCountLabel = (n: number) => `${n} ${n === 1 ? 'review' : 'reviews'}`;
