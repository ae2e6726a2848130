/**
 * A venue's list card: the columns a card is read from and the card made of them. One definition
 * for every list that shows cards — the public list's SQL path (search.ts), the in-process index
 * (venue-index.ts, decision 0031) and the guest's saved venues.
 */
import { sql } from 'drizzle-orm';
import { ratingAverage } from '@/domain/reviews';
import type { VenueCard as VenueCardAnswer } from '@/domain/contract';
import { venues } from '../../db/schema';
import { CARD_SIZE, cardKey } from '../../images/pipeline';
import { mediaUrl } from './shared';

/** The list card: only what a card shows. */
export const cardColumns = {
  id: venues.id,
  name: venues.name,
  city: venues.city,
  address: venues.address,
  capacity: venues.capacity,
  base_price: venues.base_price,
  pricing_type: venues.pricing_type,
  open_to_flexible_hours: venues.open_to_flexible_hours,
  created_at: venues.created_at,
  first_image: sql<string | null>`${venues.images}[1]`,
  rating_count: venues.rating_count,
  rating_sum: venues.rating_sum,
  // Exact text of the generated average, for the rating-order cursor.
  rating_key: sql<string>`${venues.rating_average}::text`,
  // Exact text of the price, for the price orders' cursor.
  price_key: sql<string>`${venues.base_price}::text`,
  // Full precision (microseconds, UTC) for the keyset cursor; a JS Date would lose it.
  cursor_at: sql<string>`to_char(${venues.created_at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
};

/** A card as the search reads it: the contract's card, its instant still a Date. */
export type VenueCard = Omit<VenueCardAnswer, 'created_at'> & { created_at: Date };

/** A row of cardColumns as its card (the list's SQL path and the index of decision 0031 share it). */
export function cardOf({
  first_image,
  cursor_at: _at,
  rating_count,
  rating_sum,
  rating_key: _key,
  price_key: _price,
  ...card
}: CardRow): VenueCard {
  return {
    ...card,
    image: first_image ? { url: mediaUrl(cardKey(first_image)), ...CARD_SIZE } : null,
    rating: { average: ratingAverage(rating_sum, rating_count), count: rating_count },
  };
}

/** A row of cardColumns. */
export type CardRow = Omit<VenueCard, 'image' | 'rating'> & {
  first_image: string | null;
  rating_count: number;
  rating_sum: number;
  rating_key: string;
  price_key: string;
  cursor_at: string;
};
