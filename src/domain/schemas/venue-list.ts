/**
 * The query string of GET /api/venues: filters, cursor, sort, limit. A filter that is given must
 * be valid (400 naming it, never silently ignored); empty and 'all' mean no filter. The rules
 * the filters apply are in ../filters.ts (shared with the web's search panel, without zod).
 */
import { z } from 'zod';
import { isIsoDate } from '../calendar';
import { AMENITIES, isAmenity } from '../amenities';
import {
  PRICE_BANDS,
  isVenueSort,
  VENUE_LIST_DEFAULT_LIMIT,
  VENUE_LIST_MAX_LIMIT,
  findPriceBand,
  normalizeFilters,
} from '../filters';
import { isPricingType } from '../pricing';
import type { VenueSort } from '../filters';

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
  amenities: `Amenities must be a comma-separated list of ${AMENITIES.join(', ')}.`,
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
      amenities: filterText.refine(
        (v) =>
          isUnset(v) ||
          v!
            .split(',')
            .map((a) => a.trim())
            .every(isAmenity),
        FILTER_MESSAGES.amenities,
      ),
      cursor: z.string({ error: 'Invalid cursor.' }).optional(),
      // Lenient like the filters: an unknown order means the default order (newest).
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
      ...(sort && sort.trim() !== 'newest' && isVenueSort(sort.trim())
        ? { sort: sort.trim() as Exclude<VenueSort, 'newest'> }
        : {}),
      limit,
    })))();
export type VenueListQuery = z.output<typeof venueListQuerySchema>;
