import { describe, expect, it } from 'vitest';
import {
  PRICE_BANDS,
  PRICE_FILTER_OPTIONS,
  PRICING_TYPE_FILTER_OPTIONS,
  filterChips,
  filtersToQuery,
  findPriceBand,
  hasActiveFilters,
  normalizeFilters,
  priceBandContains,
  venueMatches,
  type FilterableVenue,
} from './filters';
import { FILTER_MESSAGES, venueListQuerySchema } from './schemas/venue-list';

describe('PRICE_BANDS', () => {
  it('lists the SPEC bands in order with labels', () => {
    expect(PRICE_BANDS.map((b) => [b.value, b.label, b.min, b.max])).toEqual([
      ['0-50', '$0 - $50', null, 50],
      ['50-200', '$50 - $200', 50, 200],
      ['200-500', '$200 - $500', 200, 500],
      ['500-1000', '$500 - $1,000', 500, 1000],
      ['1000-2500', '$1,000 - $2,500', 1000, 2500],
      ['2500+', '$2,500+', 2500, null],
    ]);
  });
  it('has select options with an "all" entry', () => {
    expect(PRICE_FILTER_OPTIONS[0]).toEqual({ value: 'all', label: 'All Prices' });
    expect(PRICE_FILTER_OPTIONS).toHaveLength(7);
    expect(PRICING_TYPE_FILTER_OPTIONS).toEqual([
      { value: 'all', label: 'All Pricing Types' },
      { value: 'hourly_rate', label: 'Hourly Rate' },
      { value: 'minimum_spend', label: 'Bar Minimum' },
    ]);
  });
});

describe('priceBandContains', () => {
  // price → the one band it belongs to
  it.each<[number, string]>([
    [0, '0-50'],
    [25, '0-50'],
    [50, '0-50'],
    [50.01, '50-200'],
    [200, '50-200'],
    [200.01, '200-500'],
    [500, '200-500'],
    [500.01, '500-1000'],
    [1000, '500-1000'],
    [1000.01, '1000-2500'],
    [2500, '1000-2500'],
    [2500.01, '2500+'],
    [1_000_000, '2500+'],
  ])('%d is only in %s', (price, value) => {
    for (const band of PRICE_BANDS) {
      expect(priceBandContains(band, price), `${price} in ${band.value}`).toBe(band.value === value);
    }
  });
  it('accepts a band value and refuses an unknown one', () => {
    expect(priceBandContains('0-50', 50)).toBe(true);
    expect(priceBandContains('50-200', 50)).toBe(false);
    expect(findPriceBand('nope')).toBeUndefined();
    expect(priceBandContains({ value: 'x', label: 'x', min: 10, max: 20 }, 10)).toBe(false);
  });
});

describe('normalizeFilters', () => {
  it('drops empty and "all" values', () => {
    expect(
      normalizeFilters({ location: '  ', date: '', guests: 'all', pricingType: 'all', pricing: 'ALL' }),
    ).toEqual({});
    expect(normalizeFilters({})).toEqual({});
    expect(normalizeFilters({ location: null })).toEqual({});
  });
  it('keeps valid values, trimmed and typed', () => {
    expect(
      normalizeFilters({
        location: '  Miami ',
        date: '2025-03-15',
        guests: ' 40 ',
        pricingType: 'minimum_spend',
        pricing: '2500+',
      }),
    ).toEqual({
      location: 'Miami',
      date: '2025-03-15',
      guests: 40,
      pricingType: 'minimum_spend',
      pricing: '2500+',
    });
  });
  it.each(['0', '-3', '2.5', '10abc', 'ten', '1e3', '99999999999999999999'])('drops guests %j', (guests) => {
    expect(normalizeFilters({ guests })).toEqual({});
  });
  it('accepts a numeric guests value', () => {
    expect(normalizeFilters({ guests: 12 })).toEqual({ guests: 12 });
  });
  it('drops unknown pricing types, bands and bad dates', () => {
    expect(normalizeFilters({ pricingType: 'free', pricing: '0-49', date: '2025-02-30' })).toEqual({});
  });
  it('is idempotent', () => {
    const once = normalizeFilters({ location: 'Austin', guests: '5', pricing: '50-200' });
    expect(normalizeFilters(once)).toEqual(once);
  });
  it('knows whether any filter is active', () => {
    expect(hasActiveFilters({ pricing: 'all' })).toBe(false);
    expect(hasActiveFilters({ guests: '3' })).toBe(true);
  });
  it('serializes to query pairs', () => {
    expect(filtersToQuery({ location: ' NYC ', guests: '08', pricing: 'all' })).toEqual({
      location: 'NYC',
      guests: '8',
    });
  });
});

