/**
 * The list answered from the in-process index (decision 0031): the same filters, order, keyset
 * cursor and capped count as the SQL of search.ts, on the entries of venue-index.ts. Returns
 * undefined whenever only the database can say what its SQL would answer.
 */
import { weekDayOf } from '@/domain/calendar';
import { findPriceBand, type VenueListQuery } from '@/domain/filters';
import { weekDayBit } from '@/domain/hours';
import { LIST_COUNT_CAP, decodeCursor, decodeRatingCursor, encodeCursor, encodeRatingCursor } from './search';

/** One active venue as the index keeps it. */
export interface IndexEntry {
  id: string;
  /** A number unique to this entry in its index: its place in the index's location masks. */
  slot: number;
  /** The card as JSON, exactly as the SQL path writes it. */
  card: string;
  /** city and address as the database's lower() gives them (what ILIKE compares). */
  cityLc: string;
  addressLc: string;
  capacity: number;
  pricingType: string;
  basePrice: number;
  openDays: number;
  /** created_at to the microsecond, UTC, fixed width: its text order is its time order. */
  at: string;
  /** rating_average as the database writes it (for the cursor), and in thousandths. */
  ratingKey: string;
  ratingMilli: number;
  ratingCount: number;
}

/** What the answer reads: both orders, and the date overrides (date → venue → is_available). */
export interface IndexView {
  byNewest: readonly IndexEntry[];
  byRating: readonly IndexEntry[];
  overrides: ReadonlyMap<string, ReadonlyMap<string, boolean>>;
  /** The first date whose overrides are loaded. */
  horizon: string;
  /**
   * For a lowered location text: 1 at the slot of every entry whose lowered city or address
   * contains it. Kept per text until an entry changes, so a text asked again is not searched
   * again in every venue's city and address.
   */
  locationMask(needle: string): Uint8Array;
  /** The filter columns of one order (kept until an entry changes). */
  columns(byRating: boolean): OrderColumns;
  /** For a date: at each entry's slot, 0 without an override, 1 open, 2 closed (kept likewise). */
  overrideMask(date: string): Uint8Array;
}

/**
 * The filter columns of the entries of one order, position by position: the filters read these
 * typed arrays in a row instead of 10,000 objects scattered in memory.
 */
export interface OrderColumns {
  capacity: Float64Array;
  price: Float64Array;
  /** PRICING_CODES of the pricing type (0: any other). */
  pricing: Uint8Array;
  days: Int32Array;
  slot: Int32Array;
}

export const PRICING_CODES: Readonly<Record<string, number>> = { hourly_rate: 1, minimum_spend: 2 };

export function columnsOf(list: readonly IndexEntry[]): OrderColumns {
  const n = list.length;
  const c: OrderColumns = {
    capacity: new Float64Array(n),
    price: new Float64Array(n),
    pricing: new Uint8Array(n),
    days: new Int32Array(n),
    slot: new Int32Array(n),
  };
  for (let i = 0; i < n; i++) {
    const e = list[i]!;
    c.capacity[i] = e.capacity;
    c.price[i] = e.basePrice;
    c.pricing[i] = PRICING_CODES[e.pricingType] ?? 0;
    c.days[i] = e.openDays;
    c.slot[i] = e.slot;
  }
  return c;
}

type Key = readonly [number, number, string, string];
const newestKey = (e: IndexEntry): Key => [0, 0, e.at, e.id];
const ratingKey = (e: IndexEntry): Key => [e.ratingMilli, e.ratingCount, e.at, e.id];

/** Descending order of keys: negative when a comes first. */
function compareKeys(a: Key, b: Key): number {
  if (a[0] !== b[0]) return b[0] - a[0];
  if (a[1] !== b[1]) return b[1] - a[1];
  if (a[2] !== b[2]) return a[2] < b[2] ? 1 : -1;
  if (a[3] !== b[3]) return a[3] < b[3] ? 1 : -1;
  return 0;
}

export const compareNewest = (a: IndexEntry, b: IndexEntry) => compareKeys(newestKey(a), newestKey(b));
export const compareRating = (a: IndexEntry, b: IndexEntry) => compareKeys(ratingKey(a), ratingKey(b));

/** The first position whose entry comes after `key` (all before it come first or are equal). */
export function positionAfter(list: readonly IndexEntry[], key: Key, keyOf: (e: IndexEntry) => Key): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareKeys(keyOf(list[mid]!), key) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const INT_MAX = 2_147_483_647;
const ASCII = /^[\x20-\x7e]*$/;
const CURSOR_PARTS = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z$/;

