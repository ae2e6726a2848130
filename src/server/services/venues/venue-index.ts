/**
 * The in-process index of the active venues (decision 0031): their cards, filter and order
 * columns, and the date overrides from two days before today (UTC) on, so the public list is
 * answered without the database. Kept current by `changed(id)` (the public read model forwards
 * every change-feed event, decision 0089): the venue is marked dirty and reloaded
 * alone; while anything is dirty, or a full reload is owed, `answer` declines and the SQL path
 * answers. Also keeps the public detail of recently read venues, dropped by their events.
 *
 * Longer than 300 lines: the load (paged), the per-venue reload, what is derived from the entries
 * (the answer's filter bitsets, decision 0034) and the answer's preconditions share one change
 * count and must be read together to see that no answer comes from a stale entry.
 */
import { and, asc, eq, gt, gte, sql } from 'drizzle-orm';
import { addDaysToDate } from '@/domain/calendar';
import type { VenueListQuery } from '@/domain/schemas';
import type { Db } from '../../db/client';
import { venueAvailability, venues } from '../../db/schema';
import type { Logger } from '../../logger';
import {
  answerFromIndex,
  compareNewest,
  compareRating,
  type Haystack,
  type IndexEntry,
  type IndexView,
} from './index-answer';
import type { PublicVenue } from './shared';
import { cardColumns, cardOf } from './venue-card';

const DETAIL_MAX_ENTRIES = 5_000;
/** After a failed load, how long before the next try (the SQL answers meanwhile). */
const RETRY_MS = 1_000;
/**
 * The safety interval of the full reload, should a change be missed without the feed noticing
 * (config VENUE_INDEX_RELOAD_MINUTES). Known gaps — a feed reconnect, `changed()` without an id —
 * reload at once; this only bounds what nothing reported.
 */
export const FULL_RELOAD_MS = 15 * 60_000;
/**
 * A full load reads the active venues in pages of this many, by id: no one statement runs into
 * the statement timeout (100,000 venues in one read did, on PostgreSQL under load), and on PGlite
 * other requests run between two pages instead of waiting for the whole read.
 */
export const FULL_LOAD_PAGE = 5_000;
/**
 * More venues than this dirty at once (a bulk import or update: one statement, one event per
 * venue) owe one full, paged reload instead of as many one-venue reads.
 */
export const BULK_CHANGE = 64;

const entryColumns = {
  ...cardColumns,
  open_days: venues.open_days,
  name_lc: sql<string>`lower(${venues.name})`,
  city_lc: sql<string>`lower(${venues.city})`,
  address_lc: sql<string>`lower(${venues.address})`,
};

type Loaded = { entry: IndexEntry; dates: Array<[string, boolean]> };

function entryOf({
  open_days,
  name_lc,
  city_lc,
  address_lc,
  ...row
}: Awaited<ReturnType<typeof selectEntries>>[number]) {
  return {
    id: row.id,
    card: JSON.stringify(cardOf(row)),
    nameLc: name_lc,
    cityLc: city_lc,
    addressLc: address_lc,
    capacity: row.capacity,
    pricingType: row.pricing_type,
    basePrice: row.base_price,
    openDays: open_days,
    at: row.cursor_at,
    ratingKey: row.rating_key,
    ratingMilli: Math.round(Number(row.rating_key) * 1000),
    ratingCount: row.rating_count,
  } satisfies IndexEntry;
}

const selectEntries = (db: Db, id?: string) =>
  db
    .select(entryColumns)
    .from(venues)
    .where(and(eq(venues.is_active, true), id === undefined ? undefined : eq(venues.id, id)));

const selectEntryPage = (db: Db, after: string | undefined, limit: number) =>
  db
    .select(entryColumns)
    .from(venues)
    .where(and(eq(venues.is_active, true), after === undefined ? undefined : gt(venues.id, after)))
    .orderBy(asc(venues.id))
    .limit(limit);

const selectOverrides = (db: Db, horizon: string, id?: string) =>
  db
    .select({
      venue_id: venueAvailability.venue_id,
      date: venueAvailability.date,
      is_available: venueAvailability.is_available,
    })
    .from(venueAvailability)
    .innerJoin(venues, eq(venues.id, venueAvailability.venue_id))
    .where(
      and(
        eq(venues.is_active, true),
        gte(venueAvailability.date, horizon),
        id === undefined ? undefined : eq(venues.id, id),
      ),
    );

function insertSorted(list: IndexEntry[], e: IndexEntry, compare: (a: IndexEntry, b: IndexEntry) => number) {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(list[mid]!, e) < 0) lo = mid + 1;
    else hi = mid;
  }
  list.splice(lo, 0, e);
}

function removeSorted(list: IndexEntry[], e: IndexEntry, compare: (a: IndexEntry, b: IndexEntry) => number) {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(list[mid]!, e) < 0) lo = mid + 1;
    else hi = mid;
  }
  if (list[lo]?.id === e.id) list.splice(lo, 1);
}

