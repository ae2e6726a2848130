/**
 * The one error type of Velvet. Services and domain rules throw `AppError` with a code from a
 * small closed set and a message a person can read; they never know about HTTP. The HTTP edge
 * (src/server/http/errors.ts) maps the code to a status, and the database layer
 * (src/server/db/errors.ts) maps constraint violations to `conflict` / `invalid`.
 *
 * `reason` is an optional stable, machine-readable refinement (e.g. 'BOOKING_OVERLAP',
 * 'EMAIL_NOT_VERIFIED', 'card_declined') that the web or an API client may branch on; it is
 * sent as the wire `code` when present.
 */

export const APP_ERROR_CODES = [
  'invalid',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'unavailable',
  /** The body is too large (HTTP edge). */
  'too_large',
  /** The body is not in a format the endpoint accepts (HTTP edge). */
  'unsupported_media_type',
  /** A payment could not be made: declined, needs authentication, refused by the provider. */
  'payment_failed',
] as const;

export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

export interface AppErrorOptions {
  /** The request field the error is about (form errors show it next to that field). */
  field?: string;
  /** A stable machine-readable refinement of `code`, sent as the wire code. */
  reason?: string;
  /** Seconds after which a rate-limited or unavailable request may be retried. */
  retryAfter?: number;
  cause?: unknown;
}

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly field?: string;
  readonly reason?: string;
  readonly retryAfter?: number;

  constructor(code: AppErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.field = options.field;
    this.reason = options.reason;
    this.retryAfter = options.retryAfter;
  }
}

export const isAppError = (err: unknown): err is AppError => err instanceof AppError;

/* ---------- constructors for the common cases ---------- */

export const invalid = (message: string, field?: string, reason?: string) =>
  new AppError('invalid', message, { field, reason });
export const unauthenticated = (message = 'Please sign in to continue.') =>
  new AppError('unauthenticated', message);
export const forbidden = (message = 'You do not have permission to do that.', reason?: string) =>
  new AppError('forbidden', message, { reason });
export const notFound = (message = 'Not found.') => new AppError('not_found', message);
export const conflict = (message: string, reason?: string) => new AppError('conflict', message, { reason });
export const rateLimited = (message: string, retryAfter?: number) =>
  new AppError('rate_limited', message, { retryAfter });
export const unavailable = (message: string, retryAfter?: number) =>
  new AppError('unavailable', message, { retryAfter });
export const paymentFailed = (message: string, reason?: string) =>
  new AppError('payment_failed', message, { reason });

/** Shared messages that more than one use case returns. */
export const OVERLAP_MESSAGE = 'This time overlaps a confirmed booking.';
export const OVERRIDE_DATE_TAKEN = 'That date already has an override. Edit that one instead.';