/** Whether PostgreSQL reads the cursor's time as written (a real instant, not normalized). */
function canonicalTime(at: string): boolean {
  const m = CURSOR_PARTS.exec(at);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const t = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return (
    y >= 1 &&
    t.getUTCFullYear() === y &&
    t.getUTCMonth() === mo - 1 &&
    t.getUTCDate() === d &&
    t.getUTCHours() === h &&
    t.getUTCMinutes() === mi &&
    t.getUTCSeconds() === s
  );
}

/** The page as JSON, or undefined when the SQL must answer. Throws the SQL path's cursor errors. */
export function answerFromIndex(view: IndexView, query: VenueListQuery): string | undefined {
  const { cursor, limit, sort, location, guests, pricingType, pricing, date } = query;
  const byRating = sort === 'rating';
  let start: Key | undefined;
  if (cursor && byRating) {
    const c = decodeRatingCursor(cursor);
    if (!canonicalTime(c.createdAt) || c.ratingCount > INT_MAX) return undefined;
    start = [Math.round(Number(c.average) * 1000), c.ratingCount, c.createdAt, c.id];
  } else if (cursor) {
    const c = decodeCursor(cursor);
    if (!canonicalTime(c.createdAt)) return undefined;
    start = [0, 0, c.createdAt, c.id];
  }
  // Letters beyond ASCII are lowered by the database's own rules; a date before the loaded
  // overrides, or a number the database would refuse, is left to the SQL as well.
  if (location !== undefined && !ASCII.test(location)) return undefined;
  if (date !== undefined && date < view.horizon) return undefined;
  if (guests !== undefined && guests > INT_MAX) return undefined;

  const needle = location?.toLowerCase();
  const band = pricing ? findPriceBand(pricing) : undefined;
  const min = band?.min ?? null;
  const max = band?.max ?? null;
  const bit = date ? weekDayBit(weekDayOf(date)) : 0;
  const mask = needle === undefined ? undefined : view.locationMask(needle);
  const dayMask = date ? view.overrideMask(date) : undefined;
  const type = pricingType ? (PRICING_CODES[pricingType] ?? -1) : 0;
  const filtered = [location, guests, pricingType, pricing, date].some((v) => v !== undefined);

  const list = byRating ? view.byRating : view.byNewest;
  const { capacity, price, pricing: pricingOf, days, slot } = view.columns(byRating);
  // The same tests as the SQL's WHERE, on the columns of the entry at position i.
  const matches = (i: number) => {
    if (mask !== undefined && mask[slot[i]!] !== 1) return false;
    if (guests !== undefined && capacity[i]! < guests) return false;
    if (type !== 0 && pricingOf[i] !== type) return false;
    if (min !== null && !(price[i]! > min)) return false;
    if (max !== null && !(price[i]! <= max)) return false;
    if (dayMask !== undefined) {
      const override = dayMask[slot[i]!];
      if (override === 0 ? (days[i]! & bit) === 0 : override === 2) return false;
    }
    return true;
  };
  const keyOf = byRating ? ratingKey : newestKey;
  const from = start ? positionAfter(list, start, keyOf) : 0;
  const page: IndexEntry[] = [];
  let n: number;
  if (!filtered) {
    n = list.length;
    for (let i = from; i < list.length && page.length <= limit; i++) page.push(list[i]!);
  } else {
    n = 0;
    let i = 0;
    while (i < list.length) {
      if (matches(i)) {
        n++;
        if (i >= from && page.length <= limit) page.push(list[i]!);
      }
      i++;
      if (n > LIST_COUNT_CAP) {
        // The count is decided ("100+"): only the page still needs entries, from the cursor on.
        if (page.length > limit) break;
        if (i < from) i = from;
      }
    }
  }
  const more = page.length > limit;
  const shown = more ? page.slice(0, limit) : page;
  const last = shown.at(-1);
  const next =
    more && last
      ? byRating
        ? encodeRatingCursor(last.ratingKey, last.ratingCount, last.at, last.id)
        : encodeCursor(last.at, last.id)
      : null;
  return `{"venues":[${shown.map((e) => e.card).join(',')}],"total_count":${Math.min(n, LIST_COUNT_CAP)},"total_count_capped":${n > LIST_COUNT_CAP},"all_count":${list.length},"next_cursor":${next === null ? 'null' : JSON.stringify(next)}}`;
}
