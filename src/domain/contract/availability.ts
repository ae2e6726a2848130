/** A venue's calendar (docs/api.md "Availability"). Requests: `@/domain/schemas`. */
import type { WeeklyHours } from '../hours';
import type { DateOverride } from '../pricing';
import type { Timestamp } from './wire';

/** A confirmed booking's times: no ids, no guests. */
export interface TakenSlot {
  date: string;
  start_time: string;
  end_time: string;
}

/** GET /api/venues/:id/availability */
export interface VenueAvailability {
  time_zone: string;
  /** Today's date at the venue (yyyy-MM-dd). */
  today: string;
  hours: WeeklyHours;
  overrides: DateOverride[];
  taken: TakenSlot[];
}

/** A date override as its owner reads and writes it (with its id). */
export interface StoredOverride extends DateOverride {
  id: string;
  venue_id: string;
  created_at: Timestamp;
}

/** GET /api/venues/:id/overrides */
export interface OverrideList {
  overrides: StoredOverride[];
}
