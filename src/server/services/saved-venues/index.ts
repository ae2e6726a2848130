/**
 * Saved venues (issue 31): a guest keeps venues to come back to. Only active venues can be
 * saved and only active ones are listed (a venue that leaves the list disappears from it, and
 * comes back if it returns). Each guest sees and changes only their own list.
 */
import { and, desc, eq } from 'drizzle-orm';
import { notFound } from '@/domain/errors';
import type { SavedVenues } from '@/domain/contract';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import { savedVenues, venues } from '../../db/schema';
import { cardColumns, cardOf } from '../venues/venue-card';
import { VENUE_NOT_FOUND } from '../venues/shared';

export async function listSavedVenues(ctx: AppContext, viewer: Viewer): Promise<SavedVenues> {
  const rows = await ctx.db
    .select({ ...cardColumns, saved_at: savedVenues.created_at })
    .from(savedVenues)
    .innerJoin(venues, eq(venues.id, savedVenues.venue_id))
    .where(and(eq(savedVenues.profile_id, viewer.profile.id), eq(venues.is_active, true)))
    .orderBy(desc(savedVenues.created_at), desc(venues.id));
  return {
    venues: rows.map(({ saved_at, ...row }) => ({
      ...cardOf(row),
      created_at: row.created_at.toISOString(),
      saved_at: saved_at.toISOString(),
    })),
  };
}

/** Saves an active venue (saving it again changes nothing). */
export async function saveVenue(ctx: AppContext, viewer: Viewer, venueId: string) {
  const [venue] = await ctx.db
    .select({ id: venues.id })
    .from(venues)
    .where(and(eq(venues.id, venueId), eq(venues.is_active, true)));
  if (!venue) throw notFound(VENUE_NOT_FOUND);
  await ctx.db
    .insert(savedVenues)
    .values({ profile_id: viewer.profile.id, venue_id: venueId, created_at: ctx.now() })
    .onConflictDoNothing();
  return { venue_id: venueId, saved: true as const };
}

/** Removes a venue from the guest's list (one that was not there: nothing to do). */
export async function unsaveVenue(ctx: AppContext, viewer: Viewer, venueId: string) {
  await ctx.db
    .delete(savedVenues)
    .where(and(eq(savedVenues.profile_id, viewer.profile.id), eq(savedVenues.venue_id, venueId)));
  return { venue_id: venueId, saved: false as const };
}
