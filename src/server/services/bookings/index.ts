/**
 * Booking use cases, one per file: request, decide (the venue's answer), edit (the host's new
 * terms), changes (the guest's answer to them), admin (the admin's direct edit) and queries;
 * transition.ts applies a lifecycle transition (one compare-and-swap, decision 81), lifecycle.ts
 * wraps it with the version check and who may act, shared.ts the shapes and the select.
 * Every change runs in one transaction with its emails, and a confirmation relies on the
 * bookings_no_overlap exclusion constraint (23P01 → 409).
 */
export { adminUpdateBooking } from './admin';
export { approveChanges, rejectChanges } from './changes';
export { approveBooking, rejectBooking } from './decide';
export { editBooking } from './edit';
export { lockVenueConfirmations } from './lifecycle';
export { listHostInbox } from './inbox';
export { getBooking, listGuestBookings, listVenueBookings } from './queries';
export { requestBooking } from './request';
export {
  BOOKING_CHANGED,
  BOOKING_NOT_FOUND,
  NO_CONTACT_EMAIL,
  TERMS_CHANGED_AGAIN,
  type BookingGuest,
  type BookingVenue,
  type BookingView,
} from './shared';
