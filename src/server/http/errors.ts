/**
 * The HTTP edge of errors: the one function that maps an AppError's code to a status and the
 * wire body `{ error: { code, message, field? } }`. Services never see statuses.
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AppError, type AppErrorCode } from '@/domain/errors';
import { fromDatabaseError } from '../db/errors';
import type { Logger } from '../logger';

export const STATUS_OF: Record<AppErrorCode, ContentfulStatusCode> = {
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

/** The wire code: the error's reason when it has one, else its code in capitals. */
export const wireCode = (err: AppError) => err.reason ?? err.code.toUpperCase();

export function errorBody(code: string, message: string, field?: string) {
  return { error: field ? { code, message, field } : { code, message } };
}

/** Writes an AppError as its HTTP answer. */
export function respondWithError(c: Context, err: AppError) {
  if (err.retryAfter !== undefined) c.header('Retry-After', String(Math.max(1, Math.ceil(err.retryAfter))));
  return c.json(errorBody(wireCode(err), err.message, err.field), STATUS_OF[err.code]);
}

/** Turns anything thrown while handling a request into an answer; only real faults are 500s. */
export function toAppError(err: unknown): AppError | undefined {
  if (err instanceof AppError) return err;
  if (err instanceof HTTPException && err.status < 500) {
    if (err.status === 403) return new AppError('forbidden', 'Cross-site requests are not allowed.');
    if (err.status === 413) return new AppError('too_large', 'The request body is too large.');
    return new AppError('invalid', err.message || 'Bad request.');
  }
  if ((err as { status?: unknown }).status === 413) {
    return new AppError('too_large', 'The request body is too large.');
  }
  return fromDatabaseError(err);
}

export function handleError(err: unknown, c: Context, log: Logger) {
  const known = toAppError(err);
  if (known) return respondWithError(c, known);
  log.error(
    { err, path: c.req.path, method: c.req.method, request_id: c.get('requestId') },
    'unhandled error',
  );
  return c.json(errorBody('INTERNAL', 'Something went wrong on our side. Please try again.'), 500);
}
