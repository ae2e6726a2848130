import { openPostgres } from '../src/server/db/client';
import { venueListQuerySchema, PRICE_BANDS } from '@/domain/filters';
import { listVenues } from '../src/server/services/venues/search';
import type { AppContext } from '../src/server/context';
import { sql } from 'drizzle-orm';

const database = await openPostgres('postgres://postgres@127.0.0.1:5432/search_exp', 5);
const ctx = { db: database.db } as unknown as AppContext;
function rng(seed: number) { let s = seed >>> 0; return () => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s / 0x1_0000_0000; }; }
const rand = rng(7);
const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
const locations = ['', '', '', 'new', 'york', 'miami', 'chicago', 'los angeles', 'austin', 'vegas', 'san', 'ocean', 'main st', 'park', 'beach', 'honolulu', 'drive', '12', '7 '];
const guests = ['', '', '10', '50', '100', '250', '500', '900', '990'];
const types = ['', '', 'hourly_rate', 'minimum_spend'];
const bands = ['', '', ...PRICE_BANDS.map((b) => b.value)];
const dates = ['', '', '2031-06-02', '2031-06-06', '2031-06-07', '2031-06-03', '2031-06-10'];
const times: Array<[number, string]> = [];
for (let i = 0; i < Number(process.argv[2] ?? 300); i++) {
  const q: Record<string, string> = {};
  const add = (k: string, v: string) => { if (v) q[k] = v; };
  add('location', pick(locations)); add('guests', pick(guests)); add('pricingType', pick(types)); add('pricing', pick(bands)); add('date', pick(dates));
  if (rand() < 0.2) q.sort = 'rating';
  const query = venueListQuerySchema.parse(q);
  const t = performance.now();
  const page = await listVenues(ctx, query);
  times.push([performance.now() - t, JSON.stringify(q) + ' ' + page.total_count + (page.total_count_capped ? '+' : '')]);
}
const sorted = times.map((t) => t[0]).sort((a, b) => a - b);
const p = (x: number) => sorted[Math.min(sorted.length - 1, Math.floor(x * sorted.length))]!;
console.log('median', p(0.5).toFixed(2), 'p90', p(0.9).toFixed(2), 'p99', p(0.99).toFixed(2));
for (const [ms, q] of times.sort((a, b) => b[0] - a[0]).slice(0, 12)) console.log(ms.toFixed(1), q);
await database.close();
