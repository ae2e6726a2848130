/** Data the web's tests render with (not part of the app's bundle: only tests import it). */
import type { VenueCard, VenueListPage } from '@/domain/contract';

/** A venue card of the public list, numbered; `overrides` sets what a test is about. */
export const venueCard = (n: number, overrides: Partial<VenueCard> = {}): VenueCard => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  name: `Club Number ${n}`,
  city: 'Chicago',
  address: `${n} Wacker Drive`,
  capacity: 80,
  base_price: 300,
  pricing_type: 'hourly_rate',
  open_to_flexible_hours: false,
  created_at: '2026-11-01T20:00:00.000Z',
  image: { url: `/media/v${n}/photo.jpg.card.webp`, width: 640, height: 400 },
  rating: { average: null, count: 0 },
  ...overrides,
});

/** The first (and only) page of a list of these cards. */
export const venueListPage = (venues: VenueCard[]): VenueListPage => ({
  venues,
  total_count: venues.length,
  total_count_capped: false,
  all_count: venues.length,
  next_cursor: null,
});
