/**
 * Venue search filters (SPEC §3, §9). venueMatches is the reference the server's SQL
 * implements; the date filter needs bookings and overrides and is applied by the server.
 */
import { z } from 'zod';
import { formatShortDate, isIsoDate } from './calendar';
import { PRICING_TYPE_FILTER_LABELS, isPricingType, type PricingType } from './pricing';

/** Filters as they arrive from a form or a query string (all text). */
export type VenueFilters = {
  location?: string;
  date?: string;
  guests?: string;
  pricingType?: string;
  pricing?: string;
};

/** Anything normalizeFilters accepts: raw text, or already normalized values. */
export type VenueFilterInput = {
  [K in keyof VenueFilters]?: string | number | null;
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
};

function text(value: string | number | null | undefined): string | undefined {
  if (value == null) return undefined;
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
  return result;
}

export function hasActiveFilters(filters: VenueFilterInput): boolean {
  return Object.keys(normalizeFilters(filters)).length > 0;
}

export type FilterableVenue = {
  city: string;
  address: string;
  capacity: number;
  pricing_type: string;
  base_price: number;
};

/**
 * Whether a venue passes the filters. location: case-insensitive substring of city or
 * address; guests: capacity at least n; pricingType: equal; pricing: band on base_price.
 */
export function venueMatches(venue: FilterableVenue, filters: VenueFilterInput): boolean {
  const f = normalizeFilters(filters);
  if (f.location) {
    const needle = f.location.toLowerCase();
    if (!venue.city.toLowerCase().includes(needle) && !venue.address.toLowerCase().includes(needle))
      return false;
  }
  if (f.guests !== undefined && venue.capacity < f.guests) return false;
  if (f.pricingType && venue.pricing_type !== f.pricingType) return false;
  if (f.pricing && !priceBandContains(f.pricing, venue.base_price)) return false;
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
  return chips;
}

/** Normalized filters as query-string pairs (for URLs and the API client). */
export function filtersToQuery(filters: VenueFilterInput): Record<string, string> {
  return Object.fromEntries(Object.entries(normalizeFilters(filters)).map(([k, v]) => [k, String(v)]));
}

export const VENUE_LIST_DEFAULT_LIMIT = 12;

/** Orders of the venue list: newest first (default) or best rated first (then most reviewed). */
export const VENUE_SORTS = ['newest', 'rating'] as const;
export type VenueSort = (typeof VENUE_SORTS)[number];
export const VENUE_SORT_LABELS: Record<VenueSort, string> = { newest: 'Newest', rating: 'Top Rated' };
export const VENUE_LIST_MAX_LIMIT = 48;

// Schemas are built in pure IIFEs so a bundle that uses only the helpers above (the web's home
// page) drops them, and zod with them.
const filterText = /* @__PURE__ */ (() => z.string({ error: 'Invalid filter value.' }).optional())();
const LIMIT_MESSAGE = `Limit must be a whole number between 1 and ${VENUE_LIST_MAX_LIMIT}.`;

/** A filter left empty or set to 'all' means no filter. */
const isUnset = (v: string | undefined) =>
  v === undefined || v.trim() === '' || v.trim().toLowerCase() === 'all';

export const FILTER_MESSAGES = {
  date: 'Date must be a real date in the form YYYY-MM-DD.',
  guests: 'Guests must be a whole number of at least 1.',
  pricingType: 'Pricing type must be hourly_rate, minimum_spend or all.',
  pricing: `Price range must be one of ${PRICE_BANDS.map((b) => b.value).join(', ')} or all.`,
} as const;

/**
 * Query string of the venue list endpoint: filters, cursor, limit. A filter that is given must
 * be valid (400 naming it, never silently ignored); empty and 'all' mean no filter.
 */
export const venueListQuerySchema = /* @__PURE__ */ (() =>
  z
    .object({
      location: filterText,
      date: filterText.refine((v) => isUnset(v) || isIsoDate(v!.trim()), FILTER_MESSAGES.date),
      guests: filterText.refine(
        (v) => isUnset(v) || (/^\d+$/.test(v!.trim()) && Number(v) >= 1 && Number.isSafeInteger(Number(v))),
        FILTER_MESSAGES.guests,
      ),
      pricingType: filterText.refine(
        (v) => isUnset(v) || isPricingType(v!.trim()),
        FILTER_MESSAGES.pricingType,
      ),
      pricing: filterText.refine(
        (v) => isUnset(v) || findPriceBand(v!.trim()) !== undefined,
        FILTER_MESSAGES.pricing,
      ),
      cursor: z.string({ error: 'Invalid cursor.' }).optional(),
      // Lenient like the filters: anything but 'rating' means the default order (newest).
      sort: filterText,
      limit: z.preprocess(
        (v) => (v === '' || v == null ? undefined : typeof v === 'string' ? Number(v) : v),
        z
          .number({ error: LIMIT_MESSAGE })
          .int(LIMIT_MESSAGE)
          .min(1, LIMIT_MESSAGE)
          .max(VENUE_LIST_MAX_LIMIT, LIMIT_MESSAGE)
          .default(VENUE_LIST_DEFAULT_LIMIT),
      ),
    })
    .transform(({ cursor, limit, sort, ...filters }) => ({
      ...normalizeFilters(filters),
      ...(cursor?.trim() ? { cursor: cursor.trim() } : {}),
      ...(sort?.trim() === 'rating' ? { sort: 'rating' as const } : {}),
      limit,
    })))();
export type VenueListQuery = z.output<typeof venueListQuerySchema>;
