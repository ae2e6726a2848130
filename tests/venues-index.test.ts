/**
 * The in-process venue index (decision 0031) answers the public list byte for byte as the SQL
 * search does: same ids, order, counts and next cursor, on every page, for generated venues
 * (overrides, past-midnight hours, time zones, microsecond ties, rating ties, LIKE wildcards)
 * and generated filter mixes — before and after changes the change feed reports. Compares the
 * two paths directly, which is why this file imports the service (as venues-search-scale does).
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEEK_DAYS } from '@/domain/calendar';
import { PRICE_BANDS } from '@/domain/filters';
import { venueListQuerySchema } from '@/domain/schemas';
import { defaultHours, type WeeklyHours } from '@/domain/hours';
import { venueAvailability, venues } from '../src/server/db/schema';
import { listVenues } from '../src/server/services/venues/search';
import type { VenueIndexReads } from '../src/server/services/venues/public-read-model';
import { createTestEnv, type TestEnv } from './support/env';
import { call, signUpAndSignIn } from './support/client';

let env: TestEnv;
let index: VenueIndexReads;
const ids: string[] = [];

const CITIES = ['New York', 'new york', 'MIAMI BEACH', 'Miami', 'São Paulo', 'Austin', 'Las Vegas', 'Zürich'];
const STREETS = [
  'Ocean Drive',
  'Sunset Blvd',
  '5th Ave',
  '100% Pure Lane',
  'Under_Score Rd',
  'Back\\slash Way',
];
const ZONES = ['America/New_York', 'Europe/London', 'Asia/Tokyo', 'Pacific/Auckland', 'America/Los_Angeles'];
const PRICES = [0, 0.01, 49.99, 50, 50.01, 199.99, 200, 200.01, 500, 999.99, 1000, 2500, 2500.01, 9000];
/** Future dates (loaded by the index) and a past one (answered by SQL). */
const DATES = ['2031-03-03', '2031-03-04', '2031-03-07', '2031-03-09', '2030-12-31', '2021-06-07'];
const LOCATIONS = [
  'new',
  'NEW YORK',
  'miami',
  'blvd',
  'a',
  'são',
  'zü',
  '100%',
  '%',
  '_',
  'back\\',
  'ave',
  '5',
  'x',
];

const venueArb = fc.record({
  city: fc.constantFrom(...CITIES),
  street: fc.constantFrom(...STREETS),
  number: fc.integer({ min: 1, max: 999 }),
  capacity: fc.constantFrom(1, 10, 49, 50, 51, 150, 1000),
  price: fc.constantFrom(...PRICES),
  hourly: fc.boolean(),
  closed: fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
  pastMidnight: fc.boolean(),
  zone: fc.constantFrom(...ZONES),
  active: fc.double({ min: 0, max: 1, noNaN: true }),
  // Few distinct instants and ratings: ties are broken by the later keys.
  second: fc.integer({ min: 0, max: 40 }),
  micro: fc.constantFrom(0, 1, 999_999),
  ratings: fc.constantFrom(0, 0, 1, 2, 3),
  stars: fc.integer({ min: 1, max: 5 }),
  overrides: fc.array(fc.record({ date: fc.constantFrom(...DATES), open: fc.boolean() }), { maxLength: 3 }),
});

function hoursOf(closed: boolean[], pastMidnight: boolean): WeeklyHours {
  const hours = defaultHours();
  WEEK_DAYS.forEach((day, i) => {
    hours[day] = {
      ...hours[day],
      closed: closed[i]!,
      ...(pastMidnight ? { open: '20:00', close: '04:00' } : {}),
    };
  });
  return hours;
}

beforeAll(async () => {
  env = await createTestEnv();
  index = env.ctx.publicReads.index!;
  const host = await signUpAndSignIn(env, { role: 'host' });
  const generated = fc.sample(venueArb, { numRuns: 180, seed: 20261123 });
  const rows = generated.map((v, i) => {
    const id = randomUUID();
    ids.push(id);
    const at = `2026-01-01 00:00:${String(v.second).padStart(2, '0')}.${String(v.micro).padStart(6, '0')}+00`;
    return {
      id,
      host_id: host.profile.id,
      name: `Indexed ${i}`,
      address: `${v.number} ${v.street}`,
      city: v.city,
      capacity: v.capacity,
      base_price: v.price,
      pricing_type: v.hourly ? ('hourly_rate' as const) : ('minimum_spend' as const),
      hours: hoursOf(v.closed, v.pastMidnight),
      time_zone: v.zone,
      is_active: v.active < 0.85,
      rating_count: v.ratings,
      rating_sum: v.ratings * v.stars - (v.ratings > 1 ? 1 : 0),
      created_at: sql`${at}::timestamptz`,
    };
  });
  await env.ctx.db.insert(venues).values(rows as never);
  const seen = new Set<string>();
  const overrides = generated.flatMap((v, i) =>
    v.overrides
      .filter((o) => !seen.has(`${i}|${o.date}`) && seen.add(`${i}|${o.date}`))
      .map((o) => ({ venue_id: ids[i]!, date: o.date, is_available: o.open, price: 0 })),
  );
  await env.ctx.db.insert(venueAvailability).values(overrides);
});
afterAll(async () => {
  await env.close();
});

