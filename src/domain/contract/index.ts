/**
 * The API contract: the shape of every answer, defined once and used by both the server's
 * routes (`answer satisfies Encoded<T>`) and the web client. Request shapes are the zod schemas
 * in `@/domain/schemas`, which the server validates with. docs/api.md describes the same.
 */
export * from './account';
export * from './accounts';
export * from './audit';
export * from './earnings';
export * from './availability';
export * from './bookings';
export * from './calendar';
export * from './errors';
export * from './events';
export * from './mailbox';
export * from './messages';
export * from './receipts';
export * from './reviews';
export * from './operations';
export * from './payments';
export * from './stats';
export * from './venues';
export * from './waitlist';
export * from './wire';
