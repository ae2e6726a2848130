/**
 * Waitlist reads: the guest's own entries (My Bookings) with where they stand, and the demand
 * per date a venue's host sees on the calendar. Entries whose wished start has passed are
 * expired: never shown, never counted, never told (src/domain/waitlist.ts).
 */
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { canOnVenue } from '@/domain/access';
import { addDaysToDate } from '@/domain/calendar';
import type { WaitlistDemand, WaitlistEntry as WaitlistEntryAnswer } from '@/domain/contract';
import { forbidden, notFound } from '@/domain/errors';
import { venueToday } from '@/domain/instants';
import { demandByDate, isWaitlistEntryCurrent, rangesOverlap, waitlistInstants } from '@/domain/waitlist';
import type { AppContext } from '../../context';
import { viewerRef, type Viewer } from '../../viewer';
import type { DbOrTx } from '../../db/client';
import { venues, waitlistEntries, type WaitlistEntry } from '../../db/schema';
import { VENUE_NOT_FOUND } from '../venues/shared';

/** An entry as the contract's WaitlistEntry, its instants still Dates. */
export type WaitlistEntryView = Omit<WaitlistEntryAnswer, 'notified_at' | 'created_at'> & {
  notified_at: Date | null;
  created_at: Date;
};

const venueColumns = { id: venues.id, name: venues.name, city: venues.city, time_zone: venues.time_zone };

/**
 * The entries as the guest sees them, with their position: 1 + how many current entries of the
 * same venue, joined earlier, wish for an overlapping time. Expired entries are left out.
 */
export async function entryViews(
  db: DbOrTx,
  entries: WaitlistEntry[],
  now: Date,
): Promise<WaitlistEntryView[]> {
  if (entries.length === 0) return [];
  const venueIds = [...new Set(entries.map((e) => e.venue_id))];
  const venueRows = await db.select(venueColumns).from(venues).where(inArray(venues.id, venueIds));
  const venueOf = new Map(venueRows.map((v) => [v.id, v]));
  const earliest = entries.reduce((d, e) => (e.date < d ? e.date : d), entries[0]!.date);
  const others = await db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        inArray(waitlistEntries.venue_id, venueIds),
        gte(waitlistEntries.date, addDaysToDate(earliest, -1)),
      ),
    );
  const views: WaitlistEntryView[] = [];
  for (const e of entries) {
    const venue = venueOf.get(e.venue_id);
    if (!venue || !isWaitlistEntryCurrent(e, venue.time_zone, now)) continue;
    const range = waitlistInstants(e, venue.time_zone)!;
    const ahead = others.filter((o) => {
      if (o.venue_id !== e.venue_id || o.seq >= e.seq) return false;
      const r = waitlistInstants(o, venue.time_zone);
      return r !== null && r.starts_at.getTime() > now.getTime() && rangesOverlap(r, range);
    }).length;
    views.push({
      id: e.id,
      venue_id: e.venue_id,
      date: e.date,
      start_time: e.start_time,
      end_time: e.end_time,
      position: ahead + 1,
      notified_at: e.notified_at,
      created_at: e.created_at,
      venue,
    });
  }
  return views;
}

/** The guest's current entries, soonest first. */
export async function listMyWaitlist(ctx: AppContext, viewer: Viewer): Promise<WaitlistEntryView[]> {
  // Two days' margin: "today" differs between zones; entryViews drops what has begun.
  const since = addDaysToDate(ctx.now().toISOString().slice(0, 10), -2);
  const rows = await ctx.db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.user_id, viewer.profile.id), gte(waitlistEntries.date, since)))
    .orderBy(asc(waitlistEntries.date), asc(waitlistEntries.start_time), asc(waitlistEntries.seq));
  return entryViews(ctx.db, rows, ctx.now());
}

/**
 * How many guests wait on each current date of a venue: its host and the admin (a signed-in
 * stranger gets 403 on an active venue, 404 on any other).
 */
export async function venueWaitlistDemand(
  ctx: AppContext,
  viewer: Viewer,
  venueId: string,
): Promise<WaitlistDemand> {
  const [venue] = await ctx.db
    .select({
      id: venues.id,
      host_id: venues.host_id,
      is_active: venues.is_active,
      time_zone: venues.time_zone,
    })
    .from(venues)
    .where(eq(venues.id, venueId));
  if (!venue || !canOnVenue(viewerRef(viewer), venue, 'read')) throw notFound(VENUE_NOT_FOUND);
  if (!canOnVenue(viewerRef(viewer), venue, 'readWaitlistDemand')) {
    throw forbidden("Only the venue's host can see its waitlist.");
  }
  const today = venueToday(venue, ctx.now());
  const rows = await ctx.db
    .select({
      date: waitlistEntries.date,
      start_time: waitlistEntries.start_time,
      end_time: waitlistEntries.end_time,
    })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.venue_id, venueId), gte(waitlistEntries.date, addDaysToDate(today, -1))));
  const counts = demandByDate(rows, venue.time_zone, ctx.now());
  return {
    venue_id: venueId,
    dates: Object.keys(counts)
      .sort()
      .map((date) => ({ date, guests: counts[date]! })),
  };
}
