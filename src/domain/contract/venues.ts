/** Venues as the API answers them (docs/api.md "Venues"). Requests: `@/domain/schemas`. */
import type { WeeklyHours } from '../hours';
import type { PricingType } from '../pricing';
import type { Timestamp } from './wire';

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

/** A list item of GET /api/venues: only what a card shows. */
export interface VenueCard {
  id: string;
  name: string;
  city: string;
  address: string;
  capacity: number;
  base_price: number;
  pricing_type: PricingType;
  open_to_flexible_hours: boolean;
  created_at: Timestamp;
  /** The first photo's card WebP, or null when the venue has no photo. */
  image: { url: string; width: number; height: number } | null;
  /** The published reviews' mean to one decimal (null with none) and their count. */
  rating: { average: number | null; count: number };
}

/** GET /api/venues */
export interface VenueListPage {
  venues: VenueCard[];
  /** Active venues matching the filters, counted up to 100 (LIST_COUNT_CAP; see total_count_capped). */
  total_count: number;
  /** More venues match than total_count says: the list shows "100+". */
  total_count_capped: boolean;
  /** All active venues. */
  all_count: number;
  next_cursor: string | null;
}

/** The private columns: present only for the venue's owner and the admin. */
export interface VenuePrivateFields {
  bank_account_holder_name: string | null;
  bank_account_number: string | null;
  bank_routing_number: string | null;
  tax_id: string | null;
  /** The admin's notes on the last approval or rejection (the rejection reason). */
  review_notes: string | null;
  reviewed_at: Timestamp | null;
  /**
   * A host's changes to the live venue, waiting for the admin (decision 74): guests see the
   * approved name, description and photos until then. Null: unchanged; '' clears the description.
   */
  pending_name: string | null;
  pending_description: string | null;
  /** New photos waiting for the admin (not shown to guests). */
  pending_images: VenueImage[];
  /** Since when changes wait; null when none does. */
  pending_since: Timestamp | null;
}

/** GET /api/venues/:id and every venue write. The private fields only for the owner and the admin. */
export interface Venue extends Partial<VenuePrivateFields> {
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
  /** The refund rule guests see before booking and before cancelling. */
  cancellation_policy?: 'flexible' | 'moderate' | 'strict';
  business_name: string | null;
  phone: string | null;
  email: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The owner's and the admin's view: every column. */
export type FullVenue = Venue & VenuePrivateFields;

/** GET /api/host/venues */
export interface HostVenueList {
  venues: FullVenue[];
}

/** An item of GET /api/admin/venues (AdminVenuePage in operations.ts): the venue and its host. */
export interface AdminVenue extends FullVenue {
  host: { full_name: string | null; email: string; business_name: string | null };
}

/** POST /api/venues/:id/images (201) */
export interface VenueImageAdded {
  image: VenueImage;
  images: VenueImage[];
}

/** DELETE /api/venues/:id/images and PUT /api/venues/:id/images/order */
export interface VenueImageList {
  images: VenueImage[];
}
