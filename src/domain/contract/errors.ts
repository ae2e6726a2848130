/**
 * The error body every failed /api call answers with (src/server/http/errors.ts writes it).
 * `code` is the AppError's reason when it has one (e.g. 'BOOKING_OVERLAP'), else its code in
 * capitals (e.g. 'NOT_FOUND'); `field` names the request field the message is about.
 */
export interface ErrorBody {
  error: {
    code: string;
    message: string;
    field?: string;
  };
}
