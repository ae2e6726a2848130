/**
 * The one place that turns database integrity errors into AppErrors. Drizzle wraps driver
 * errors and puts the SQLSTATE on `cause.code`; both engines (pg and PGlite) are covered.
 */
import { OVERLAP_MESSAGE, OVERRIDE_DATE_TAKEN, conflict, invalid, type AppError } from '@/domain/errors';

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
const CONSTRAINT_MESSAGES: Record<string, { message: string; reason: string }> = {
  bookings_no_overlap: { message: OVERLAP_MESSAGE, reason: 'BOOKING_OVERLAP' },
  venue_availability_venue_date_idx: { message: OVERRIDE_DATE_TAKEN, reason: 'DUPLICATE' },
};

/** Maps a database integrity error to an AppError; anything else (a real fault) is undefined. */
export function fromDatabaseError(err: unknown): AppError | undefined {
  const state = sqlState(err);
  const known = CONSTRAINT_MESSAGES[constraintOf(err)];
  switch (state) {
    case '23P01':
      return conflict(known?.message ?? OVERLAP_MESSAGE, known?.reason ?? 'BOOKING_OVERLAP');
    case '23505':
      return conflict(known?.message ?? 'That already exists.', known?.reason ?? 'DUPLICATE');
    case '23503':
      return conflict('That record is still in use or refers to something that does not exist.', 'REFERENCE');
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
