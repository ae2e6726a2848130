/**
 * The list answered from the in-process index (decision 0031): the same filters, order, keyset
 * cursor and capped count as the SQL of search.ts, on the entries of venue-index.ts. Returns
 * undefined whenever only the database can say what its SQL would answer.
 */
import { weekDayOf } from '@/domain/calendar';
import { LIST_COUNT_CAP, findPriceBand } from '@/domain/filters';
import type { VenueListQuery } from '@/domain/schemas';
import { openOnDate, weekDayBit } from '@/domain/hours';
import { decodeCursor, decodeRatingCursor, encodeCursor, encodeRatingCursor } from './cursors';

/** One active venue as the index keeps it. */
export interface IndexEntry {
  id: string;
  /** The card as JSON, exactly as the SQL path writes it. */
  card: string;
  /** name, city and address as the database's lower() gives them (what ILIKE compares). */
  nameLc: string;
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
   * Filter bitsets, by order and filter value (see `bitsFor`). The index empties it whenever an
   * entry or an override changes, so a bitset is never older than the entries it describes.
   */
  bitsets: Map<string, Uint32Array>;
  /** The location filter's text of each order (see `haystackOf`), emptied with the bitsets. */
  haystacks: Map<string, Haystack>;
}

/**
 * The searchable text of one order's entries as one string — each entry's `name\ncity\naddress`,
 * followed by \0 — and where each entry's text starts. A location is ASCII text without control
 * characters (answerFromIndex leaves any other to the SQL), so a match never spans two entries,
 * nor a city and its address; `indexOf` on one string finds every match at native speed,
 * where testing 100,000 entries one by one took ~8 ms per location (bench at 100k).
 */
export interface Haystack {
  text: string;
  /** starts[i]: the offset of entry i's text; one more at the end (the text's length). */
  starts: Uint32Array;
}

/** Bitsets kept per index (each is a bit per venue: 10,000 venues, 1.25 KB). */
const BITSETS_MAX = 1_024;

/**
 * The positions of `list` (one order) whose entry passes `test`, as a bitset — made once per
 * order and filter value (`key`), then read from the view's bitsets while the entries stay.
 */
function bitsFor(
  view: IndexView,
  list: readonly IndexEntry[],
  key: string,
  test: (e: IndexEntry) => boolean,
): Uint32Array {
  return cachedBitset(view, key, () => {
    const bits = new Uint32Array((list.length + 31) >>> 5);
    for (let i = 0; i < list.length; i++) if (test(list[i]!)) bits[i >>> 5]! |= 1 << (i & 31);
    return bits;
  });
}

/** The bitset of `key` from the view's bitsets, made by `make` when it is not there. */
function cachedBitset(view: IndexView, key: string, make: () => Uint32Array): Uint32Array {
  let bits = view.bitsets.get(key);
  if (bits) return bits;
  bits = make();
  if (view.bitsets.size >= BITSETS_MAX) view.bitsets.delete(view.bitsets.keys().next().value!);
  view.bitsets.set(key, bits);
  return bits;
}

/** The haystack of one order, made once per order while the entries stay. */
function haystackOf(view: IndexView, list: readonly IndexEntry[], order: string): Haystack {
  let hay = view.haystacks.get(order);
  if (hay) return hay;
  const starts = new Uint32Array(list.length + 1);
  const parts: string[] = new Array<string>(list.length);
  let at = 0;
  for (let i = 0; i < list.length; i++) {
    const e = list[i]!;
    starts[i] = at;
    parts[i] = `${e.nameLc}\n${e.cityLc}\n${e.addressLc}\0`;
    at += parts[i]!.length;
  }
  starts[list.length] = at;
  hay = { text: parts.join(''), starts };
  view.haystacks.set(order, hay);
  return hay;
}

/**
 * The positions of `list` whose name, city or address contains `needle` (lowercase ASCII without
 * control characters), as a bitset: every match in the order's haystack, one entry at a time.
 */
function locationBits(view: IndexView, list: readonly IndexEntry[], order: string, needle: string) {
  return cachedBitset(view, `${order} location ${needle}`, () => {
    const bits = new Uint32Array((list.length + 31) >>> 5);
    const { text, starts } = haystackOf(view, list, order);
    let i = 0;
    for (let at = text.indexOf(needle); at !== -1;) {
      // The entry whose text holds `at`: the last start at or before it, from entry i on.
      let lo = i;
      let hi = list.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >>> 1;
        if (starts[mid]! <= at) lo = mid;
        else hi = mid - 1;
      }
      i = lo;
      bits[i >>> 5]! |= 1 << (i & 31);
      if (++i >= list.length) break;
      at = text.indexOf(needle, starts[i]);
    }
    return bits;
  });
}

/** The number of bits set in a 32-bit word. */
function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number;
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
/** Printable ASCII: no control character (the haystack's separators), lowered as the database does. */
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
  // The price orders and the amenities filter are the SQL's alone (the index keeps neither).
  if (sort === 'price_asc' || sort === 'price_desc' || query.amenities !== undefined) return undefined;
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
  const list = byRating ? view.byRating : view.byNewest;
  const order = byRating ? 'rating' : 'newest';

  // One bitset per filter (the SQL's WHERE, term by term), each made once per value and order.
  const sets: Uint32Array[] = [];
  if (needle !== undefined) sets.push(locationBits(view, list, order, needle));
  if (guests !== undefined)
    sets.push(bitsFor(view, list, `${order} guests ${guests}`, (e) => e.capacity >= guests));
  if (pricingType)
    sets.push(bitsFor(view, list, `${order} type ${pricingType}`, (e) => e.pricingType === pricingType));
  if (min !== null || max !== null)
    sets.push(
      bitsFor(
        view,
        list,
        `${order} price ${min} ${max}`,
        (e) => (min === null || e.basePrice > min) && (max === null || e.basePrice <= max),
      ),
    );
  if (date) {
    const bit = weekDayBit(weekDayOf(date));
    const dayOverrides = view.overrides.get(date);
    sets.push(
      bitsFor(view, list, `${order} date ${date}`, (e) =>
        openOnDate((e.openDays & bit) !== 0, dayOverrides?.get(e.id)),
      ),
    );
  }
  const filtered = [location, guests, pricingType, pricing, date].some((v) => v !== undefined);

  const keyOf = byRating ? ratingKey : newestKey;
  const from = start ? positionAfter(list, start, keyOf) : 0;
  const page: IndexEntry[] = [];
  let n: number;
  if (!filtered) {
    n = list.length;
    for (let i = from; i < list.length && page.length <= limit; i++) page.push(list[i]!);
  } else {
    // The venues passing every filter: the count (exact; it is capped when shown) and, from the
    // cursor on, the page and one more (to know whether there is a next page).
    n = 0;
    const words = (list.length + 31) >>> 5;
    for (let w = 0; w < words; w++) {
      let x = sets[0]![w]!;
      for (let k = 1; k < sets.length && x !== 0; k++) x &= sets[k]![w]!;
      if (x === 0) continue;
      n += popcount(x);
      if (page.length > limit || (w + 1) << 5 <= from) continue;
      for (let b = 0; b < 32 && page.length <= limit; b++) {
        const i = (w << 5) + b;
        if ((x & (1 << b)) !== 0 && i >= from) page.push(list[i]!);
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
