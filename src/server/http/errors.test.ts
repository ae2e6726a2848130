import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { describe, expect, it } from 'vitest';
import { APP_ERROR_CODES, AppError, OVERLAP_MESSAGE, OVERRIDE_DATE_TAKEN } from '@/domain/errors';
import { createLogger } from '../logger';
import { handleError, toAppError } from './errors';

/** A driver error as pg and PGlite raise it, wrapped by Drizzle (SQLSTATE on the cause). */
const dbError = (code: string, constraint?: string) =>
  Object.assign(new Error('Failed query'), {
    cause: Object.assign(new Error('driver'), { code, constraint }),
  });

/** Throws `err` inside a route and answers what the HTTP edge makes of it. */
async function answer(err: unknown) {
  const app = new Hono();
  app.get('/boom', () => {
    throw err;
  });
  app.onError((e, c) => handleError(e, c, createLogger('silent')));
  const res = await app.request('/boom');
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
}

const STATUS: Record<(typeof APP_ERROR_CODES)[number], number> = {
  invalid: 400,
  unauthenticated: 401,
  payment_failed: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  unavailable: 503,
};

describe('the HTTP edge maps every code to its status', () => {
  it.each(APP_ERROR_CODES.map((code) => [code, STATUS[code]] as const))('%s → %i', async (code, status) => {
    const res = await answer(new AppError(code, `A ${code} problem.`));
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ error: { code: code.toUpperCase(), message: `A ${code} problem.` } });
  });

  it('sends the reason as the wire code and the field when there is one', async () => {
    const res = await answer(
      new AppError('invalid', 'Please choose a date.', { field: 'date', reason: 'VALIDATION' }),
    );
    expect(res.body).toEqual({
      error: { code: 'VALIDATION', message: 'Please choose a date.', field: 'date' },
    });
  });

  it('sets Retry-After in whole seconds, at least 1, only when the error has one', async () => {
    expect((await answer(new AppError('rate_limited', 'Wait.', { retryAfter: 12.2 }))).retryAfter).toBe('13');
    expect((await answer(new AppError('unavailable', 'Wait.', { retryAfter: 0 }))).retryAfter).toBe('1');
    expect((await answer(new AppError('rate_limited', 'Wait.'))).retryAfter).toBeNull();
  });

  it('answers a real fault with 500 and a message that gives nothing away', async () => {
    const res = await answer(new Error('secret stack detail'));
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' },
    });
  });

  it('maps Hono’s own exceptions below 500', async () => {
    expect((await answer(new HTTPException(403))).status).toBe(403);
    expect((await answer(new HTTPException(413))).body.error.code).toBe('TOO_LARGE');
    expect((await answer(new HTTPException(400, { message: 'Bad header.' }))).body.error).toEqual({
      code: 'INVALID',
      message: 'Bad header.',
    });
  });
});

describe('database errors become conflicts or invalid input with the right message', () => {
  it('the overlap exclusion constraint → 409 with the overlap message', async () => {
    const res = await answer(dbError('23P01', 'bookings_no_overlap'));
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: 'BOOKING_OVERLAP', message: OVERLAP_MESSAGE });
  });

  it('a second override for the same date → 409 with its own message', async () => {
    const res = await answer(dbError('23505', 'venue_availability_venue_date_idx'));
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: 'DUPLICATE', message: OVERRIDE_DATE_TAKEN });
  });

  it('any other unique or reference violation → 409 with a generic message', async () => {
    expect((await answer(dbError('23505', 'some_other_idx'))).body.error).toEqual({
      code: 'DUPLICATE',
      message: 'That already exists.',
    });
    const ref = await answer(dbError('23503'));
    expect(ref.status).toBe(409);
    expect(ref.body.error.code).toBe('REFERENCE');
  });

  it.each([
    ['23514', 'A value is out of range (venues_capacity_check).', 'venues_capacity_check'],
    ['22P02', 'A value has the wrong format.', undefined],
    ['22003', 'A number is too large.', undefined],
    ['22001', 'A text value is too long.', undefined],
    ['22021', 'Text must not contain NUL characters or invalid byte sequences.', undefined],
  ])('%s → 400 %s', async (state, message, constraint) => {
    const res = await answer(dbError(state, constraint));
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: 'INVALID', message });
  });

  it('other database errors are faults, not client errors', () => {
    expect(toAppError(dbError('57014'))).toBeUndefined();
    expect(toAppError(dbError('40001'))).toBeUndefined();
  });
});
