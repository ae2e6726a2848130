import { describe, expect, it } from 'vitest';
import {
  REVIEW_MESSAGES,
  canWriteReview,
  isPaidOrCardOnFile,
  ratingAverage,
  ratingLabel,
  ratingSummary,
  reviewBlocker,
  reviewReminderAt,
  reviewStage,
  reviewerName,
  reviewWindowLastDay,
  type ReviewableBooking,
} from './reviews';

const TODAY = '2025-03-15';
const booking = (patch: Partial<ReviewableBooking> = {}): ReviewableBooking => ({
  user_id: 'u1',
  date: '2025-03-14',
  status: 'confirmed',
  payment_intent_id: 'pi_1',
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

describe('isPaidOrCardOnFile', () => {
  it('is a confirmed booking whose payment the server recorded', () => {
    expect(isPaidOrCardOnFile({ status: 'confirmed', payment_intent_id: 'pi_1' })).toBe(true);
    expect(isPaidOrCardOnFile({ status: 'confirmed', payment_intent_id: null })).toBe(false);
    expect(isPaidOrCardOnFile({ status: 'cancelled', payment_intent_id: 'pi_1' })).toBe(false);
    expect(isPaidOrCardOnFile({ status: 'pending', payment_intent_id: 'pi_1' })).toBe(false);
  });
});

describe('reviewBlocker', () => {
  it('allows the guest to review a past, paid, confirmed booking once', () => {
    expect(reviewBlocker(booking(), 'u1', TODAY)).toBeNull();
  });
  it('keeps the window open for 30 days after the night, inclusive', () => {
    expect(reviewWindowLastDay('2025-03-14')).toBe('2025-04-13');
    expect(reviewBlocker(booking(), 'u1', '2025-04-13')).toBeNull();
    expect(reviewBlocker(booking(), 'u1', '2025-04-14')).toBe(REVIEW_MESSAGES.windowClosed);
  });
  it.each<[string, ReviewableBooking | null, string]>([
    ['missing booking', null, REVIEW_MESSAGES.notFound],
    ['someone else’s booking', booking({ user_id: 'u2' }), REVIEW_MESSAGES.notOwner],
    ['event today', booking({ date: TODAY }), REVIEW_MESSAGES.notHappened],
    ['future event', booking({ date: '2025-04-01' }), REVIEW_MESSAGES.notHappened],
    ['cancelled booking', booking({ status: 'cancelled' }), REVIEW_MESSAGES.notPaid],
    ['unpaid booking', booking({ payment_intent_id: null }), REVIEW_MESSAGES.notPaid],
    ['already reviewed', booking({ review_id: 'r1' }), REVIEW_MESSAGES.alreadyReviewed],
  ])('%s', (_name, b, message) => {
    expect(reviewBlocker(b, 'u1', TODAY)).toBe(message);
  });
});

describe('reviewStage and canWriteReview', () => {
  it('says what My Bookings shows', () => {
    expect(reviewStage(booking(), TODAY)).toBe('open');
    expect(canWriteReview(booking(), TODAY)).toBe(true);
    expect(reviewStage(booking({ date: TODAY }), TODAY)).toBe('upcoming');
    expect(reviewStage(booking({ date: '2025-05-01', payment_intent_id: null }), TODAY)).toBe('upcoming');
    expect(reviewStage(booking({ review_id: 'r' }), TODAY)).toBe('reviewed');
    expect(reviewStage(booking({ payment_intent_id: null }), TODAY)).toBe('none');
    expect(reviewStage(booking({ status: 'cancelled' }), TODAY)).toBe('none');
    expect(reviewStage(booking(), '2025-04-14')).toBe('none');
    expect(canWriteReview(booking({ date: TODAY }), TODAY)).toBe(false);
  });
});

describe('reviewReminderAt', () => {
  it('is 09:00 in the venue’s zone on the morning after', () => {
    expect(reviewReminderAt('2025-03-14', 'America/New_York').toISOString()).toBe('2025-03-15T13:00:00.000Z');
    expect(reviewReminderAt('2025-12-31', 'Europe/Berlin').toISOString()).toBe('2026-01-01T08:00:00.000Z');
  });
});

describe('reviewerName', () => {
  it.each([
    ['Gina Guest', 'Gina G.'],
    ['  maria  de la cruz ', 'maria C.'],
    ['Prince', 'Prince'],
    ['', 'Guest'],
    [null, 'Guest'],
  ])('%j → %s', (name, shown) => {
    expect(reviewerName(name)).toBe(shown);
  });
});

describe('ratingSummary', () => {
  it('averages to one decimal and counts each star', () => {
    expect(ratingAverage(0, 0)).toBeNull();
    expect(ratingAverage(17, 4)).toBe(4.3);
    expect(ratingSummary({ 1: 1, 2: 0, 3: 0, 4: 2, 5: 3 })).toEqual({
      average: 4,
      count: 6,
      distribution: { 1: 1, 2: 0, 3: 0, 4: 2, 5: 3 },
    });
  });
});
