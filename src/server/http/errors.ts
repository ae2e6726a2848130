import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from '../logger';

/** An error with a status and a message meant for the user: `{ error: { code, message, field? } }`. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string, code = 'BAD_REQUEST') =>
  new HttpError(400, code, message, field);
export const unauthenticated = (message = 'Please sign in to continue.') =>
  new HttpError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message = 'You do not have permission to do that.') =>
  new HttpError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found.') => new HttpError(404, 'NOT_FOUND', message);
export const conflict = (message: string, code = 'CONFLICT') => new HttpError(409, code, message);

export const OVERLAP_MESSAGE = 'This time overlaps a confirmed booking.';

/** The SQLSTATE of a database error: Drizzle wraps driver errors and puts it on `cause.code`. */
export function sqlState(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

function constraintOf(err: unknown): string {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const c = (e as { constraint?: unknown }).constraint;
    if (typeof c === 'string') return c;
    e = (e as { cause?: unknown }).cause;
  }
  return '';
}

/** Maps database integrity errors to user-facing 4xx errors; anything else stays a 500. */
export function fromDatabaseError(err: unknown): HttpError | undefined {
  switch (sqlState(err)) {
    case '23P01':
      return conflict(OVERLAP_MESSAGE, 'BOOKING_OVERLAP');
    case '23505':
      return conflict('That already exists.', 'DUPLICATE');
    case '23503':
      return conflict('That record is still in use or refers to something that does not exist.', 'REFERENCE');
    case '23514':
      return badRequest(`A value is out of range (${constraintOf(err) || 'check'}).`);
    case '22P02':
    case '22007':
    case '22008':
      return badRequest('A value has the wrong format.');
    case '22003':
      return badRequest('A number is too large.');
    case '22021':
    case '22P05':
      return badRequest('Text must not contain NUL characters or invalid byte sequences.');
    case '22001':
      return badRequest('A text value is too long.');
    default:
      return undefined;
  }
}

export function errorBody(code: string, message: string, field?: string) {
  return { error: field ? { code, message, field } : { code, message } };
}

export function handleError(err: unknown, c: Context, log: Logger) {
  if (err instanceof HttpError) return c.json(errorBody(err.code, err.message, err.field), err.status);
  if (err instanceof HTTPException && err.status < 500) {
    const code = err.status === 403 ? 'FORBIDDEN' : err.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST';
    const message =
      err.status === 403 ? 'Cross-site requests are not allowed.' : err.message || 'Bad request.';
    return c.json(errorBody(code, message), err.status as ContentfulStatusCode);
  }
  const status = (err as { status?: unknown }).status;
  if (status === 413) return c.json(errorBody('PAYLOAD_TOO_LARGE', 'The request body is too large.'), 413);
  const mapped = fromDatabaseError(err);
  if (mapped) return c.json(errorBody(mapped.code, mapped.message, mapped.field), mapped.status);
  log.error({ err, path: c.req.path, method: c.req.method }, 'unhandled error');
  return c.json(errorBody('INTERNAL', 'Something went wrong on our side. Please try again.'), 500);
}
