/**
 * Venue search filters (SPEC §3, §9). venueMatches is the reference the server's SQL
 * implements; the date filter needs bookings and overrides and is applied by the server.
 */
import { AMENITY_LABELS, isAmenity, sortAmenities, type Amenity } from './amenities';
import { formatShortDate, isIsoDate } from './calendar';
import { PRICING_TYPE_FILTER_LABELS, isPricingType, type PricingType } from './pricing';

/** Filters as they arrive from a form or a query string (all text). */
export type VenueFilters = {
  location?: string;
  date?: string;
  guests?: string;
  pricingType?: string;
  pricing?: string;
  /** Amenities the venue must all have: 'bar,dj' (known values; others are dropped). */
  amenities?: string;
};

/** Anything normalizeFilters accepts: raw text, or already normalized values. */
export type VenueFilterInput = {
  [K in keyof VenueFilters]?: string | number | null | readonly string[];
};

export type PriceBand = { value: string; label: string; min: number | null; max: number | null };

/** Price bands on base_price: min exclusive, max inclusive (null = unbounded). */
export const PRICE_BANDS = [
  { value: '0-50', label: '$0 - $50', min: null, max: 50 },
  { value: '50-200', label: '$50 - $200', min: 50, max: 200 },
  { value: '200-500', label: '$200 - $500', min: 200, max: 500 },
  { value: '500-1000', label: '$500 - $1,000', min: 500, max: 1000 },
  { value: '1000-2500', label: '$1,000 - $2,500', min: 1000, max: 2500 },
  { value: '2500+', label: '$2,500+', min: 2500, max: null },
] as const satisfies readonly PriceBand[];
export type PriceBandValue = (typeof PRICE_BANDS)[number]['value'];

/** Options of the pricing type select ('all' = no filter). */
export const PRICING_TYPE_FILTER_OPTIONS: readonly { value: 'all' | PricingType; label: string }[] = [
  { value: 'all', label: 'All Pricing Types' },
  { value: 'hourly_rate', label: PRICING_TYPE_FILTER_LABELS.hourly_rate },
  { value: 'minimum_spend', label: PRICING_TYPE_FILTER_LABELS.minimum_spend },
];

/** Options of the price range select ('all' = no filter). */
export const PRICE_FILTER_OPTIONS: readonly { value: 'all' | PriceBandValue; label: string }[] = [
  { value: 'all', label: 'All Prices' },
  ...PRICE_BANDS.map(({ value, label }) => ({ value, label })),
];

export function findPriceBand(value: string): PriceBand | undefined {
  return PRICE_BANDS.find((band) => band.value === value);
}

/** Whether a price falls in a band (over min, up to and including max). */
export function priceBandContains(band: PriceBand | PriceBandValue, price: number): boolean {
  const b = typeof band === 'string' ? findPriceBand(band) : band;
  if (!b) return false;
  return (b.min === null || price > b.min) && (b.max === null || price <= b.max);
}

export type NormalizedVenueFilters = {
  location?: string;
  date?: string;
  guests?: number;
  pricingType?: PricingType;
  pricing?: PriceBandValue;
  amenities?: Amenity[];
};

/** The amenities of a filter ('bar,dj' or a list): known ones, in the canonical order. */
export function amenityList(value: string | number | null | undefined | readonly string[]): Amenity[] {
  if (value == null) return [];
  const parts = typeof value === 'object' ? value : String(value).split(',');
  return sortAmenities(parts.map((p) => p.trim()).filter(isAmenity));
}

function text(value: string | number | null | undefined | readonly string[]): string | undefined {
  if (value == null || typeof value === 'object') return undefined;
  const trimmed = String(value).trim();
  return trimmed === '' || trimmed.toLowerCase() === 'all' ? undefined : trimmed;
}

