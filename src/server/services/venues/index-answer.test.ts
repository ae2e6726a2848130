import { describe, expect, it } from 'vitest';
import { venueListQuerySchema } from '@/domain/schemas';
import {
  answerFromIndex,
  compareNewest,
  compareRating,
  type IndexEntry,
  type IndexView,
} from './index-answer';

/** An entry whose card is its id, so a page's cards say which venues it shows. */
function entry(n: number, city: string, address: string, name = `Venue ${n}`): IndexEntry {
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    id,
    card: JSON.stringify(id),
    nameLc: name.toLowerCase(),
    cityLc: city.toLowerCase(),
    addressLc: address.toLowerCase(),
    capacity: 100,
    pricingType: 'hourly_rate',
    basePrice: 100,
    openDays: 0x7f,
    at: `2026-01-01T00:00:${String(59 - n).padStart(2, '0')}.000000Z`,
    ratingKey: '',
    ratingMilli: 0,
    ratingCount: 0,
  };
}

function view(entries: IndexEntry[]): IndexView {
  return {
    byNewest: [...entries].sort(compareNewest),
    byRating: [...entries].sort(compareRating),
    overrides: new Map(),
    horizon: '2000-01-01',
    bitsets: new Map(),
    haystacks: new Map(),
  };
}

/** The venue numbers a location finds, in the list's order (newest first: by number). */
function found(v: IndexView, location: string, sort?: 'rating'): number[] {
  const json = answerFromIndex(v, venueListQuerySchema.parse({ location, limit: '48', sort }));
  const page = JSON.parse(json!) as { venues: string[]; total_count: number };
  expect(page.total_count).toBe(page.venues.length);
  return page.venues.map((id) => Number(id.slice(-12)));
}

describe('the location filter on the index', () => {
  const v = view([
    entry(0, 'San Francisco', '12 Market Street'),
    entry(1, 'Seattle', '1 Pike Place'),
    entry(2, 'New York', 'Market Square 12'),
    entry(3, 'Newark', '7 Broad Street'),
    entry(4, 'San Diego', '12 Ocean Beach Drive'),
  ]);

  it('finds every venue whose city or address contains the text, once each, the last one too', () => {
    expect(found(v, 'market')).toEqual([0, 2]);
    expect(found(v, '12')).toEqual([0, 2, 4]);
    expect(found(v, 'new')).toEqual([2, 3]);
    expect(found(v, 'drive')).toEqual([4]);
    // Matches in the city and the address of one venue count it once.
    expect(found(v, 'a')).toEqual([0, 1, 2, 3, 4]);
    expect(found(v, 'SAN')).toEqual([0, 4]);
  });

  it('never matches across a city and its address, nor across two venues', () => {
    // "francisco" + "12 market…" and "…street" + "seattle" are not one text.
    expect(found(v, 'francisco 12')).toEqual([]);
    expect(found(v, 'francisco12')).toEqual([]);
    expect(found(v, 'streetseattle')).toEqual([]);
    expect(found(v, 'street seattle')).toEqual([]);
  });

  it('answers the same in both orders, and again from the kept bitsets', () => {
    expect(found(v, '12', 'rating')).toEqual(found(v, '12'));
    expect(v.haystacks.size).toBe(2);
    const kept = v.bitsets.size;
    expect(found(v, '12')).toEqual([0, 2, 4]);
    expect(v.bitsets.size).toBe(kept);
  });

  it('finds a venue by its name too, never across its name and city (issue 31)', () => {
    const named = view([
      entry(0, 'Miami', '1 Ocean Drive', 'The Velvet Room'),
      entry(1, 'Velvet City', '2 Main Street', 'Blue Note'),
      entry(2, 'Austin', '3 Rainey St', 'Room Service'),
    ]);
    expect(found(named, 'Velvet Room')).toEqual([0]);
    expect(found(named, 'velvet')).toEqual([0, 1]);
    expect(found(named, 'room')).toEqual([0, 2]);
    expect(found(named, 'roommiami')).toEqual([]);
    expect(found(named, 'room miami')).toEqual([]);
    expect(found(named, 'service austin')).toEqual([]);
  });

  it('finds nothing in an empty index', () => {
    expect(found(view([]), 'market')).toEqual([]);
  });
});
