/** The bookings feature's public face: pages and other features import only from here. */
export { BookingCardHeader, GuestContact } from './BookingCardParts';
export { BookingFacts } from './BookingFacts';
export { BookingListSkeleton } from './BookingListSkeleton';
export { BookingPanel } from './BookingPanel';
export { BookingStatusBadge } from './BookingStatusBadge';
export { BookingTimeFields } from './BookingTimeFields';
export { BookingEditFields } from './BookingEditFields';
export { GuestBookingList } from './GuestBookingList';
export {
  bookingsApi,
  invalidateBookingViews,
  invalidateCalendar,
  useAdminBookings,
  useBooking,
  useGuestBookingStats,
  useHostInbox,
  useVenueBookings,
  useVenueOverrides,
} from './data';
export { DateOverridesTab } from './manage/DateOverridesTab';
export { VenueBookingsTab } from './manage/VenueBookingsTab';
export { ApproveButton, RejectButton, useDecide } from './manage/DecideActions';
