/** The dashboards' tiles. */

/** GET /api/venues/stats (public) */
export interface VenueStats {
  active_venues: number;
}

/** GET /api/host/stats */
export interface HostStats {
  total_venues: number;
  /** Confirmed bookings of the host's venues. */
  active_bookings: number;
}

/** GET /api/me/bookings/stats */
export interface GuestBookingStats {
  total_bookings: number;
  /** Dollars actually paid: succeeded payments and charges minus refunds (issue 9). */
  total_spent: number;
  total_spent_cents: number;
  confirmed_bookings: number;
}

/** GET /api/admin/stats */
export interface AdminStats {
  /** Waiting for a decision (rejected venues are not counted). */
  pending_venues: number;
  rejected_venues: number;
  pending_bookings: number;
  total_venues: number;
  total_bookings: number;
}
