/**
 * The one place that turns database integrity errors into AppErrors. Drizzle wraps driver
 * errors and puts the SQLSTATE on `cause.code`; both engines (pg and PGlite) are covered.
 */
import {
  OVERLAP_MESSAGE,
  OVERRIDE_DATE_TAKEN,
  conflict,
  invalid,
  unavailable,
  type AppError,
} from '@/domain/errors';
import { REVIEW_MESSAGES } from '@/domain/reviews';
import { WAITLIST_MESSAGES } from '@/domain/waitlist';

/** The SQLSTATE of a database error, looked up through the cause chain. */
export function sqlState(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The name of the violated constraint, when the driver reports one. */
export function constraintOf(err: unknown): string {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const c = (e as { constraint?: unknown }).constraint;
    if (typeof c === 'string') return c;
    e = (e as { cause?: unknown }).cause;
  }
  return '';
}

/**
 * Messages for specific unique or exclusion constraints; anything not listed gets the generic
 * message of its SQLSTATE. Add a line here when a new constraint has a message users should read.
 */
/** A venue (or booking) whose money was paid out to its host keeps its records (issue 29). */
export const PAID_OUT_MESSAGE =
  'This venue has bookings whose money was paid out to its host; their records are kept, so it cannot be deleted.';
/** A venue (or booking) that took money keeps its records: the ledger's entries point at them (decision 83). */
export const MONEY_KEPT_MESSAGE =
  'This venue has bookings that took money; their records are kept in the ledger, so it cannot be deleted.';

const CONSTRAINT_MESSAGES: Record<string, { message: string; reason: string }> = {
  bookings_no_overlap: { message: OVERLAP_MESSAGE, reason: 'BOOKING_OVERLAP' },
  venue_availability_venue_date_idx: { message: OVERRIDE_DATE_TAKEN, reason: 'DUPLICATE' },
  venue_reviews_booking_id_unique: { message: REVIEW_MESSAGES.alreadyReviewed, reason: 'ALREADY_REVIEWED' },
  waitlist_entries_guest_range_idx: { message: WAITLIST_MESSAGES.duplicate, reason: 'DUPLICATE' },
  payout_items_booking_id_bookings_id_fk: { message: PAID_OUT_MESSAGE, reason: 'PAID_OUT' },
  ledger_entries_booking_id_bookings_id_fk: { message: MONEY_KEPT_MESSAGE, reason: 'MONEY_KEPT' },
  ledger_entries_payment_id_payments_id_fk: { message: MONEY_KEPT_MESSAGE, reason: 'MONEY_KEPT' },
  ledger_entries_refund_id_refunds_id_fk: { message: MONEY_KEPT_MESSAGE, reason: 'MONEY_KEPT' },
};

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database is not reachable right now. Please try again in a moment.';
export const DATABASE_SLOW_MESSAGE =
  'The database is taking too long to answer. Please try again in a moment.';

/** Socket errors of a connection that could not be made or was lost. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** The pool's and driver's own words for a connection that failed, timed out or was dropped. */
const CONNECTION_MESSAGES =
  /timeout exceeded when trying to connect|connection terminated|query read timeout|connection timeout|client has encountered a connection error|cannot use a pool after calling end|connection is closed|terminating connection/i;

/**
 * Whether an error means the database could not be reached (refused, dropped, timed out) or
 * is shutting down, rather than that a statement was wrong: these become 503s, not 500s.
 */
export function isConnectionFault(err: unknown): 'unreachable' | 'slow' | undefined {
  const seen = new Set<unknown>();
  const stack: unknown[] = [err];
  while (stack.length > 0) {
    const e = stack.pop();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    const { code, message, cause, errors } = e as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code)) return 'unreachable';
      // Class 08: connection exception; 57P01-03: shutdown, crash, cannot connect now; 53300: too many connections.
      if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code) || code === '53300') return 'unreachable';
      // 57014: the statement timeout cancelled a query.
      if (code === '57014') return 'slow';
    }
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) {
      return /read timeout/i.test(message) ? 'slow' : 'unreachable';
    }
    stack.push(cause);
    if (Array.isArray(errors)) stack.push(...errors);
  }
  return undefined;
}

/** Maps a database integrity or connection error to an AppError; anything else (a real fault) is undefined. */
export function fromDatabaseError(err: unknown): AppError | undefined {
  const fault = isConnectionFault(err);
  if (fault) return unavailable(fault === 'slow' ? DATABASE_SLOW_MESSAGE : DATABASE_UNAVAILABLE_MESSAGE, 2);
  const state = sqlState(err);
  const known = CONSTRAINT_MESSAGES[constraintOf(err)];
  switch (state) {
    case '23P01':
      return conflict(known?.message ?? OVERLAP_MESSAGE, known?.reason ?? 'BOOKING_OVERLAP');
    case '23505':
      return conflict(known?.message ?? 'That already exists.', known?.reason ?? 'DUPLICATE');
    // 23001: a row an ON DELETE RESTRICT key still points at (payout_items → bookings).
    case '23001':
    case '23503':
      return conflict(
        known?.message ?? 'That record is still in use or refers to something that does not exist.',
        known?.reason ?? 'REFERENCE',
      );
    case '23514':
      return invalid(`A value is out of range (${constraintOf(err) || 'check'}).`);
    case '22P02':
    case '22007':
    case '22008':
      return invalid('A value has the wrong format.');
    case '22003':
      return invalid('A number is too large.');
    case '22021':
    case '22P05':
      return invalid('Text must not contain NUL characters or invalid byte sequences.');
    case '22001':
      return invalid('A text value is too long.');
    default:
      return undefined;
  }
}
