/**
 * The public venue list (SPEC §2 /venues): active venues filtered, counted and paged in SQL
 * with a keyset cursor, served as ready JSON from the context's list cache.
 */
import { gzipSync } from 'node:zlib';
import { and, count, eq, gt, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import { weekDayOf } from '@/domain/calendar';
import { invalid } from '@/domain/errors';
import { findPriceBand, type NormalizedVenueFilters, type VenueListQuery } from '@/domain/filters';
import type { Encoded, VenueListPage as VenueListPageContract } from '@/domain/contract';
import type { AppContext } from '../../context';
import { venueAvailability, venues } from '../../db/schema';
import { CARD_SIZE, cardKey } from '../../images/pipeline';
import { LIST_TTL_MS } from './list-cache';
import { NEWEST_FIRST, mediaUrl } from './shared';

/** The list card: only what a card shows. */
const cardColumns = {
  id: venues.id,
  name: venues.name,
  city: venues.city,
  address: venues.address,
  capacity: venues.capacity,
  base_price: venues.base_price,
  pricing_type: venues.pricing_type,
  open_to_flexible_hours: venues.open_to_flexible_hours,
  created_at: venues.created_at,
  first_image: sql<string | null>`${venues.images}[1]`,
  // Full precision (microseconds, UTC) for the keyset cursor; a JS Date would lose it.
  cursor_at: sql<string>`to_char(${venues.created_at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
};

export interface VenueCard {
  id: string;
  name: string;
  city: string;
  address: string;
  capacity: number;
  base_price: number;
  pricing_type: 'hourly_rate' | 'minimum_spend';
  open_to_flexible_hours: boolean;
  created_at: Date;
  image: { url: string; width: number; height: number } | null;
}

export interface VenueListPage {
  venues: VenueCard[];
  total_count: number;
  all_count: number;
  next_cursor: string | null;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The SQL form of the domain's venueMatches (plus the date filter), on active venues. */
export function filterConditions(f: NormalizedVenueFilters): SQL[] {
  const conditions: SQL[] = [];
  if (f.location) {
    const pattern = `%${escapeLike(f.location)}%`;
    conditions.push(or(ilike(venues.city, pattern), ilike(venues.address, pattern))!);
  }
  if (f.guests !== undefined) conditions.push(gte(venues.capacity, f.guests));
  if (f.pricingType) conditions.push(eq(venues.pricing_type, f.pricingType));
  if (f.pricing) {
    const band = findPriceBand(f.pricing);
    if (band?.min != null) conditions.push(gt(venues.base_price, band.min));
    if (band?.max != null) conditions.push(lte(venues.base_price, band.max));
  }
  if (f.date) {
    // Open that day: a date override decides when there is one; else the weekday must not be closed.
    const day = weekDayOf(f.date);
    conditions.push(sql`(case when ${venueAvailability.id} is not null then ${venueAvailability.is_available}
      else coalesce(${venues.hours} -> ${day}::text ->> 'closed', 'false') <> 'true' end)`);
  }
  return conditions;
}

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');
}

export function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const badCursor = () => invalid('Invalid cursor.', 'cursor');
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) throw badCursor();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(value) || value.length !== 2) throw badCursor();
  const [createdAt, id] = value as unknown[];
  if (typeof createdAt !== 'string' || !CURSOR_TIME.test(createdAt) || Number.isNaN(Date.parse(createdAt))) {
    throw badCursor();
  }
  if (typeof id !== 'string' || !UUID.test(id)) throw badCursor();
  return { createdAt, id };
}

/** Memoizes a value by key (the list cache passes itself; without it every value is computed). */
export type Memo = <T>(key: string, ttlMs: number, load: () => Promise<T>) => Promise<T>;
const noMemo: Memo = (_key, _ttl, load) => load();

const filterKey = (f: NormalizedVenueFilters) =>
  JSON.stringify([
    f.location ?? null,
    f.date ?? null,
    f.guests ?? null,
    f.pricingType ?? null,
    f.pricing ?? null,
  ]);

/**
 * One page of active venues matching the filters, newest first, with the counts. The page
 * walks venues_active_created_idx from the cursor; the filtered count puts the filters in
 * WHERE (so the trigram and partial indexes apply); the count of all active venues is a
 * count of that partial index. Counts do not depend on the page, so pages share them.
 */
export async function listVenues(
  ctx: AppContext,
  query: VenueListQuery,
  memo: Memo = noMemo,
): Promise<VenueListPage> {
  const { cursor, limit, ...filters } = query;
  const after = cursor ? decodeCursor(cursor) : null;
  const conditions = filterConditions(filters);
  const overrideJoin = filters.date
    ? and(eq(venueAvailability.venue_id, venues.id), eq(venueAvailability.date, filters.date))!
    : undefined;

  let pageQuery = ctx.db.select(cardColumns).from(venues).$dynamic();
  if (overrideJoin) pageQuery = pageQuery.leftJoin(venueAvailability, overrideJoin);
  const keyset = after
    ? sql`(${venues.created_at}, ${venues.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
    : undefined;

  const countActive = async (where: SQL[]) => {
    let q = ctx.db.select({ n: count() }).from(venues).$dynamic();
    if (overrideJoin && where.length) q = q.leftJoin(venueAvailability, overrideJoin);
    const [row] = await q.where(and(eq(venues.is_active, true), ...where));
    return row?.n ?? 0;
  };

  const [rows, total, all] = await Promise.all([
    pageQuery
      .where(and(eq(venues.is_active, true), ...conditions, keyset))
      .orderBy(...NEWEST_FIRST)
      .limit(limit + 1),
    conditions.length
      ? memo(`total:${filterKey(filters)}`, LIST_TTL_MS, () => countActive(conditions))
      : undefined,
    memo('all', LIST_TTL_MS, () => countActive([])),
  ]);

  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page.at(-1);
  return {
    venues: page.map(({ first_image, cursor_at: _cursor, ...card }) => ({
      ...card,
      image: first_image ? { url: mediaUrl(cardKey(first_image)), ...CARD_SIZE } : null,
    })),
    total_count: total ?? all,
    all_count: all,
    next_cursor: more && last ? encodeCursor(last.cursor_at, last.id) : null,
  };
}

/** A list page ready to send: its JSON, and that JSON gzipped (made once, on first use). */
export class ListPageJson {
  private gzipped: Uint8Array<ArrayBuffer> | undefined;
  readonly byteLength: number;
  constructor(readonly json: string) {
    this.byteLength = Buffer.byteLength(json);
  }
  gzip(): Uint8Array<ArrayBuffer> {
    this.gzipped ??= new Uint8Array(gzipSync(this.json));
    return this.gzipped;
  }
}

/** The list page, from the cache when possible (the counts are cached on their own too). */
export function listVenuesJson(ctx: AppContext, query: VenueListQuery): Promise<ListPageJson> {
  const cache = ctx.venueListCache;
  const key = `page:${filterKey(query)}:${query.cursor ?? ''}:${query.limit}`;
  const memo: Memo = (k, t, load) => cache.get(k, t, load);
  return cache.get(
    key,
    LIST_TTL_MS,
    async () =>
      new ListPageJson(
        JSON.stringify((await listVenues(ctx, query, memo)) satisfies Encoded<VenueListPageContract>),
      ),
  );
}
