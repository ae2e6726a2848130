/** Bookings as the API answers them (docs/api.md "Bookings"). Requests: `@/domain/schemas`. */
import type { BookingStatus } from '../booking';
import type { BookingTerms } from '../booking-changes';
import type { PricingType } from '../pricing';
import type { Timestamp } from './wire';

/** The venue fields every booking read carries. */
export interface BookingVenue {
  id: string;
  name: string;
  pricing_type: PricingType;
  address: string;
  city: string;
  description: string | null;
  capacity: number;
  time_zone: string;
  /** The venue's refund rule (payments). */
  cancellation_policy?: 'flexible' | 'moderate' | 'strict';
}

/** The guest profile joined for the venue's host and the admin. */
export interface BookingGuest {
  id: string;
  email: string;
  full_name: string | null;
}

export type ApprovalStatus = 'pending' | 'approved' | 'rejected';

/** Every booking column (SPEC §3 bookings), its venue and, for the host and admin, its guest. */
export interface Booking {
  id: string;
  venue_id: string;
  user_id: string;
  /** The venue-local date (yyyy-MM-dd). */
  date: string;
  /** Venue-local wall-clock times (HH:mm); an end before the start ends the next day. */
  start_time: string;
  end_time: string;
  /** The same start and end as instants, in the venue's time zone. */
  starts_at: Timestamp;
  ends_at: Timestamp;
  guest_count: number;
  total_price: number;
  status: BookingStatus;
  approval_status: ApprovalStatus;
  host_notes: string | null;
  special_requests: string | null;
  contact_email: string;
  contact_phone: string | null;
  payment_intent_id: string | null;
  review_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  venue: BookingVenue;
  guest?: BookingGuest;
  /* Payment fields (decision record 13); money in integer cents. */
  payment_status?: 'unpaid' | 'processing' | 'paid' | 'card_on_file' | 'refunded' | 'partially_refunded';
  paid_cents?: number;
  refunded_cents?: number;
  /** Hourly, confirmed and unpaid: the booking is released at this instant. */
  payment_due_at?: Timestamp | null;
  /** Pending: the venue must answer before this instant. */
  expires_at?: Timestamp | null;
  cancelled_by?: 'guest' | 'host' | 'admin' | 'system' | null;
  cancellation_reason?: string | null;
  card?: { brand: string; last4: string } | null;
  /** Minimum spend: the last instant an additional charge may be made (the event's end + ADDITIONAL_CHARGE_DAYS). */
  additional_charge_until?: Timestamp | null;
  /** Minimum spend: what additional charges may still add up to (ADDITIONAL_CHARGE_MAX_PERCENT of the total). */
  additional_charge_left_cents?: number;
  /** The terms before the venue's last modification (old → new with `termChanges`); null if never modified. */
  previous_terms?: BookingTerms | null;
}

/** GET /api/me/bookings, /api/host/bookings, /api/venues/:id/bookings, /api/admin/bookings */
export interface BookingList {
  bookings: Booking[];
}
