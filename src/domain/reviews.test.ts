import { describe, expect, it } from 'vitest';
import {
  REVIEW_MESSAGES,
  canWriteReview,
  ratingLabel,
  reviewBlocker,
  type ReviewableBooking,
} from './reviews';

const TODAY = '2025-03-15';
const booking = (patch: Partial<ReviewableBooking> = {}): ReviewableBooking => ({
  user_id: 'u1',
  date: '2025-03-14',
  status: 'confirmed',
  review_id: null,
  ...patch,
});

describe('ratingLabel', () => {
  it.each([
    [1, 'Poor'],
    [2, 'Fair'],
    [3, 'Good'],
    [4, 'Very Good'],
    [5, 'Excellent'],
    [0, 'Click the stars to rate'],
  ])('%i → %s', (rating, label) => {
    expect(ratingLabel(rating)).toBe(label);
  });
});

describe('reviewBlocker', () => {
  it('allows the guest to review a past confirmed booking once', () => {
    expect(reviewBlocker(booking(), 'u1', TODAY)).toBeNull();
  });
  it.each<[string, ReviewableBooking | null, string]>([
    ['missing booking', null, REVIEW_MESSAGES.notFound],
    ['someone else’s booking', booking({ user_id: 'u2' }), REVIEW_MESSAGES.notOwner],
    ['event today', booking({ date: TODAY }), REVIEW_MESSAGES.notHappened],
    ['future event', booking({ date: '2025-04-01' }), REVIEW_MESSAGES.notHappened],
    ['cancelled booking', booking({ status: 'cancelled' }), REVIEW_MESSAGES.notConfirmed],
    ['already reviewed', booking({ review_id: 'r1' }), REVIEW_MESSAGES.alreadyReviewed],
  ])('%s', (_name, b, message) => {
    expect(reviewBlocker(b, 'u1', TODAY)).toBe(message);
  });
});

describe('canWriteReview', () => {
  it('needs a payment, a past date and no review', () => {
    expect(canWriteReview({ ...booking(), payment_intent_id: 'pi_1' }, TODAY)).toBe(true);
    expect(canWriteReview({ ...booking(), payment_intent_id: null }, TODAY)).toBe(false);
    expect(canWriteReview({ ...booking({ review_id: 'r' }), payment_intent_id: 'pi_1' }, TODAY)).toBe(false);
    expect(canWriteReview({ ...booking({ date: TODAY }), payment_intent_id: 'pi_1' }, TODAY)).toBe(false);
  });
});
