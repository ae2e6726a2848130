/**
 * Many venues at once, generated inside the database (INSERT … SELECT generate_series): 100,000
 * venues take seconds instead of 100,000 API calls. Shared by the bench and the query-plan test.
 *
 * The data is deterministic (a hash of the row number, not random()): 30 cities, 14 streets,
 * capacities 10–999, half hourly (20–920 $/h) and half minimum spend (100–6,100 $), a quarter of
 * the weekdays closed, created 37 s apart (newest first), and date overrides for 5 % of the
 * venues on each of OVERRIDE_DATES (half of them closing the day).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';

export const BENCH_CITIES = [
  'New York',
  'Brooklyn',
  'Miami',
  'Miami Beach',
  'Chicago',
  'Los Angeles',
  'West Hollywood',
  'Austin',
  'Las Vegas',
  'San Francisco',
  'San Diego',
  'Seattle',
  'Portland',
  'Denver',
  'Boston',
  'Nashville',
  'New Orleans',
  'Atlanta',
  'Houston',
  'Dallas',
  'Phoenix',
  'Philadelphia',
  'Washington',
  'Detroit',
  'Minneapolis',
  'Orlando',
  'Tampa',
  'San Antonio',
  'Salt Lake City',
  'Honolulu',
];
export const BENCH_STREETS = [
  'Main Street',
  'Ocean Drive',
  'Sunset Boulevard',
  'Broadway',
  'Park Avenue',
  'Market Street',
  'Lake Shore Drive',
  'Bourbon Street',
  'Rainey Street',
  'Collins Avenue',
  'Elm Street',
  'Harbor Way',
  'Pine Street',
  'River Road',
];
/** The dates with overrides (a Monday, a Friday, a Saturday). */
export const OVERRIDE_DATES = ['2031-06-02', '2031-06-06', '2031-06-07'];

const textArray = (xs: readonly string[]) => sql.raw(`array[${xs.map((x) => `'${x}'`).join(',')}]`);

/** A number in [0, 1) from the row number g and a salt: the same on every run and engine. */
let salts = 0;
const saltOf = new Map<string, number>();
const r = (salt: string) => {
  if (!saltOf.has(salt)) saltOf.set(salt, ++salts * 7919);
  return `((hashint4extended(g::int, ${saltOf.get(salt)}) & 4294967295)::float8 / 4294967296.0)`;
};
const u = (salt: string) => sql.raw(r(salt));

const BATCH = 2_500;
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** Inserts `active` active and `pending` pending venues of one host, then their overrides. */
export async function generateVenues(
  db: Db,
  opts: { hostId: string; active: number; pending?: number; newest?: Date },
): Promise<void> {
  const total = opts.active + (opts.pending ?? 0);
  const newest = (opts.newest ?? new Date()).toISOString();
  const day = (d: string, i: number) => {
    const weekend = d === 'saturday' || d === 'sunday';
    const closed = `(${r(`c${i}`)} < 0.25)`;
    const late = `(${r(`l${i}`)} < 0.5)`;
    return `'${d}', jsonb_build_object(
      'open', case when ${late} then '20:00' else '${weekend ? '10:00' : '09:00'}' end,
      'close', case when ${late} then '02:00' else '${weekend ? '18:00' : '17:00'}' end,
      'closed', ${closed}, 'price', 0, 'pricing_type', 'hourly_rate')`;
  };
  const hours = sql.raw(`jsonb_build_object(${DAYS.map(day).join(',\n')})`);
  // In batches, so no one statement runs into the connection's statement timeout.
  for (let from = 1; from <= total; from += BATCH) {
    const to = Math.min(total, from + BATCH - 1);
    await db.execute(sql`
      insert into venues (id, host_id, name, description, address, city, capacity, base_price,
        pricing_type, amenities, images, is_active, hours, open_to_flexible_hours, time_zone,
        business_name, phone, email, bank_account_holder_name, bank_account_number,
        bank_routing_number, tax_id, created_at)
      -- Names without digits, as real venue names mostly are (the search field matches names
      -- too, issue 31): the number spelled in rare letters, 'Club Qwx'.
      select id, ${opts.hostId}::uuid, 'Club ' || initcap(translate(g::text, '0123456789', 'qwxzjkvybp')),
        'A generated venue for the benchmark.',
        (1 + floor(${u('a')} * 2000))::int || ' ' || (${textArray(BENCH_STREETS)})[1 + floor(${u('s')} * ${BENCH_STREETS.length})::int],
        (${textArray(BENCH_CITIES)})[1 + floor(${u('city')} * ${BENCH_CITIES.length})::int],
        10 + floor(${u('cap')} * 990)::int,
        case when ${u('t')} < 0.5 then round((20 + ${u('p')} * 900)::numeric, 2)
          else round((100 + ${u('p')} * 6000)::numeric, 2) end,
        case when ${u('t')} < 0.5 then 'hourly_rate' else 'minimum_spend' end,
        array['bar', 'sound_system'],
        array[id || '/1700000000000-0-photo.jpg', id || '/1700000000001-1-photo.jpg'],
        g <= ${opts.active}::int, ${hours}, ${u('f')} < 0.3, 'America/New_York',
        'Bench Co', '+1 555 0100', 'bench@velvet.test', 'Bench Co', '000123456789', '021000021',
        '12-3456789', ${newest}::timestamptz - (g - 1) * interval '37 seconds'
      from (select g, gen_random_uuid() as id from generate_series(${from}::int, ${to}::int) g) s`);
  }
  for (const [i, date] of OVERRIDE_DATES.entries()) {
    await db.execute(sql`
      insert into venue_availability (venue_id, date, price, is_available)
      select id, ${date}::date, 0, ${u(`o${i}`)} < 0.5
      from (select id, row_number() over (order by created_at desc, id) as g from venues where host_id = ${opts.hostId}::uuid) s
      where ${u(`d${i}`)} < 0.05`);
  }
}
