/** Calendars that sync (issue 14): a venue's private iCal feed and a booking's .ics file. */
export { FEED_ONLY_HOST, feedPath, getCalendarFeed, regenerateCalendarFeed } from './feed';
export { FEED_NOT_FOUND, FEED_PAST_DAYS, bookingCalendarFile, venueFeed } from './export';
