/** The dashboard tiles of each role (SPEC §2 dashboards) and the home page's venue count. */
import { and, count, eq, sql } from 'drizzle-orm';
import { guestSpentCents } from './payments/summary';
import type { AppContext } from '../context';
import type { Viewer } from '../viewer';
import { bookings, venues } from '../db/schema';
import { venueStateCounts } from './admin-lists';
import { activeVenueCount } from './venues/search';

/**
 * Active venues (the home page): the maintained counter, kept in the public list cache and
 * dropped with it when a venue changes (decision 9).
 */
export async function publicVenueStats(ctx: AppContext) {
  return ctx.publicReads.get('stats', async () => ({
    active_venues: await activeVenueCount(ctx),
  }));
}

/** The host's venues and the confirmed bookings across them. */
export async function hostStats(ctx: AppContext, viewer: Viewer) {
  const [v] = await ctx.db.select({ n: count() }).from(venues).where(eq(venues.host_id, viewer.profile.id));
  const [b] = await ctx.db
    .select({ n: count() })
    .from(bookings)
    .innerJoin(venues, eq(venues.id, bookings.venue_id))
    .where(and(eq(venues.host_id, viewer.profile.id), eq(bookings.status, 'confirmed')));
  return { total_venues: v?.n ?? 0, active_bookings: b?.n ?? 0 };
}

/** The guest's bookings, the confirmed ones, and what those cost. */
export async function guestStats(ctx: AppContext, viewer: Viewer) {
  const [row] = await ctx.db
    .select({
      total: count(),
      confirmed: sql<number>`count(*) filter (where ${bookings.status} = 'confirmed')`.mapWith(Number),
    })
    .from(bookings)
    .where(eq(bookings.user_id, viewer.profile.id));
  // 'Total Spent' is money actually paid: succeeded payments and charges minus refunds (issue 9).
  const spentCents = await guestSpentCents(ctx.db, viewer.profile.id);
  return {
    total_bookings: row?.total ?? 0,
    total_spent: spentCents / 100,
    total_spent_cents: spentCents,
    confirmed_bookings: row?.confirmed ?? 0,
  };
}

/** Everything the admin oversees: venues and bookings, and those waiting for a decision. */
export async function adminStats(ctx: AppContext) {
  // Rejected venues are not waiting for anyone: they are not counted as pending.
  const v = await venueStateCounts(ctx);
  const [b] = await ctx.db
    .select({
      total: count(),
      pending: sql<number>`count(*) filter (where ${bookings.status} = 'pending')`.mapWith(Number),
    })
    .from(bookings);
  return {
    pending_venues: v.pending,
    rejected_venues: v.rejected,
    pending_bookings: b?.pending ?? 0,
    total_venues: v.total,
    total_bookings: b?.total ?? 0,
  };
}
