/** The waitlist for a taken night as the API answers it (docs/api.md "Waitlist"). Requests: `@/domain/schemas`. */
import type { Timestamp } from './wire';

/** One of the guest's waitlist entries, with the venue it waits for. */
export interface WaitlistEntry {
  id: string;
  venue_id: string;
  /** The venue-local date (yyyy-MM-dd) and wall-clock times (HH:mm; an end before the start is the next day). */
  date: string;
  start_time: string;
  end_time: string;
  /** Where the guest stands: 1 = joined first among the current entries overlapping this time. */
  position: number;
  /** The last time this time came free for the guest (null: not yet). */
  notified_at: Timestamp | null;
  created_at: Timestamp;
  venue: { id: string; name: string; city: string; time_zone: string };
}

/** GET /api/me/waitlist: the guest's current entries (past ones are expired and left out), soonest first. */
export interface WaitlistList {
  entries: WaitlistEntry[];
}

/** GET /api/venues/:id/waitlist-demand: how many guests wait on each current date (host, admin). */
export interface WaitlistDemand {
  venue_id: string;
  dates: Array<{ date: string; guests: number }>;
}