function positiveInt(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/**
 * Typed filters: '' and 'all' mean no filter; guests must be a positive whole number,
 * the date a real yyyy-MM-dd, pricingType and pricing known values — anything else is
 * dropped. Keys without a filter are absent. Idempotent.
 */
export function normalizeFilters(raw: VenueFilterInput): NormalizedVenueFilters {
  const result: NormalizedVenueFilters = {};
  const location = text(raw.location);
  if (location) result.location = location;
  const date = text(raw.date);
  if (date && isIsoDate(date)) result.date = date;
  const guests = positiveInt(text(raw.guests));
  if (guests) result.guests = guests;
  const pricingType = text(raw.pricingType);
  if (isPricingType(pricingType)) result.pricingType = pricingType;
  const pricing = text(raw.pricing);
  const band = pricing ? findPriceBand(pricing) : undefined;
  if (band) result.pricing = band.value as PriceBandValue;
  const amenities = amenityList(raw.amenities);
  if (amenities.length) result.amenities = amenities;
  return result;
}

export function hasActiveFilters(filters: VenueFilterInput): boolean {
  return Object.keys(normalizeFilters(filters)).length > 0;
}

export type FilterableVenue = {
  name: string;
  city: string;
  address: string;
  capacity: number;
  pricing_type: string;
  base_price: number;
  amenities?: readonly string[] | null;
};

/**
 * Whether a venue passes the filters. location (the search field): case-insensitive substring
 * of the venue's name, city or address; guests: capacity at least n; pricingType: equal; pricing: band on base_price.
 */
export function venueMatches(venue: FilterableVenue, filters: VenueFilterInput): boolean {
  const f = normalizeFilters(filters);
  if (f.location) {
    const needle = f.location.toLowerCase();
    if (![venue.name, venue.city, venue.address].some((text) => text.toLowerCase().includes(needle)))
      return false;
  }
  if (f.guests !== undefined && venue.capacity < f.guests) return false;
  if (f.pricingType && venue.pricing_type !== f.pricingType) return false;
  if (f.pricing && !priceBandContains(f.pricing, venue.base_price)) return false;
  if (f.amenities && !f.amenities.every((a) => (venue.amenities ?? []).includes(a))) return false;
  return true;
}

/** Chip labels beside 'Showing N of M venues', in the order of the search panel. */
export function filterChips(filters: VenueFilterInput): string[] {
  const f = normalizeFilters(filters);
  const chips: string[] = [];
  if (f.location) chips.push(f.location);
  if (f.date) chips.push(formatShortDate(f.date));
  if (f.guests) chips.push(`${f.guests}+ guests`);
  if (f.pricingType) chips.push(PRICING_TYPE_FILTER_LABELS[f.pricingType]);
  if (f.pricing) chips.push(findPriceBand(f.pricing)!.label);
  for (const a of f.amenities ?? []) chips.push(AMENITY_LABELS[a]);
  return chips;
}

/** Normalized filters as query-string pairs (for URLs and the API client). */
export function filtersToQuery(filters: VenueFilterInput): Record<string, string> {
  return Object.fromEntries(Object.entries(normalizeFilters(filters)).map(([k, v]) => [k, String(v)]));
}

export const VENUE_LIST_DEFAULT_LIMIT = 12;

/**
 * The list's filtered count stops here: past it the list says "100+" (`total_count_capped`,
 * decision 0023). The server's SQL and its in-process index both count up to it.
 */
export const LIST_COUNT_CAP = 100;

/**
 * Orders of the venue list: newest first (default), best rated first (then most reviewed), or
 * by price (base_price) either way, ties by creation in the same direction.
 */
export const VENUE_SORTS = ['newest', 'rating', 'price_asc', 'price_desc'] as const;
export type VenueSort = (typeof VENUE_SORTS)[number];
export const VENUE_SORT_LABELS: Record<VenueSort, string> = {
  newest: 'Newest',
  rating: 'Top Rated',
  price_asc: 'Price: Low to High',
  price_desc: 'Price: High to Low',
};
export const isVenueSort = (v: unknown): v is VenueSort =>
  typeof v === 'string' && (VENUE_SORTS as readonly string[]).includes(v);
export const VENUE_LIST_MAX_LIMIT = 48;
