import type { WeeklyHours } from '@/domain/hours';
import type { PricingType } from '@/domain/pricing';

/** One photo of a venue, in display order (the first is the card image). */
export interface VenueImage {
  path: string;
  /** The stored original. */
  url: string;
  /** 640×400 WebP for cards and thumbnails. */
  card_url: string;
  /** Large WebP for the gallery. */
  full_url: string;
}

/** A list item of GET /api/venues. */
export interface VenueCardData {
  id: string;
  name: string;
  city: string;
  address: string;
  capacity: number;
  base_price: number;
  pricing_type: PricingType;
  open_to_flexible_hours: boolean;
  created_at: string;
  image: { url: string; width: number; height: number } | null;
}

export interface VenueListPage {
  venues: VenueCardData[];
  /** Active venues matching the filters. */
  total_count: number;
  /** All active venues. */
  all_count: number;
  next_cursor: string | null;
}

/** GET /api/venues/:id. The private columns are present only for the owner and the admin. */
export interface Venue {
  id: string;
  host_id: string;
  name: string;
  description: string | null;
  address: string;
  city: string;
  capacity: number;
  base_price: number;
  pricing_type: PricingType;
  amenities: string[];
  images: VenueImage[];
  is_active: boolean;
  hours: WeeklyHours;
  open_to_flexible_hours: boolean;
  time_zone: string;
  business_name: string | null;
  phone: string | null;
  email: string | null;
  created_at: string;
  updated_at?: string;
  bank_account_holder_name?: string | null;
  bank_account_number?: string | null;
  bank_routing_number?: string | null;
  tax_id?: string | null;
  review_notes?: string | null;
  reviewed_at?: string | null;
}

/** GET /api/admin/venues items. */
export interface AdminVenue extends Venue {
  host: { full_name: string | null; email: string; business_name: string | null };
}

/** One page of GET /api/admin/venues, with the count of venues in each review state. */
export interface AdminVenuePage {
  venues: AdminVenue[];
  total: number;
  page: number;
  page_size: number;
  counts: { total: number; pending: number; active: number; rejected: number };
}
