/**
 * What the venue use cases share: the column whitelists of each view (never select-then-delete),
 * the shapes they answer with, and how a stored photo key becomes its URLs.
 */
import { sql } from 'drizzle-orm';
import { venues } from '../../db/schema';
import { cardKey, fullKey } from '../../images/pipeline';
import { maskedBankColumns } from './bank-details';

export const VENUE_NOT_FOUND = 'Venue not found';
export const EDIT_OWN_VENUES_ONLY = 'Access Denied: You can only edit your own venues.';

/* ---------- columns: explicit whitelists ---------- */

/** Columns anyone may read about an active venue. */
export const publicColumns = {
  id: venues.id,
  host_id: venues.host_id,
  name: venues.name,
  description: venues.description,
  address: venues.address,
  city: venues.city,
  capacity: venues.capacity,
  base_price: venues.base_price,
  pricing_type: venues.pricing_type,
  amenities: venues.amenities,
  images: venues.images,
  is_active: venues.is_active,
  hours: venues.hours,
  open_to_flexible_hours: venues.open_to_flexible_hours,
  time_zone: venues.time_zone,
  cancellation_policy: venues.cancellation_policy,
  business_name: venues.business_name,
  phone: venues.phone,
  email: venues.email,
  created_at: venues.created_at,
  updated_at: venues.updated_at,
};

/** Columns only the owner and the admin read: payout details, tax id, the admin's review notes. */
const privateColumns = {
  bank_account_holder_name: venues.bank_account_holder_name,
  // Encrypted at rest; read as their last four digits (the admin's reveal decrypts).
  ...maskedBankColumns,
  review_notes: venues.review_notes,
  reviewed_at: venues.reviewed_at,
  // Changes waiting for the admin (decision 74); the public sees the approved content only.
  pending_name: venues.pending_name,
  pending_description: venues.pending_description,
  pending_images: venues.pending_images,
  pending_since: venues.pending_since,
};

export const fullColumns = { ...publicColumns, ...privateColumns };

export type PublicRow = { [K in keyof typeof publicColumns]: (typeof venues.$inferSelect)[K] };
export type FullRow = { [K in keyof typeof fullColumns]: (typeof venues.$inferSelect)[K] };

/** The public columns of a full row, by the whitelist (in its order, as the wire has them). */
export function publicPart(row: FullRow): PublicRow {
  return Object.fromEntries(
    Object.keys(publicColumns).map((key) => [key, row[key as keyof PublicRow]]),
  ) as PublicRow;
}

/**
 * Newest first, in the order of the indexes (created_at DESC NULLS LAST, id DESC NULLS LAST):
 * a plain DESC means NULLS FIRST, which the planner cannot serve from those indexes.
 */
export const NEWEST_FIRST = [sql`${venues.created_at} desc nulls last`, sql`${venues.id} desc nulls last`];

/* ---------- shapes ---------- */

export interface VenueImage {
  path: string;
  url: string;
  card_url: string;
  full_url: string;
}

export type PublicVenue = Omit<PublicRow, 'images'> & { images: VenueImage[] };
export type FullVenue = Omit<FullRow, 'images' | 'pending_images'> & {
  images: VenueImage[];
  pending_images: VenueImage[];
};
export type AdminVenue = FullVenue & {
  host: { full_name: string | null; email: string; business_name: string | null };
};

/* ---------- photos ---------- */

export const mediaUrl = (key: string) => `/media/${key}`;

export function imageView(key: string): VenueImage {
  return {
    path: key,
    url: mediaUrl(key),
    card_url: mediaUrl(cardKey(key)),
    full_url: mediaUrl(fullKey(key)),
  };
}

export function withImages<T extends { images: string[]; pending_images?: string[] }>(
  row: T,
): Omit<T, 'images' | 'pending_images'> & {
  images: VenueImage[];
} & (T extends { pending_images: string[] } ? { pending_images: VenueImage[] } : unknown) {
  const out = { ...row, images: row.images.map(imageView) };
  if (row.pending_images) Object.assign(out, { pending_images: row.pending_images.map(imageView) });
  return out as never;
}
