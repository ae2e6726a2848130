/**
 * The server's SQL filters against the domain reference (venueMatches, dayState) on a
 * generated set of venues: same venues, same order, same counts, on every page.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayState } from '@/domain/availability';
import { WEEK_DAYS, weekDayOf } from '@/domain/calendar';
import {
  LIST_COUNT_CAP,
  PRICE_BANDS,
  normalizeFilters,
  venueMatches,
  type VenueFilterInput,
} from '@/domain/filters';
import { defaultHours, type WeeklyHours } from '@/domain/hours';
import { venueAvailability, venues } from '../src/server/db/schema';
import { createTestEnv, type TestEnv } from './support/env';
import { call, signUpAndSignIn } from './support/client';

let env: TestEnv;

type Row = typeof venues.$inferInsert & { id: string; created_at: Date; hours: WeeklyHours };
type Override = { venue_id: string; date: string; is_available: boolean };
let rows: Row[] = [];
let overrides: Override[] = [];

/** Deterministic pseudo-random numbers, so a failure can be reproduced. */
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

const CITIES = [
  'New York',
  'Miami',
  'Chicago',
  'Los Angeles',
  'Austin',
  'Las Vegas',
  'São Paulo',
  'new york',
  'MIAMI BEACH',
];
const STREETS = [
  'Ocean Drive',
  'Sunset Blvd',
  '5th Ave',
  'Rainey St',
  '100% Pure Lane',
  'Under_Score Rd',
  'Back\\slash Way',
];
/** Prices on and around every band edge. */
const PRICES = [
  0, 0.01, 25, 49.99, 50, 50.01, 120, 199.99, 200, 200.01, 350, 500, 500.01, 999.99, 1000, 1000.01, 2499.99,
  2500, 2500.01, 9000,
];
const DATES = ['2031-03-03', '2031-03-07', '2031-03-09'];
/** Names (issue 31: the search field finds them too), some sharing words with cities and streets. */
const NAMES = ['Velvet Room', 'The Blue Note', 'Miami Nights', 'Ocean Lounge', 'Room 100%', 'Club_Under'];
const AMENITY_SETS: string[][] = [
  [],
  ['bar'],
  ['bar', 'dj'],
  ['dj', 'parking'],
  ['bar', 'dj', 'parking', 'security'],
];

beforeAll(async () => {
  env = await createTestEnv();
  const host = await signUpAndSignIn(env, { role: 'host' });
  const rand = rng(20260101);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const base = Date.parse('2026-01-01T00:00:00Z');
  rows = Array.from({ length: 160 }, (_, i) => {
    const hours = defaultHours();
    for (const day of WEEK_DAYS) if (rand() < 0.3) hours[day] = { ...hours[day], closed: true };
    const pricing_type = rand() < 0.5 ? 'hourly_rate' : 'minimum_spend';
    return {
      id: randomUUID(),
      host_id: host.profile.id,
      name: `${pick(NAMES)} ${i}`,
      amenities: pick(AMENITY_SETS),
      address: `${Math.floor(rand() * 900) + 1} ${pick(STREETS)}`,
      city: pick(CITIES),
      capacity: pick([1, 10, 49, 50, 51, 100, 150, 300, 1000]),
      base_price: pick(PRICES),
      pricing_type,
      hours,
      time_zone: 'America/New_York',
      is_active: rand() < 0.85,
      // Groups of three share a created_at: the id breaks the tie.
      created_at: new Date(base + Math.floor(i / 3) * 60_000),
    } satisfies Row;
  });
  await env.ctx.db.insert(venues).values(rows);
  const seen = new Set<string>();
  for (const date of DATES) {
    for (const row of rows) {
      if (rand() < 0.25 && !seen.has(`${row.id}|${date}`)) {
        seen.add(`${row.id}|${date}`);
        overrides.push({ venue_id: row.id, date, is_available: rand() < 0.5 });
      }
    }
  }
  // Overrides on other dates must not matter.
  overrides = [
    ...overrides,
    ...rows.slice(0, 20).map((r) => ({ venue_id: r.id, date: '2031-03-04', is_available: false })),
  ];
  await env.ctx.db.insert(venueAvailability).values(overrides.map((o) => ({ ...o, price: 0 })));
});
afterAll(async () => {
  await env.close();
});

