/**
 * A conversation on every booking (decision record 16), one use case per file: list, post,
 * read (the viewer's marker) and unread (counts for the dashboards and the navigation).
 * appendSystemLine is what the bookings and payments services call to write the booking's
 * history into its thread, in their own transactions.
 */
export { listMessages } from './list';
export { postMessage } from './post';
export { markRead } from './read';
export { unreadCounts } from './unread';
export { BOOKING_NOT_FOUND, appendSystemLine } from './shared';
