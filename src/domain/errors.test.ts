import { describe, expect, it } from 'vitest';
import {
  APP_ERROR_CODES,
  AppError,
  conflict,
  forbidden,
  invalid,
  isAppError,
  notFound,
  paymentFailed,
  rateLimited,
  unauthenticated,
  unavailable,
} from './errors';

describe('AppError', () => {
  it('carries a code from the closed set, a readable message and its options', () => {
    const cause = new Error('driver said no');
    const err = new AppError('conflict', 'Taken.', { field: 'date', reason: 'DUPLICATE', cause });
    expect(err).toBeInstanceOf(Error);
    expect(err.name).toBe('AppError');
    expect(err.code).toBe('conflict');
    expect(err.message).toBe('Taken.');
    expect(err.field).toBe('date');
    expect(err.reason).toBe('DUPLICATE');
    expect(err.cause).toBe(cause);
    expect(err.retryAfter).toBeUndefined();
  });

  it('has no cause unless one is given', () => {
    expect('cause' in new AppError('invalid', 'Bad.')).toBe(false);
  });

  it('isAppError tells AppErrors from anything else', () => {
    expect(isAppError(invalid('x'))).toBe(true);
    expect(isAppError(new Error('x'))).toBe(false);
    expect(isAppError({ code: 'invalid', message: 'x' })).toBe(false);
    expect(isAppError(null)).toBe(false);
  });

  it('the codes are the closed set the HTTP edge maps', () => {
    expect([...APP_ERROR_CODES].sort()).toEqual(
      [
        'conflict',
        'forbidden',
        'invalid',
        'not_found',
        'payment_failed',
        'rate_limited',
        'too_large',
        'unauthenticated',
        'unavailable',
        'unsupported_media_type',
      ].sort(),
    );
  });
});

describe('constructors', () => {
  it('invalid: message, field and reason', () => {
    expect(invalid('Guest count must be at least 1.', 'guest_count', 'VALIDATION')).toMatchObject({
      code: 'invalid',
      message: 'Guest count must be at least 1.',
      field: 'guest_count',
      reason: 'VALIDATION',
    });
    expect(invalid('Bad.').field).toBeUndefined();
  });

  it('unauthenticated, forbidden and notFound have default messages', () => {
    expect(unauthenticated()).toMatchObject({
      code: 'unauthenticated',
      message: 'Please sign in to continue.',
    });
    expect(forbidden()).toMatchObject({
      code: 'forbidden',
      message: 'You do not have permission to do that.',
    });
    expect(forbidden('Only guests can do that.', 'GUEST_ONLY')).toMatchObject({
      message: 'Only guests can do that.',
      reason: 'GUEST_ONLY',
    });
    expect(notFound()).toMatchObject({ code: 'not_found', message: 'Not found.' });
    expect(notFound('Venue not found').message).toBe('Venue not found');
  });

  it('conflict, rateLimited, unavailable and paymentFailed', () => {
    expect(conflict('Overlaps.', 'BOOKING_OVERLAP')).toMatchObject({
      code: 'conflict',
      reason: 'BOOKING_OVERLAP',
    });
    expect(rateLimited('Slow down.', 30)).toMatchObject({ code: 'rate_limited', retryAfter: 30 });
    expect(unavailable('Back soon.', 5)).toMatchObject({ code: 'unavailable', retryAfter: 5 });
    expect(paymentFailed('Your card was declined.', 'card_declined')).toMatchObject({
      code: 'payment_failed',
      reason: 'card_declined',
    });
  });
});
