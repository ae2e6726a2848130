/** Calendars that sync (docs/api.md "Calendars", decision record 17). */
import type { Timestamp } from './wire';

/**
 * GET and POST /api/venues/:id/calendar-feed: the venue's private iCal feed. `url` is null
 * until the host creates one; POST makes a new URL, and the old one answers 404 from then on.
 */
export interface CalendarFeed {
  url: string | null;
  created_at: Timestamp | null;
}

/** GET /api/config: what the browser needs to know of the server's settings. */
export interface PublicConfig {
  /** The server's DEFAULT_TIME_ZONE: a new venue's time zone until the host picks another. */
  default_time_zone: string;
  /** PLATFORM_FEE_PERCENT: what Velvet keeps of each new booking's money (issue 29). */
  platform_fee_percent: number;
  /** PAYOUT_HOLD_DAYS: days after an event before its earnings are available to the host. */
  payout_hold_days: number;
}
