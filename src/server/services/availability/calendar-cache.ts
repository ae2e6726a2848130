/**
 * What the calendar of a venue reads from the database — its date overrides and confirmed
 * times over a range — kept in memory per venue and range until that venue changes (decision
 * 0034). "Today" and the venue's zone and hours are not kept here: they are worked out on every
 * request. Part of the public read model (services/venues/public-read-model.ts), which alone calls
 * `changed(id)`: for every venue and booking event of the change feed (a writer's answer waits
 * for its own events, decision 0089). A read that overlapped any change is not kept.
 */
import type { TakenSlot } from '@/domain/contract';
import type { DateOverride } from '@/domain/pricing';

/** Venue and range pairs kept (a month of an ordinary venue is well under 1 KB). */
const CALENDAR_CACHE_MAX_ENTRIES = 20_000;

export interface CachedCalendarRange {
  overrides: DateOverride[];
  taken: TakenSlot[];
}

export class CalendarCache {
  /** `${venueId} ${from} ${to}` → the range's overrides and confirmed times. */
  private readonly entries = new Map<string, CachedCalendarRange>();
  /** venue → its keys in `entries`. */
  private readonly keys = new Map<string, Set<string>>();
  /** Counts changes: a range read across one is not kept. */
  private seq = 0;
  hits = 0;
  misses = 0;

  get version() {
    return this.seq;
  }

  get size() {
    return this.entries.size;
  }

  get(venueId: string, from: string, to: string): CachedCalendarRange | undefined {
    const hit = this.entries.get(`${venueId} ${from} ${to}`);
    if (hit) this.hits++;
    else this.misses++;
    return hit;
  }

  /** Keeps a range read since `version` (from `version`), unless a change came meanwhile. */
  store(venueId: string, from: string, to: string, range: CachedCalendarRange, version: number) {
    if (version !== this.seq) return;
    const key = `${venueId} ${from} ${to}`;
    if (this.entries.size >= CALENDAR_CACHE_MAX_ENTRIES && !this.entries.has(key)) {
      const oldest = this.entries.keys().next().value!;
      this.entries.delete(oldest);
      this.keys.get(oldest.slice(0, oldest.indexOf(' ')))?.delete(oldest);
    }
    this.entries.set(key, range);
    let ofVenue = this.keys.get(venueId);
    if (!ofVenue) this.keys.set(venueId, (ofVenue = new Set()));
    ofVenue.add(key);
  }

  /** A venue's calendar changed (its id), or anything may have (no id). */
  changed(venueId?: string) {
    this.seq++;
    if (venueId === undefined) {
      this.entries.clear();
      this.keys.clear();
      return;
    }
    for (const key of this.keys.get(venueId) ?? []) this.entries.delete(key);
    this.keys.delete(venueId);
  }
}