describe('venueMatches', () => {
  const venue: FilterableVenue = {
    name: 'The Velvet Room',
    city: 'Miami Beach',
    address: '1200 Ocean Drive',
    capacity: 150,
    pricing_type: 'hourly_rate',
    base_price: 200,
  };
  it.each<[string, Record<string, string>, boolean]>([
    ['no filters', {}, true],
    ['location in city, any case', { location: 'miami' }, true],
    ['location in the middle of city', { location: 'AMI BEA' }, true],
    ['location in address', { location: 'ocean drive' }, true],
    ['location nowhere', { location: 'Orlando' }, false],
    ['the search field finds the name', { location: 'velvet room' }, true],
    ['not across the name and the city', { location: 'room miami' }, false],
    ['guests below capacity', { guests: '100' }, true],
    ['guests equal to capacity', { guests: '150' }, true],
    ['guests above capacity', { guests: '151' }, false],
    ['invalid guests ignored', { guests: 'lots' }, true],
    ['same pricing type', { pricingType: 'hourly_rate' }, true],
    ['other pricing type', { pricingType: 'minimum_spend' }, false],
    ['band with price at its max', { pricing: '50-200' }, true],
    ['band whose min equals the price', { pricing: '200-500' }, false],
    ['all means no filter', { location: 'all', pricingType: 'all', pricing: 'all' }, true],
    [
      'all filters pass',
      { location: 'beach', guests: '150', pricingType: 'hourly_rate', pricing: '50-200' },
      true,
    ],
    [
      'one filter fails',
      { location: 'beach', guests: '150', pricingType: 'minimum_spend', pricing: '50-200' },
      false,
    ],
    ['date is not applied here', { date: '2025-03-15' }, true],
  ])('%s', (_name, filters, expected) => {
    expect(venueMatches(venue, filters)).toBe(expected);
  });
});

describe('filterChips', () => {
  it('labels each active filter in search-panel order', () => {
    expect(
      filterChips({
        location: 'Miami',
        date: '2025-03-15',
        guests: '20',
        pricingType: 'minimum_spend',
        pricing: '1000-2500',
      }),
    ).toEqual(['Miami', 'Sat, Mar 15, 2025', '20+ guests', 'Bar Minimum', '$1,000 - $2,500']);
  });
  it('is empty without filters', () => {
    expect(filterChips({ location: '', pricingType: 'all', pricing: 'all' })).toEqual([]);
  });
  it('labels hourly rate and the open band', () => {
    expect(filterChips({ pricingType: 'hourly_rate', pricing: '2500+' })).toEqual(['Hourly Rate', '$2,500+']);
  });
});

describe('venueListQuerySchema', () => {
  it('defaults limit to 12 and normalizes filters', () => {
    expect(venueListQuerySchema.parse({})).toEqual({ limit: 12 });
    expect(
      venueListQuerySchema.parse({
        location: ' Austin ',
        guests: '',
        pricing: 'all',
        pricingType: 'hourly_rate',
      }),
    ).toEqual({ location: 'Austin', pricingType: 'hourly_rate', limit: 12 });
  });
  it('parses limit and cursor from the query string', () => {
    expect(venueListQuerySchema.parse({ limit: '48', cursor: 'abc123' })).toEqual({
      limit: 48,
      cursor: 'abc123',
    });
    expect(venueListQuerySchema.parse({ limit: '1', cursor: '' })).toEqual({ limit: 1 });
    expect(venueListQuerySchema.parse({ limit: '' })).toEqual({ limit: 12 });
  });
  it.each(['0', '49', '2.5', 'ten', '-1'])('rejects limit %j', (limit) => {
    const result = venueListQuerySchema.safeParse({ limit });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['limit'],
      message: 'Limit must be a whole number between 1 and 48.',
    });
  });
  it("keeps sort only when it is 'rating' (anything else is the default, newest first)", () => {
    expect(venueListQuerySchema.parse({ sort: 'rating' })).toEqual({ sort: 'rating', limit: 12 });
    expect(venueListQuerySchema.parse({ sort: 'newest' })).toEqual({ limit: 12 });
    expect(venueListQuerySchema.parse({ sort: '' })).toEqual({ limit: 12 });
  });
  it('strips unknown keys', () => {
    expect(venueListQuerySchema.parse({ sort: 'price' })).toEqual({ limit: 12 });
  });
  it('accepts valid filters and treats empty and "all" as no filter', () => {
    expect(
      venueListQuerySchema.parse({ date: '2027-02-28', guests: '12', pricingType: 'all', pricing: '2500+' }),
    ).toEqual({ date: '2027-02-28', guests: 12, pricing: '2500+', limit: 12 });
    expect(venueListQuerySchema.parse({ date: '', guests: 'all', pricingType: '', pricing: 'ALL' })).toEqual({
      limit: 12,
    });
  });
  it.each([
    ['date', '2027-13-45', FILTER_MESSAGES.date],
    ['date', '2027-02-30', FILTER_MESSAGES.date],
    ['date', 'tomorrow', FILTER_MESSAGES.date],
    ['date', '99999-01-01', FILTER_MESSAGES.date],
    ['guests', 'abc', FILTER_MESSAGES.guests],
    ['guests', '0', FILTER_MESSAGES.guests],
    ['guests', '-3', FILTER_MESSAGES.guests],
    ['guests', '2.5', FILTER_MESSAGES.guests],
    ['guests', '1e3', FILTER_MESSAGES.guests],
    ['guests', '99999999999999999999', FILTER_MESSAGES.guests],
    ['pricingType', 'free', FILTER_MESSAGES.pricingType],
    ['pricing', '1-2', FILTER_MESSAGES.pricing],
  ])('rejects %s=%j with a message naming it', (key, value, message) => {
    const result = venueListQuerySchema.safeParse({ [key]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: [key], message });
  });
});