/** The reference: domain venueMatches, the domain's day state for the date, in the list's order. */
function expected(
  filters: VenueFilterInput,
  sort: 'newest' | 'price_asc' | 'price_desc' = 'newest',
): string[] {
  const f = normalizeFilters(filters);
  return rows
    .filter((r) => r.is_active)
    .filter((r) => venueMatches({ ...r, base_price: r.base_price as number }, filters))
    .filter((r) => {
      if (!f.date) return true;
      const override = overrides.find((o) => o.venue_id === r.id && o.date === f.date) ?? null;
      const state = dayState({ date: f.date, today: f.date, hours: r.hours, override });
      return state === 'available' || state === 'override';
    })
    .sort((a, b) => {
      const newest =
        b.created_at.getTime() - a.created_at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
      if (sort === 'newest') return newest;
      // By price, ties by creation then id, all in the one direction.
      const up = (a.base_price as number) - (b.base_price as number) || -newest;
      return sort === 'price_asc' ? up : -up;
    })
    .map((r) => r.id);
}

/** The count the list reports for n matches: n up to the cap, else the cap marked as "more" (negative here). */
const reported = (n: number) => (n > LIST_COUNT_CAP ? -LIST_COUNT_CAP : n);

/**
 * Every page of the list through the API, following next_cursor — twice: as served (the venue
 * index of decision 0031 answers what it can) and with the list cache and the index off, so the
 * SQL answers every page; both must agree.
 */
async function allPages(filters: Record<string, string>, limit: number) {
  const served = await pagesOf(filters, limit);
  const cache = env.ctx.publicReads;
  cache.enabled = false;
  try {
    const bySql = await pagesOf(filters, limit);
    expect(bySql, `by SQL: ${JSON.stringify(filters)}`).toEqual(served);
  } finally {
    cache.enabled = true;
  }
  return served;
}

