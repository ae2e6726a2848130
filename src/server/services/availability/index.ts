/**
 * Venue availability use cases: read (the calendar), weekly (opening hours) and overrides
 * (per-date availability and price).
 */
export { MAX_AVAILABILITY_DAYS, findConfirmedOverlap, getAvailability, overridesBetween } from './read';
export {
  OVERRIDE_NOT_FOUND,
  PAST_DATE_MESSAGE,
  deleteOverride,
  listOverrides,
  updateOverride,
  upsertOverride,
} from './overrides';
export { updateHours } from './weekly';
export { VENUE_NOT_FOUND } from '../venues/shared';
export { findVenue, venueFor } from '../venues/access';
