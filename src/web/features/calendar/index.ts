/** Calendars that sync (issue 14): the host's feed card and the guest's Add to calendar button. */
export { AddToCalendarButton } from './AddToCalendarButton';
export { CalendarFeedCard } from './CalendarFeedCard';
export { bookingIcsUrl, calendarApi, useCalendarFeed, useRegenerateCalendarFeed } from './data';
