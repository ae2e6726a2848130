/**
 * Reading venues: one venue in the view the viewer may have, and the host's venues (the admin's
 * paged list is services/admin-lists.ts).
 */
import { eq } from 'drizzle-orm';
import { canOnVenue } from '@/domain/access';
import { notFound } from '@/domain/errors';
import { viewerRef, type AppContext, type Viewer } from '../../context';
import { venues } from '../../db/schema';
import {
  NEWEST_FIRST,
  VENUE_NOT_FOUND,
  fullColumns,
  publicPart,
  withImages,
  type FullVenue,
  type PublicVenue,
} from './shared';

/**
 * A venue by id: every column for its owner and the admin (readPrivate), the public columns for
 * anyone else while it is active, 404 otherwise.
 */
export async function getVenue(
  ctx: AppContext,
  viewer: Viewer | null,
  id: string,
): Promise<PublicVenue | FullVenue> {
  const who = viewerRef(viewer);
  // The public view of an active venue is kept in memory until that venue changes (decision 0031).
  const index = ctx.venueListCache.enabled ? ctx.venueListCache.index : undefined;
  const kept = index?.detail(id);
  if (kept && !canOnVenue(who, kept, 'readPrivate')) return kept;
  const version = index?.version;
  const [row] = await ctx.db.select(fullColumns).from(venues).where(eq(venues.id, id));
  if (!row || !canOnVenue(who, row, 'read')) throw notFound(VENUE_NOT_FOUND);
  if (canOnVenue(who, row, 'readPrivate')) return withImages(row);
  const venue = withImages(publicPart(row));
  if (row.is_active && version !== undefined) index?.storeDetail(id, venue, version);
  return venue;
}

/** The host's own venues, every status, newest first (owner view). */
export async function listHostVenues(ctx: AppContext, viewer: Viewer): Promise<FullVenue[]> {
  const rows = await ctx.db
    .select(fullColumns)
    .from(venues)
    .where(eq(venues.host_id, viewer.profile.id))
    .orderBy(...NEWEST_FIRST);
  return rows.map(withImages);
}