async function pagesOf(filters: Record<string, string>, limit: number) {
  const ids: string[] = [];
  const totals = new Set<number>();
  let cursor: string | null = null;
  for (let page = 0; page < 200; page++) {
    const qs: URLSearchParams = new URLSearchParams({
      ...filters,
      limit: String(limit),
      ...(cursor ? { cursor } : {}),
    });
    const res: { status: number; body: any } = await call(env, 'GET', `/api/venues?${qs}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.venues.length).toBeLessThanOrEqual(limit);
    ids.push(...res.body.venues.map((v: { id: string }) => v.id));
    totals.add(res.body.total_count_capped ? -res.body.total_count : res.body.total_count);
    expect(res.body.all_count).toBe(rows.filter((r) => r.is_active).length);
    cursor = res.body.next_cursor;
    if (!cursor) break;
    expect(res.body.venues).toHaveLength(limit);
  }
  return { ids, totals: [...totals] };
}

const LOCATIONS = [
  '',
  'new york',
  'NEW',
  'miami',
  'Ocean',
  'blvd',
  'são',
  'a',
  '100%',
  '%',
  'Under_Score',
  '_',
  'back\\slash',
  'nowhere',
  'SÃO PAULO',
  // A line break: never across the city and the address (the place column joins them by one).
  'york\n1',
  'miami\nbeach',
  // One or two characters: found through the index of grams (migration 0014), the ILIKE decides.
  'ÃO',
  'St',
  ' v',
  '% ',
  'ny',
  'xq',
  'o',
  'k5',
];

describe('SQL filters match the domain reference', () => {
  it('location: case-insensitive substring of city or address (LIKE wildcards are literal)', async () => {
    for (const location of LOCATIONS) {
      const { ids, totals } = await allPages(location ? { location } : {}, 48);
      const want = expected({ location });
      expect(ids, location).toEqual(want);
      expect(totals, location).toEqual([reported(want.length)]);
    }
  });

  it('the search field finds names as well as cities and addresses (issue 31)', async () => {
    for (const location of [
      'velvet room',
      'VELVET',
      'blue note',
      'room',
      'nights',
      'club_under',
      'room 100%',
      'note\nmiami',
      'lounge 1',
    ]) {
      const { ids, totals } = await allPages({ location }, 12);
      const want = expected({ location });
      expect(ids, location).toEqual(want);
      expect(totals, location).toEqual([reported(want.length)]);
    }
    // The data has names to find that no city or address holds.
    const byName = expected({ location: 'velvet room' });
    expect(byName.length).toBeGreaterThan(0);
    expect(rows.filter((r) => byName.includes(r.id)).every((r) => r.name.startsWith('Velvet Room'))).toBe(
      true,
    );
  });

  it('sorts by price both ways, with filters, across pages (issue 31)', async () => {
    for (const sort of ['price_asc', 'price_desc'] as const) {
      for (const filters of [
        {},
        { location: 'miami' },
        { pricingType: 'hourly_rate', guests: '50' },
      ] as Array<Record<string, string>>) {
        for (const limit of [5, 48]) {
          const { ids, totals } = await allPages({ ...filters, sort }, limit);
          const want = expected(filters, sort);
          expect(ids, `${sort} ${JSON.stringify(filters)} ${limit}`).toEqual(want);
          expect(totals).toEqual([reported(want.length)]);
        }
      }
    }
    const prices = (await allPages({ sort: 'price_asc' }, 48)).ids.map(
      (id) => rows.find((r) => r.id === id)!.base_price as number,
    );
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    // A cursor of one order is refused by another.
    const first = await call(env, 'GET', '/api/venues?sort=price_asc&limit=2');
    const wrong = await call(env, 'GET', `/api/venues?sort=price_desc&cursor=${first.body.next_cursor}`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('Invalid cursor.');
  });

  it('amenities: venues having every amenity asked for (issue 31)', async () => {
    for (const amenities of ['bar', 'dj', 'bar,dj', 'dj,bar', 'parking,security', 'dance_floor']) {
      for (const extra of [{}, { location: 'new york' }, { sort: 'price_desc' }] as Array<
        Record<string, string>
      >) {
        const { ids, totals } = await allPages({ amenities, ...extra }, 12);
        const want = expected({ amenities, ...extra }, (extra.sort as 'price_desc') ?? 'newest');
        expect(ids, `${amenities} ${JSON.stringify(extra)}`).toEqual(want);
        expect(totals).toEqual([reported(want.length)]);
      }
    }
    expect(expected({ amenities: 'bar,dj' }).length).toBeGreaterThan(0);
    const bad = await call(env, 'GET', '/api/venues?amenities=bar,hot_tub');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ field: 'amenities' });
  });

  it('price bands with the SPEC edges', async () => {
    for (const band of PRICE_BANDS) {
      const { ids } = await allPages({ pricing: band.value }, 48);
      expect(ids, band.value).toEqual(expected({ pricing: band.value }));
    }
    // '0-50' includes 50; '50-200' starts above 50; '2500+' starts above 2500.
    const prices = (band: string) =>
      rows.filter((r) => expected({ pricing: band }).includes(r.id)).map((r) => r.base_price as number);
    expect(prices('0-50')).toContain(50);
    expect(prices('50-200')).not.toContain(50);
    expect(prices('50-200')).toContain(50.01);
    expect(prices('2500+')).not.toContain(2500);
    expect(prices('1000-2500')).toContain(2500);
  });

  it('guests, pricing type and combinations', async () => {
    const combos: VenueFilterInput[] = [];
    for (const guests of ['', '1', '50', '51', '1000', '1001'])
      for (const pricingType of ['all', 'hourly_rate', 'minimum_spend'])
        combos.push({
          guests,
          pricingType,
          pricing: guests === '50' ? '200-500' : 'all',
          location: guests === '1' ? 'a' : '',
        });
    for (const filters of combos) {
      const query = Object.fromEntries(
        Object.entries(filters).filter(([, v]) => v !== '' && v != null),
      ) as Record<string, string>;
      const { ids, totals } = await allPages(query, 48);
      const want = expected(filters);
      expect(ids, JSON.stringify(filters)).toEqual(want);
      expect(totals).toEqual([reported(want.length)]);
    }
  });

  it('date: open that weekday unless an override says otherwise', async () => {
    for (const date of [...DATES, '2031-03-04', '2031-03-05']) {
      const extras: Array<Record<string, string>> = [
        {},
        { location: 'new york' },
        { pricingType: 'minimum_spend', guests: '50' },
      ];
      for (const extra of extras) {
        const filters: Record<string, string> = { date, ...extra };
        const { ids, totals } = await allPages(filters, 48);
        const want = expected(filters);
        expect(ids, JSON.stringify(filters)).toEqual(want);
        expect(totals).toEqual([reported(want.length)]);
      }
    }
    // The generated data exercises every branch: closed weekdays, overrides opening and closing a day.
    const monday = DATES[0]!;
    expect(weekDayOf(monday)).toBe('monday');
    const active = rows.filter((r) => r.is_active);
    const withOverride = (open: boolean) =>
      active.filter((r) =>
        overrides.some((o) => o.venue_id === r.id && o.date === monday && o.is_available === open),
      );
    expect(withOverride(true).some((r) => r.hours.monday.closed)).toBe(true);
    expect(withOverride(false).some((r) => !r.hours.monday.closed)).toBe(true);
    const ids = (await allPages({ date: monday }, 48)).ids;
    for (const r of withOverride(true)) expect(ids).toContain(r.id);
    for (const r of withOverride(false)) expect(ids).not.toContain(r.id);
  });

  it('pages with the keyset cursor: every venue once, in order, for several page sizes', async () => {
    const want = expected({});
    for (const limit of [1, 7, 12, 48]) {
      const { ids } = await allPages({}, limit);
      expect(ids, `limit ${limit}`).toEqual(want);
    }
    const filtered = expected({ pricingType: 'hourly_rate' });
    expect((await allPages({ pricingType: 'hourly_rate' }, 5)).ids).toEqual(filtered);
  });

  it('gives the same answers on a page the list cache has not seen (a query no other test asks)', async () => {
    const res = await call(env, 'GET', '/api/venues?limit=47&location=miami&pricing=200-500');
    expect(res.status).toBe(200);
    const want = expected({ location: 'miami', pricing: '200-500' });
    expect(res.body.venues.map((v: { id: string }) => v.id)).toEqual(want.slice(0, 47));
    expect(res.body.total_count).toBe(Math.min(want.length, LIST_COUNT_CAP));
  });

  it('can serve the list from the indexes the schema defines (query plans)', async () => {
    await env.ctx.db.execute('analyze venues');
    // One connection (a transaction) so the planner setting applies to the explains.
    const [page, location] = await env.ctx.db.transaction(async (tx) => {
      const explain = async (q: string) => {
        const res = (await tx.execute(`explain ${q}`)) as unknown as { rows: Array<Record<string, string>> };
        return res.rows.map((r) => Object.values(r)[0]).join('\n');
      };
      // A table this small is cheaper to scan and sort; forbid that to see whether the indexes serve the query.
      await tx.execute('set local enable_seqscan = off');
      const trigram = await explain("select id from venues where place like lower('%York%')");
      await tx.execute('set local enable_sort = off');
      await tx.execute('set local enable_bitmapscan = off');
      const keyset = await explain(
        "select id from venues where is_active and (created_at, id) < ('2026-01-01T01:00:00Z'::timestamptz, '4b1d3f55-0000-4000-8000-000000000000'::uuid) order by created_at desc nulls last, id desc nulls last limit 13",
      );
      return [keyset, trigram];
    });
    expect(page, page).toMatch(/Index (Only )?Scan using venues_active_created_idx/);
    expect(page, page).not.toMatch(/Sort/);
    expect(page, page).toMatch(/Index Cond: \(ROW\(created_at, id\) < ROW/);
    expect(location, location).toMatch(/venues_place_trgm_idx/);
  });
});
