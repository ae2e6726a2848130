/**
 * The public read model (decision 0089): everything this process keeps to answer the public
 * venue list (pages and counts), the public detail (the venue index's details), the index of the
 * active venues and the calendars' database reads, behind one object on the app context
 * (`ctx.publicReads`, made in runtime.ts). Its only input is the change feed it follows — the
 * triggers' events from every app server, and the feed's gaps; nothing else drops what it keeps.
 * A writer calls nothing here: the request's answer waits for the feed to deliver the write's
 * own events (`ChangeFeed.caughtUp`, one middleware in app.ts), so the writer's next read shows it.
 */
import type { ChangeEvent, ChangeFeed } from '../../adapters/realtime';
import { CalendarCache } from '../availability/calendar-cache';
import type { VenueIndex } from './venue-index';

/** The index as its readers see it: they ask it, they never tell it what changed. */
export type VenueIndexReads = Omit<VenueIndex, 'changed'>;
/** The calendars' reads as their readers see them: kept and found, never dropped by a reader. */
export type CalendarReads = Omit<CalendarCache, 'changed'>;

/**
 * How long a list page (or count) may be reused without a change event: a bound on staleness
 * should an event be lost (a dropped LISTEN connection is re-established, but events during the
 * gap are not replayed). The cache's own setting: its callers do not choose it.
 */
const LIST_TTL_MS = 60_000;
const LIST_CACHE_MAX_ENTRIES = 2_000;

/** Whether a change can alter what the public list shows: a venue that is or was active. */
export const touchesPublicList = (event: ChangeEvent) =>
  event.entity === 'venue' && (event.is_active || event.was_active);

/**
 * Public list pages as ready JSON (and the counts on their own), keyed by the normalized query,
 * with the venue index and the calendars. A page computed while a change landed is not stored
 * (generation check); concurrent misses for one key share one query.
 */
export class PublicReadModel {
  private readonly entries = new Map<string, { value: unknown; expires: number }>();
  private readonly inflight = new Map<string, Promise<unknown>>();
  private generation = 0;
  enabled = true;
  hits = 0;
  misses = 0;
  private venueIndex: VenueIndex | undefined;
  private readonly calendarCache = new CalendarCache();

  constructor(
    private readonly clock: () => number = Date.now,
    private readonly ttlMs = LIST_TTL_MS,
  ) {}

  /** Gives it the index of the active venues that answers list misses (decision 0031). */
  attach(index: VenueIndex) {
    this.venueIndex = index;
  }

  /** The index of the active venues and the public details it keeps, once attached. */
  get index(): VenueIndexReads | undefined {
    return this.venueIndex;
  }

  /** The calendars' database reads, kept per venue and range (decision 0034). */
  get calendars(): CalendarReads {
    return this.calendarCache;
  }

  /**
   * Listens to the change feed — the one input that drops what is kept: every change that
   * touches the public list invalidates, and so does a gap in the feed (events may have been
   * lost: everything is read anew).
   */
  follow(feed: Pick<ChangeFeed, 'subscribe' | 'onGap'>): () => void {
    const unsubscribe = feed.subscribe((event) => {
      if (touchesPublicList(event)) this.invalidate(event.id);
      // A venue that is not public has a calendar too (its owner reads it); a booking's change
      // of status or times changes its venue's confirmed times.
      else if (event.entity === 'venue') this.calendarCache.changed(event.id);
      if (event.entity === 'booking') this.calendarCache.changed(event.venue_id);
    });
    const unGap = feed.onGap(() => this.invalidate());
    return () => {
      unsubscribe();
      unGap();
    };
  }

  /**
   * What a change event does: drops every cached page and count now, and tells the index
   * which venue changed (it reads that venue anew) — or, without an id, that anything may have.
   * Private: only the feed `follow` listens to calls it.
   */
  private invalidate(venueId?: string) {
    this.generation++;
    this.entries.clear();
    this.inflight.clear();
    this.venueIndex?.changed(venueId);
    this.calendarCache.changed(venueId);
  }

  get size() {
    return this.entries.size;
  }

  /** The value stored under `key` (for at most LIST_TTL_MS), or `load()`'s, stored. */
  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.clock()) {
      this.hits++;
      return hit.value as T;
    }
    if (hit) this.entries.delete(key);
    const pending = this.inflight.get(key);
    if (pending) return pending as Promise<T>;
    this.misses++;
    const generation = this.generation;
    const promise: Promise<T> = load().then(
      (value) => {
        if (this.inflight.get(key) === promise) this.inflight.delete(key);
        if (generation === this.generation) {
          if (this.entries.size >= LIST_CACHE_MAX_ENTRIES) {
            const oldest = this.entries.keys().next().value;
            if (oldest !== undefined) this.entries.delete(oldest);
          }
          this.entries.set(key, { value, expires: this.clock() + this.ttlMs });
        }
        return value;
      },
      (err: unknown) => {
        if (this.inflight.get(key) === promise) this.inflight.delete(key);
        throw err;
      },
    );
    this.inflight.set(key, promise);
    return promise;
  }
}