export class VenueIndex implements IndexView {
  byNewest: IndexEntry[] = [];
  byRating: IndexEntry[] = [];
  overrides = new Map<string, Map<string, boolean>>();
  horizon = '9999-12-31';
  private entries = new Map<string, IndexEntry>();
  private overrideDates = new Map<string, string[]>();
  private ready = false;
  private loadedAt = -Infinity;
  private failedAt = -Infinity;
  /** Counts changes; a full reload answers for the changes up to the count at its start. */
  private seq = 0;
  /** The change count at which a full reload became owed: a load installed from before it is stale. */
  private fullLoadOwedAt = 0;
  private installedAt = 0;
  private fullLoading = false;
  /** Venues changed since their entry was read: venue → the count at its last change. */
  private readonly dirty = new Map<string, number>();
  /** Every venue changed while a full load runs → the count at its last change (re-read after it). */
  private readonly changedDuringLoad = new Map<string, number>();
  private readonly reloading = new Set<string>();
  private readonly details = new Map<string, PublicVenue>();
  /** The answer's filter bitsets (IndexView), dropped whenever an entry or an override changes. */
  readonly bitsets = new Map<string, Uint32Array>();
  /** The location filter's text of each order (IndexView), dropped with the bitsets. */
  readonly haystacks = new Map<string, Haystack>();
  answered = 0;
  declined = 0;
  detailHits = 0;
  detailMisses = 0;