const queryArb = fc.record(
  {
    location: fc.oneof(fc.constantFrom(...LOCATIONS), fc.stringMatching(/^[a-zA-Z0-9 %_]{1,3}$/)),
    guests: fc.constantFrom('1', '50', '51', '150', '1001'),
    pricingType: fc.constantFrom('hourly_rate', 'minimum_spend', 'all'),
    pricing: fc.constantFrom(...PRICE_BANDS.map((b) => b.value)),
    date: fc.constantFrom(...DATES),
    sort: fc.constant('rating'),
    limit: fc.constantFrom('1', '5', '12', '48'),
  },
  { requiredKeys: [] },
);

/** Both answers of every page of one query, following each path's own next cursor. */
async function comparePages(raw: Record<string, string>) {
  let cursor: string | null = null;
  for (let page = 0; page < 40; page++) {
    const query = venueListQuerySchema.parse({ ...raw, ...(cursor ? { cursor } : {}) });
    const bySql = JSON.stringify(await listVenues(env.ctx, query));
    let fromIndex = index.answer(query);
    // A change event still arriving makes the index decline until it has re-read that venue.
    for (let tries = 0; fromIndex === undefined && tries < 20; tries++) {
      await index.settled();
      await new Promise((r) => setTimeout(r, 25));
      fromIndex = index.answer(query);
    }
    const ascii = !raw.location || /^[\x20-\x7e]*$/.test(raw.location);
    if (ascii && raw.date !== '2021-06-07') expect(fromIndex, JSON.stringify(raw)).toBeDefined();
    if (fromIndex !== undefined) expect(fromIndex, JSON.stringify({ raw, cursor })).toBe(bySql);
    cursor = (JSON.parse(bySql) as { next_cursor: string | null }).next_cursor;
    if (!cursor) return;
  }
}

async function ready() {
  index.answer(venueListQuerySchema.parse({}));
  await index.settled();
}

describe('the venue index answers as the SQL does', () => {
  it('on generated filter mixes, both orders, every page', async () => {
    await ready();
    await fc.assert(
      fc.asyncProperty(queryArb, (raw) => comparePages(raw)),
      { numRuns: 120, seed: 7 },
    );
    const fixed: Array<Record<string, string>> = [
      {},
      { sort: 'rating' },
      { limit: '7' },
      { sort: 'rating', limit: '3' },
    ];
    for (const raw of fixed) await comparePages(raw);
  });

  it('after changes reported by the change feed (ratings, prices, deactivations, overrides, deletions)', async () => {
    await ready();
    const db = env.ctx.db;
    const some = ids.filter((_, i) => i % 9 === 0);
    await db.execute(sql`update venues set rating_count = 4, rating_sum = 17 where id = ${some[0]}`);
    await db.execute(sql`update venues set base_price = 50, capacity = 51 where id = ${some[1]}`);
    await db.execute(sql`update venues set is_active = not is_active where id = ${some[2]}`);
    await db.execute(sql`update venues set is_active = true where id = ${some[3]}`);
    await db.execute(sql`delete from venue_availability where venue_id = ${some[4]}`);
    await db
      .insert(venueAvailability)
      .values([
        { venue_id: some[5]!, date: '2031-03-03', is_available: false, price: 0 },
        { venue_id: some[6]!, date: '2031-03-04', is_available: true, price: 0 },
      ])
      .onConflictDoNothing();
    await db.execute(sql`update venues set city = 'Brand New City' where id = ${some[7]}`);
    await db.execute(sql`delete from venue_availability where venue_id = ${some[8]}`);
    await db.execute(sql`delete from venues where id = ${some[8]}`);
    // The feed reports each change; the index declines until it has read them.
    await expect
      .poll(async () => {
        await index.settled();
        return index.answer(venueListQuerySchema.parse({})) !== undefined;
      })
      .toBe(true);
    await fc.assert(
      fc.asyncProperty(queryArb, (raw) => comparePages(raw)),
      { numRuns: 60, seed: 8 },
    );
    const fixed: Array<Record<string, string>> = [
      { location: 'brand new' },
      { date: '2031-03-03' },
      { date: '2031-03-04', sort: 'rating' },
    ];
    for (const raw of fixed) await comparePages(raw);
  });

  it('serves GET /api/venues from the index, with the same bytes as the SQL', async () => {
    await ready();
    const query = venueListQuerySchema.parse({ location: 'ave', limit: '5' });
    const before = index.answered;
    const res = await env.app.request('/api/venues?location=ave&limit=5&pricingType=all');
    expect(await res.text()).toBe(JSON.stringify(await listVenues(env.ctx, query)));
    expect(index.answered).toBe(before + 1);
    // A cursor the database reads differently (no such day) is left to the SQL.
    const odd = Buffer.from(JSON.stringify(['2026-02-30T00:00:00.000000Z', ids[0]])).toString('base64url');
    expect(index.answer(venueListQuerySchema.parse({ cursor: odd }))).toBeUndefined();
    const bad = await call(env, 'GET', '/api/venues?cursor=not-a-cursor');
    expect(bad.status).toBe(400);
  });
});
