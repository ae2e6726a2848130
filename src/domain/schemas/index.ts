/**
 * Request schemas shared by the API (400 with the first issue's message and field) and the
 * browser forms, one file per area. Every issue carries a specific, human message. Unknown keys
 * are stripped (so a total_price sent with a booking request is ignored: the server prices
 * bookings). Import from '@/domain/schemas'.
 */
export { END_TIME_MESSAGE, MAX_CAPACITY, MAX_PRICE } from './fields';
export * from './accounts';
export * from './account-settings';
export * from './bookings';
export * from './charges';
export * from './hours';
export * from './issues';
export * from './operations';
export * from './reviews';
export * from './venues';
export * from './messages';
export * from './waitlist';
export * from './payments';
export * from './venue-list';
export * from './payouts';