  /** Full reloads completed (tests). */
  fullLoads = 0;
  /** Venues read per statement of a full load (tests make it small). */
  loadPageSize = FULL_LOAD_PAGE;
  /** How many venues may be dirty before a full reload is owed instead (tests make it small). */
  bulkChange = BULK_CHANGE;
  /** One-venue reads done (tests). */
  venueReads = 0;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly clock: () => number = Date.now,
    private readonly fullReloadMs = FULL_RELOAD_MS,
  ) {}

  get size() {
    return this.entries.size;
  }

  /** For the metrics: venues held, and whether a list is answered from memory right now. */
  get state() {
    const current =
      this.ready &&
      this.dirty.size === 0 &&
      this.installedAt >= this.fullLoadOwedAt &&
      this.clock() - this.loadedAt <= this.fullReloadMs;
    return { size: this.entries.size, current };
  }

  /** The list page as JSON, or undefined when the SQL must answer (and loads what is owed). */
  answer(query: VenueListQuery): string | undefined {
    const now = this.clock();
    const owed =
      !this.ready || this.installedAt < this.fullLoadOwedAt || now - this.loadedAt > this.fullReloadMs;
    if (owed && !this.fullLoading && now - this.failedAt > RETRY_MS) void this.loadAll();
    const json =
      this.ready && this.dirty.size === 0 && this.installedAt >= this.fullLoadOwedAt
        ? answerFromIndex(this, query)
        : undefined;
    if (json === undefined) this.declined++;
    else this.answered++;
    return json;
  }

  /** A venue changed (its id), or anything may have (no id): from now on it is read anew. */
  changed(id?: string) {
    this.seq++;
    if (id === undefined) {
      this.details.clear();
      this.fullLoadOwedAt = this.seq;
      return;
    }
    this.details.delete(id);
    if (this.fullLoading) this.changedDuringLoad.set(id, this.seq);
    if (!this.ready && !this.fullLoading) return; // nothing loaded that could be stale
    this.dirty.set(id, this.seq);
    if (!this.ready || this.installedAt < this.fullLoadOwedAt) return; // the owed full load reads it
    if (this.dirty.size > this.bulkChange) {
      this.owesFullLoad();
      return;
    }
    void this.reload(id);
  }

  /**
   * A bulk change: one full (paged) reload answers for every change so far. The dirty venues stay
   * marked (the index declines) until a load that started after their change is installed.
   */
  private owesFullLoad() {
    this.fullLoadOwedAt = this.seq;
  }

  /** Waits until nothing is dirty or loading (tests and the bench). */
  async settled(): Promise<void> {
    while (this.fullLoading || this.reloading.size > 0) await new Promise((r) => setTimeout(r, 5));
  }

  private async reload(id: string) {
    if (this.reloading.has(id)) return; // the running reload reads again if its count moved
    this.reloading.add(id);
    try {
      for (;;) {
        const version = this.dirty.get(id);
        if (version === undefined) return;
        this.venueReads++;
        const [row] = await selectEntries(this.db, id);
        const dates = row ? await selectOverrides(this.db, this.horizon, id) : [];
        if (this.dirty.get(id) !== version) continue;
        this.apply(id, row && { entry: entryOf(row), dates: dates.map((o) => [o.date, o.is_available]) });
        this.dirty.delete(id);
        return;
      }
    } catch (err) {
      this.log.warn({ err, venue: id }, 'venue index: reload failed; the list is answered by SQL');
      this.failedAt = this.clock();
      this.fullLoadOwedAt = this.seq;
    } finally {
      this.reloading.delete(id);
    }
  }

  private apply(id: string, fresh: Loaded | undefined) {
    this.dropDerived();
    const old = this.entries.get(id);
    if (old) {
      removeSorted(this.byNewest, old, compareNewest);
      removeSorted(this.byRating, old, compareRating);
      this.entries.delete(id);
    }
    for (const date of this.overrideDates.get(id) ?? []) this.overrides.get(date)?.delete(id);
    this.overrideDates.delete(id);
    if (!fresh) return;
    insertSorted(this.byNewest, fresh.entry, compareNewest);
    insertSorted(this.byRating, fresh.entry, compareRating);
    this.entries.set(id, fresh.entry);
    this.setOverrides(this.overrides, this.overrideDates, id, fresh.dates);
  }

  private setOverrides(
    byDate: Map<string, Map<string, boolean>>,
    byVenue: Map<string, string[]>,
    id: string,
    dates: Array<[string, boolean]>,
  ) {
    if (dates.length === 0) return;
    byVenue.set(
      id,
      dates.map(([date, available]) => {
        let day = byDate.get(date);
        if (!day) byDate.set(date, (day = new Map()));
        day.set(id, available);
        return date;
      }),
    );
  }

  private async loadAll() {
    this.fullLoading = true;
    const startedSeq = this.seq;
    const started = this.clock();
    const horizon = addDaysToDate(new Date(started).toISOString().slice(0, 10), -2);
    try {
      // Read in pages: a venue changed after its page was read is re-read after the load, like
      // any venue changed during it (its change counts past startedSeq).
      const entries = new Map<string, IndexEntry>();
      for (let after: string | undefined; ;) {
        const page = await selectEntryPage(this.db, after, this.loadPageSize);
        for (const row of page) entries.set(row.id, entryOf(row));
        if (page.length < this.loadPageSize) break;
        after = page.at(-1)!.id;
      }
      const dates = await selectOverrides(this.db, horizon);
      const byDate = new Map<string, Map<string, boolean>>();
      const byVenue = new Map<string, string[]>();
      const perVenue = new Map<string, Array<[string, boolean]>>();
      for (const o of dates) {
        const list = perVenue.get(o.venue_id) ?? [];
        list.push([o.date, o.is_available]);
        perVenue.set(o.venue_id, list);
      }
      for (const [id, list] of perVenue) this.setOverrides(byDate, byVenue, id, list);
      this.entries = entries;
      this.dropDerived();
      this.byNewest = [...entries.values()].sort(compareNewest);
      this.byRating = [...entries.values()].sort(compareRating);
      this.overrides = byDate;
      this.overrideDates = byVenue;
      this.horizon = horizon;
      this.ready = true;
      this.loadedAt = started;
      this.installedAt = startedSeq;
      this.fullLoads++;
      // Changes seen before the load started are in it; later ones are read again, even those
      // whose own reload already ended (the snapshot may predate them).
      for (const [id, at] of this.changedDuringLoad) if (at > startedSeq) this.dirty.set(id, at);
      for (const [id, at] of this.dirty)
        if (at <= startedSeq && !this.reloading.has(id)) this.dirty.delete(id);
      // What changed during the load is read again: one by one, or (a bulk change) in another
      // full load.
      if (this.dirty.size > this.bulkChange) this.owesFullLoad();
      else for (const id of this.dirty.keys()) void this.reload(id);
    } catch (err) {
      this.log.warn({ err }, 'venue index: load failed; the list is answered by SQL');
      this.failedAt = this.clock();
    } finally {
      this.fullLoading = false;
      this.changedDuringLoad.clear();
    }
  }

  /**
   * Drops what is derived from the entries (the filter bitsets, the location text): an entry or
   * an override changed.
   */
  private dropDerived() {
    this.bitsets.clear();
    this.haystacks.clear();
  }

  /* ---------- the public detail ---------- */

  /** The change count, to hand back to storeDetail (a detail read across a change is not kept). */
  get version() {
    return this.seq;
  }

  detail(id: string): PublicVenue | undefined {
    const hit = this.details.get(id);
    if (hit) this.detailHits++;
    else this.detailMisses++;
    return hit;
  }

  /** The kept public detail, if any, without counting it as a detail answer (availability). */
  peekDetail(id: string): PublicVenue | undefined {
    return this.details.get(id);
  }

  storeDetail(id: string, venue: PublicVenue, version: number) {
    if (version !== this.seq) return;
    if (this.details.size >= DETAIL_MAX_ENTRIES) {
      const oldest = this.details.keys().next().value;
      if (oldest !== undefined) this.details.delete(oldest);
    }
    this.details.set(id, venue);
  }
}
