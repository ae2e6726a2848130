/**
 * The public venue list (SPEC §2 /venues): active venues filtered, counted (up to a cap) and
 * paged in SQL with a keyset cursor, served as ready JSON from the context's list cache.
 * Decision 0023 says how it stays fast at 100,000 venues.
 *
 * The cards are venue-card.ts's and the cursors cursors.ts's, shared with the in-process index of
 * decision 31 (index-answer.ts), which gives the same answers without the database.
 */
import { gzipSync } from 'node:zlib';
import { and, eq, gt, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { weekDayOf } from '@/domain/calendar';
import { weekDayBit } from '@/domain/hours';
import { LIST_COUNT_CAP, findPriceBand, type NormalizedVenueFilters } from '@/domain/filters';
import type { VenueListQuery } from '@/domain/schemas';
import type { Encoded, VenueListPage as VenueListPageAnswer } from '@/domain/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { venueCounts, venues } from '../../db/schema';
import { JSON_GZIP } from '../../json-gzip';
import {
  decodeCursor,
  decodePriceCursor,
  decodeRatingCursor,
  encodeCursor,
  encodePriceCursor,
  encodeRatingCursor,
} from './cursors';
import { NEWEST_FIRST } from './shared';
import { cardColumns, cardOf, type VenueCard } from './venue-card';

export type VenueListPage = Omit<VenueListPageAnswer, 'venues'> & { venues: VenueCard[] };

/** Best rated first (then most reviewed, then newest), in the order of venues_active_rating_idx. */
const BEST_RATED_FIRST = [
  sql`${venues.rating_average} desc nulls last`,
  sql`${venues.rating_count} desc nulls last`,
  ...NEWEST_FIRST,
];

/** By price (base_price), ties by creation then id, all in the one direction (so a row keyset works). */
const byPriceOrder = (dir: 'asc' | 'desc') =>
  dir === 'asc'
    ? [sql`${venues.base_price} asc`, sql`${venues.created_at} asc`, sql`${venues.id} asc`]
    : [sql`${venues.base_price} desc`, sql`${venues.created_at} desc`, sql`${venues.id} desc`];

/** pg_trgm takes trigrams for LIKE from runs of three or more letters or digits. */
const TRIGRAM_SEARCHABLE = /[\p{L}\p{N}]{3}/u;

/** The expression of venues_grams_idx (migrations 0014, 0020): written exactly so, it is indexed. */
const VENUE_GRAMS = sql`velvet_grams(lower(${venues.name}) || E'\\n' || lower(${venues.city}) || E'\\n' || lower(${venues.address}))`;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * The SQL form of the domain's venueMatches (plus the date filter), on active venues. Without
 * `useShortLocationIndex`, a location of one or two characters is only checked (the index of
 * one- and two-character substrings, venues_grams_idx, is not offered): for a page that walks the
 * order's index, where that index's condition would be computed on every entry.
 */
export function filterConditions(f: NormalizedVenueFilters, { useShortLocationIndex = true } = {}): SQL[] {
  const conditions: SQL[] = [];
  if (f.location) {
    const pattern = `%${escapeLike(f.location)}%`;
    if (f.location.includes('\n')) {
      // A line break could match across place's join of name, city and address: checked on each.
      conditions.push(
        or(ilike(venues.name, pattern), ilike(venues.city, pattern), ilike(venues.address, pattern))!,
      );
    } else if (TRIGRAM_SEARCHABLE.test(f.location)) {
      // In the name, the city or the address, ignoring case: in place (lowercased name, city
      // and address joined by line breaks; migrations 0016, 0020), lowercased the same way
      // (decision 0043).
      conditions.push(sql`${venues.place} like lower(${pattern})`);
    } else {
      // Without three letters or digits in a row the trigram index would return every row
      // (the planner does not know, hence `|| ''`): the index of one- and two-character
      // substrings (venues_grams_idx, decision 0039) finds the candidates, the LIKE decides.
      const text = sql`${venues.place} || '' like lower(${pattern})`;
      conditions.push(
        useShortLocationIndex
          ? sql`(${VENUE_GRAMS} @> velvet_location_grams(lower(${f.location})) and ${text})`
          : text,
      );
    }
  }
  if (f.guests !== undefined) conditions.push(gte(venues.capacity, f.guests));
  if (f.pricingType) conditions.push(eq(venues.pricing_type, f.pricingType));
  if (f.pricing) {
    const band = findPriceBand(f.pricing);
    if (band?.min != null) conditions.push(gt(venues.base_price, band.min));
    if (band?.max != null) conditions.push(lte(venues.base_price, band.max));
  }
  if (f.amenities?.length) {
    // Every amenity asked for (issue 31).
    conditions.push(
      sql`${venues.amenities} @> array[${sql.join(
        f.amenities.map((a) => sql`${a}`),
        sql`, `,
      )}]::text[]`,
    );
  }
  if (f.date) {
    // Open that day (domain/hours.ts openOnDate): a date override decides when there is one; else
    // the weekday must not be closed (its bit in open_days). So the day is open when the weekday is open, unless an
    // override says the opposite: an override (venue, is_available) that flips the weekday is
    // (venue, weekday closed). The date's overrides are read once (venue_availability_date_idx)
    // into one hashed set of (venue, is_available) pairs, looked up per venue.
    const bit = sql.raw(String(weekDayBit(weekDayOf(f.date))));
    const weekdayOpen = sql`((${venues.open_days} & ${bit}) <> 0)`;
    const flipped = sql`((${venues.id}, not ${weekdayOpen}) in (select o.venue_id, o.is_available from venue_availability o where o.date = ${f.date}))`;
    conditions.push(sql`(${weekdayOpen} <> ${flipped})`);
  }
  return conditions;
}

/** Memoizes a value by key (the list cache passes itself; without it every value is computed). */
export type Memo = <T>(key: string, load: () => Promise<T>) => Promise<T>;
const noMemo: Memo = (_key, load) => load();

const filterKey = (f: NormalizedVenueFilters) =>
  JSON.stringify([
    f.location ?? null,
    f.date ?? null,
    f.guests ?? null,
    f.pricingType ?? null,
    f.pricing ?? null,
    f.amenities?.join(',') ?? null,
  ]);

/** How many venues are active: the counter the venues triggers keep (migration 0013). */
export async function activeVenueCount(ctx: AppContext): Promise<number> {
  const [row] = await ctx.db.select({ n: venueCounts.active }).from(venueCounts);
  return row?.n ?? 0;
}

/** How many index entries a page may walk before sorting the matches is the cheaper plan. */
const WALK_BUDGET = 4_000;

/**
 * The two queries of a list page (exported for the query-plan test):
 * - count: the venues matching the filters, counted up to LIST_COUNT_CAP + 1 (so "more than the
 *   cap" is known without counting them all), with the maintained count of all active venues;
 * - page(walk): the page's ids from the index entries alone (an index-only scan), then their
 *   cards. walk = follow the order's index from the cursor, checking the filters on its
 *   entries; otherwise the sort key is written so no index can provide it, and the planner
 *   starts from the filters' own indexes and sorts the (few) matches.
 */
export function listQueries(db: Db, query: VenueListQuery) {
  const { cursor, limit, sort, ...filters } = query;
  const byRating = sort === 'rating';
  const byPrice: 'asc' | 'desc' | null = sort === 'price_asc' ? 'asc' : sort === 'price_desc' ? 'desc' : null;
  const conditions = filterConditions(filters);
  const walkConditions = filterConditions(filters, { useShortLocationIndex: false });
  let keyset: SQL | undefined;
  if (cursor && byPrice) {
    const after = decodePriceCursor(cursor, byPrice);
    const row = sql`(${venues.base_price}, ${venues.created_at}, ${venues.id})`;
    const at = sql`(${after.price}::numeric, ${after.createdAt}::timestamptz, ${after.id}::uuid)`;
    keyset = byPrice === 'asc' ? sql`${row} > ${at}` : sql`${row} < ${at}`;
  } else if (cursor && byRating) {
    const after = decodeRatingCursor(cursor);
    keyset = sql`(${venues.rating_average}, ${venues.rating_count}, ${venues.created_at}, ${venues.id}) < (${after.average}::numeric, ${after.ratingCount}::int, ${after.createdAt}::timestamptz, ${after.id}::uuid)`;
  } else if (cursor) {
    const after = decodeCursor(cursor);
    keyset = sql`(${venues.created_at}, ${venues.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`;
  }
  const matching = conditions.length
    ? sql<number>`(select count(*) from (select 1 from ${venues} where ${and(eq(venues.is_active, true), ...conditions)} limit ${LIST_COUNT_CAP + 1}) m)`
    : sql<number>`null`;
  const order = byPrice ? byPriceOrder(byPrice) : byRating ? BEST_RATED_FIRST : NEWEST_FIRST;
  const sortedMatches = byPrice
    ? order
    : byRating
      ? [sql`${venues.rating_average} + 0 desc nulls last`, ...BEST_RATED_FIRST.slice(1)]
      : [sql`${venues.created_at} + interval '0 seconds' desc nulls last`, NEWEST_FIRST[1]!];
  return {
    filtered: conditions.length > 0,
    byRating,
    byPrice,
    count: db.select({ all: venueCounts.active, matching: matching.mapWith(Number) }).from(venueCounts),
    page: (walk: boolean) =>
      db
        .select(cardColumns)
        .from(venues)
        .where(
          inArray(
            venues.id,
            db
              .select({ id: venues.id })
              .from(venues)
              .where(and(eq(venues.is_active, true), ...(walk ? walkConditions : conditions), keyset))
              .orderBy(...(walk ? order : sortedMatches))
              .limit(limit + 1),
          ),
        )
        .orderBy(...order),
  };
}

/** The counts of a list: all active venues, and the matching ones up to the cap. */
export async function countsOf(q: ReturnType<typeof listQueries>) {
  const [row] = await q.count;
  const all = row?.all ?? 0;
  const n = q.filtered ? (row?.matching ?? 0) : all;
  return { all, total: Math.min(n, LIST_COUNT_CAP), capped: n > LIST_COUNT_CAP };
}

/**
 * Whether the page walks the order's index (else it sorts the matches): walking finds a page
 * after about (limit + 1) × all / matching entries.
 */
export function walksTheOrder(
  filtered: boolean,
  counts: { all: number; total: number; capped: boolean },
  limit: number,
): boolean {
  return !filtered || counts.capped || ((limit + 1) * counts.all) / Math.max(counts.total, 1) <= WALK_BUDGET;
}

const emptyPage = (counts: { all: number; total: number; capped: boolean }): VenueListPage => ({
  venues: [],
  total_count: counts.total,
  total_count_capped: counts.capped,
  all_count: counts.all,
  next_cursor: null,
});

/**
 * One page of active venues matching the filters, newest first (or best rated first), with the
 * counts. The count comes first and chooses the page's plan: when enough venues match, walking
 * the order's index (which carries every filter's column) from the cursor finds a page within a
 * few thousand entries; when few match, the page sorts them, so the planner starts from the
 * filters' own indexes instead of walking the whole order index past rows that do not match —
 * the planner cannot know which, as the filters are correlated (decision 0023). The counts do
 * not depend on the page, so pages share them.
 */
export async function listVenues(
  ctx: AppContext,
  query: VenueListQuery,
  memo: Memo = noMemo,
): Promise<VenueListPage> {
  const { cursor: _cursor, limit, sort: _sort, ...filters } = query;
  const q = listQueries(ctx.db, query);
  const counts = await memo(`counts:${filterKey(filters)}`, () => countsOf(q));
  if (q.filtered && counts.total === 0) return emptyPage(counts);
  // The price orders have no index carrying the filters' columns: their matches are sorted.
  const rows = await q.page(!q.byPrice && walksTheOrder(q.filtered, counts, limit));

  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page.at(-1);
  return {
    venues: page.map(cardOf),
    total_count: counts.total,
    total_count_capped: counts.capped,
    all_count: counts.all,
    next_cursor:
      more && last
        ? q.byPrice
          ? encodePriceCursor(q.byPrice, last.price_key, last.cursor_at, last.id)
          : q.byRating
            ? encodeRatingCursor(last.rating_key, last.rating_count, last.cursor_at, last.id)
            : encodeCursor(last.cursor_at, last.id)
        : null,
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
    this.gzipped ??= new Uint8Array(gzipSync(this.json, JSON_GZIP));
    return this.gzipped;
  }
}

/**
 * The list page, from the cache when possible, else from the index of the active venues, else
 * by SQL (the counts are cached on their own too).
 */
export function listVenuesJson(ctx: AppContext, query: VenueListQuery): Promise<ListPageJson> {
  const cache = ctx.publicReads;
  const key = `page:${filterKey(query)}:${query.sort ?? 'newest'}:${query.cursor ?? ''}:${query.limit}`;
  const memo: Memo = (k, load) => cache.get(k, load);
  return cache.get(key, async () => {
    // The index answers when it can say exactly what the SQL would (decision 0031).
    const fromIndex = cache.enabled ? cache.index?.answer(query) : undefined;
    if (fromIndex !== undefined) return new ListPageJson(fromIndex);
    return new ListPageJson(
      JSON.stringify((await listVenues(ctx, query, memo)) satisfies Encoded<VenueListPageAnswer>),
    );
  });
}
