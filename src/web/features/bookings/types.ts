import type { WeeklyHours } from '@/domain/hours';
import type { DateOverride, PricingType } from '@/domain/pricing';

/** The venue fields every booking read carries (docs/api.md "Bookings"). */
export interface BookingVenue {
  id: string;
  name: string;
  pricing_type: PricingType;
  address: string;
  city: string;
  description: string | null;
  capacity: number;
  time_zone: string;
}

/** The guest profile joined for hosts and the admin. */
export interface BookingGuest {
  id: string;
  email: string;
  full_name: string | null;
}

export interface Booking {
  id: string;
  venue_id: string;
  user_id: string;
  date: string;
  start_time: string;
  end_time: string;
  guest_count: number;
  total_price: number;
  status: string;
  approval_status: string;
  host_notes: string | null;
  special_requests: string | null;
  contact_email: string;
  contact_phone: string | null;
  payment_intent_id: string | null;
  review_id: string | null;
  created_at: string;
  updated_at: string;
  venue: BookingVenue;
  guest?: BookingGuest;
}

export interface BookingList {
  bookings: Booking[];
}

/** GET /api/venues/:id/availability */
export interface VenueAvailability {
  time_zone: string;
  today: string;
  hours: WeeklyHours;
  overrides: DateOverride[];
  taken: Array<{ date: string; start_time: string; end_time: string }>;
}

/** GET /api/venues/:id/overrides (the owner's view, with ids). */
export type StoredOverride = DateOverride & { id: string; venue_id: string };

/** One page of GET /api/admin/bookings, with the count of bookings in each status. */
export interface AdminBookingPage {
  bookings: Booking[];
  total: number;
  page: number;
  page_size: number;
  counts: Record<string, number>;
}
